import { create } from 'zustand';
import { tabStorage } from '../../shared/storage/storage';
import { MULTI_PAGE_TABS } from '../../shared/storage/storage-keys';
import * as rules from './tabs-rules';

type TabsStore = rules.TabsState & {
  open(tab: rules.PageTab): void;
  renameActive(tab: rules.PageTab): void;
  /** Returns the warning when the tab may not close. */
  close(key: string): string | undefined;
  closeLeft(key: string): void;
  closeRight(key: string): void;
  closeOthers(key: string): void;
  closeAll(): void;
};

function restore(): rules.TabsState {
  const saved = tabStorage.get<rules.TabsState>(MULTI_PAGE_TABS);
  if (
    !saved ||
    !Array.isArray(saved.tabs) ||
    !saved.tabs.every((t) => typeof t?.key === 'string' && typeof t.title === 'string')
  ) {
    return rules.initialTabs();
  }
  const tabs = saved.tabs.some((t) => rules.isHome(t.key)) ? saved.tabs : [rules.HOME_TAB, ...saved.tabs];
  return { tabs, active: typeof saved.active === 'string' ? saved.active : rules.HOME_TAB.key };
}

/** Open tabs of this browser tab; kept in session storage so F5 keeps them. */
export const useTabs = create<TabsStore>()((set, get) => {
  const apply = (state: rules.TabsState) => {
    tabStorage.set(MULTI_PAGE_TABS, state);
    set(state);
  };
  const current = (): rules.TabsState => ({ tabs: get().tabs, active: get().active });
  return {
    ...restore(),
    open: (tab) => apply(rules.openTab(current(), tab)),
    renameActive: (tab) => apply(rules.renameActive(current(), tab)),
    close(key) {
      const { state, warning } = rules.closeTab(current(), key);
      if (!warning) apply(state);
      return warning;
    },
    closeLeft: (key) => apply(rules.closeLeft(current(), key)),
    closeRight: (key) => apply(rules.closeRight(current(), key)),
    closeOthers: (key) => apply(rules.closeOthers(current(), key)),
    closeAll: () => apply(rules.closeAll(current())),
  };
});
