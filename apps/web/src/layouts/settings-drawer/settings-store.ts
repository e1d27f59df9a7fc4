import { create } from 'zustand';
import { storage } from '../../shared/storage/storage';
import {
  DEFAULT_COLOR,
  DEFAULT_COLOR_WEAK,
  DEFAULT_CONTENT_WIDTH_TYPE,
  DEFAULT_DARK_MODE,
  DEFAULT_FIXED_HEADER,
  DEFAULT_FIXED_HEADER_HIDDEN,
  DEFAULT_FIXED_SIDEMENU,
  DEFAULT_LAYOUT_MODE,
  DEFAULT_MULTI_PAGE,
  DEFAULT_THEME,
} from '../../shared/storage/storage-keys';
import { applySettingChange, DEFAULT_SETTINGS, sanitizeSettings, type LayoutSettings } from './settings-rules';

/** Which storage key (SPEC section 3) holds each setting. */
export const SETTING_KEYS: Record<keyof LayoutSettings, string> = {
  primaryColor: DEFAULT_COLOR,
  navTheme: DEFAULT_THEME,
  layout: DEFAULT_LAYOUT_MODE,
  contentWidth: DEFAULT_CONTENT_WIDTH_TYPE,
  fixedHeader: DEFAULT_FIXED_HEADER,
  autoHideHeader: DEFAULT_FIXED_HEADER_HIDDEN,
  fixSiderbar: DEFAULT_FIXED_SIDEMENU,
  colorWeak: DEFAULT_COLOR_WEAK,
  multipage: DEFAULT_MULTI_PAGE,
  darkMode: DEFAULT_DARK_MODE,
};

export function loadSettings(): LayoutSettings {
  const raw: Partial<Record<keyof LayoutSettings, unknown>> = {};
  for (const [field, key] of Object.entries(SETTING_KEYS) as Array<[keyof LayoutSettings, string]>) {
    raw[field] = storage.get<unknown>(key);
  }
  return sanitizeSettings(raw);
}

type SettingsStore = LayoutSettings & {
  update: (change: Partial<LayoutSettings>) => void;
  reset: () => void;
};

function persist(prev: LayoutSettings, next: LayoutSettings) {
  for (const [field, key] of Object.entries(SETTING_KEYS) as Array<[keyof LayoutSettings, string]>) {
    if (prev[field] !== next[field]) storage.set(key, next[field]);
  }
}

function settingsOf(s: SettingsStore): LayoutSettings {
  const { update: _u, reset: _r, ...rest } = s;
  return rest;
}

/**
 * The settings drawer's state. SPEC: the store starts with multipage true, then reads the
 * stored values (default false) before anything renders.
 */
const INITIAL: LayoutSettings = { ...DEFAULT_SETTINGS, multipage: true };

export const useSettings = create<SettingsStore>()((set, get) => ({
  ...INITIAL,
  ...loadSettings(),
  update(change) {
    const prev = settingsOf(get());
    const next = applySettingChange(prev, change);
    persist(prev, next);
    set(next);
  },
  reset() {
    const prev = settingsOf(get());
    persist(prev, DEFAULT_SETTINGS);
    set(DEFAULT_SETTINGS);
  },
}));
