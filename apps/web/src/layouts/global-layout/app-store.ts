import { create } from 'zustand';
import { storage } from '../../shared/storage/storage';
import { SIDEBAR_TYPE } from '../../shared/storage/storage-keys';
import { viewportState, type Device } from './viewport-rules';

type AppState = {
  device: Device;
  /** The user's own choice (SIDEBAR_TYPE); the viewport may still force it collapsed. */
  sidebarOpened: boolean;
  /** Collapsed because the window is narrow (under 1088 px). */
  forceCollapsed: boolean;
  /** The drawer menu on mobile. */
  mobileMenuOpen: boolean;
  toggleSidebar: () => void;
  setMobileMenuOpen: (open: boolean) => void;
  applyWidth: (width: number) => void;
};

/** The first frame already fits the window (a phone does not first draw the desktop header). */
const initial = viewportState(typeof window === 'undefined' ? Number.POSITIVE_INFINITY : window.innerWidth);

export const useAppStore = create<AppState>()((set, get) => ({
  device: initial.device,
  sidebarOpened: storage.get<boolean>(SIDEBAR_TYPE, true) !== false,
  forceCollapsed: initial.forceCollapsed,
  mobileMenuOpen: false,
  toggleSidebar() {
    const { device, forceCollapsed, sidebarOpened } = get();
    if (device === 'mobile') {
      set({ mobileMenuOpen: !get().mobileMenuOpen });
      return;
    }
    const open = forceCollapsed ? true : !sidebarOpened;
    storage.set(SIDEBAR_TYPE, open);
    set({ sidebarOpened: open, forceCollapsed: false });
  },
  setMobileMenuOpen(open) {
    set({ mobileMenuOpen: open });
  },
  applyWidth(width) {
    const next = viewportState(width);
    const prev = get();
    if (prev.device === next.device && prev.forceCollapsed === next.forceCollapsed) return;
    set({
      device: next.device,
      forceCollapsed: next.forceCollapsed,
      mobileMenuOpen: next.device === 'mobile' ? prev.mobileMenuOpen : false,
    });
  },
}));

/** Whether the side menu shows collapsed now. */
export function selectCollapsed(s: AppState): boolean {
  return s.forceCollapsed || !s.sidebarOpened;
}
