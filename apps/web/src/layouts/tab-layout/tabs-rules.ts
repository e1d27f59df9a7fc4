import { HOME_PATH } from '../../shared/config/runtime-config';

/** A page tab, keyed by the full path (path + search). */
export type PageTab = { key: string; title: string };
export type TabsState = { tabs: PageTab[]; active: string };
export type TabsResult = { state: TabsState; warning?: string };

export const HOME_TAB: PageTab = { key: HOME_PATH, title: '首页' };
export const MSG_HOME_CLOSE = '首页不能关闭！';
export const MSG_LAST_TAB = '这是最后一页，不能再关闭了啦';

export const isHome = (key: string) => key === HOME_TAB.key;

export function initialTabs(): TabsState {
  return { tabs: [HOME_TAB], active: HOME_TAB.key };
}

/** Opens (or activates) a tab; a known tab keeps its place and gets the newer title. */
export function openTab(s: TabsState, tab: PageTab): TabsState {
  const i = s.tabs.findIndex((t) => t.key === tab.key);
  if (i >= 0) {
    const tabs = s.tabs[i].title === tab.title ? s.tabs : s.tabs.map((t, j) => (j === i ? tab : t));
    return { tabs, active: tab.key };
  }
  return { tabs: [...s.tabs, tab], active: tab.key };
}

/** The active tab's URL changed in place (same page, replaced query): rename it. */
export function renameActive(s: TabsState, tab: PageTab): TabsState {
  if (s.tabs.some((t) => t.key === tab.key)) return openTab(s, tab);
  if (isHome(s.active)) return openTab(s, tab);
  return { tabs: s.tabs.map((t) => (t.key === s.active ? tab : t)), active: tab.key };
}

function keepActive(s: TabsState, tabs: PageTab[], fallback: string): TabsState {
  return { tabs, active: tabs.some((t) => t.key === s.active) ? s.active : fallback };
}

/**
 * Closes one tab: never the last tab (这是最后一页…), never the home tab (首页不能关闭！). The home tab
 * shows no close icon; the refusals guard any other way in (a stale key, the keyboard).
 */
export function closeTab(s: TabsState, key: string): TabsResult {
  if (s.tabs.length <= 1) return { state: s, warning: MSG_LAST_TAB };
  if (isHome(key)) return { state: s, warning: MSG_HOME_CLOSE };
  const i = s.tabs.findIndex((t) => t.key === key);
  if (i < 0) return { state: s };
  const tabs = s.tabs.filter((t) => t.key !== key);
  const neighbour = tabs[Math.min(i, tabs.length - 1)] ?? tabs[tabs.length - 1];
  return { state: keepActive(s, tabs, s.active === key ? (s.tabs[i - 1] ?? neighbour).key : s.active) };
}

function withHome(tabs: PageTab[], all: PageTab[]): PageTab[] {
  const home = all.find((t) => isHome(t.key));
  return home && !tabs.includes(home) ? [home, ...tabs] : tabs;
}

/** 关闭左侧: tabs left of `key` go, the home tab stays. */
export function closeLeft(s: TabsState, key: string): TabsState {
  const i = s.tabs.findIndex((t) => t.key === key);
  if (i < 0) return s;
  return keepActive(s, withHome(s.tabs.slice(i), s.tabs), key);
}

/** 关闭右侧: tabs right of `key` go, the home tab stays. */
export function closeRight(s: TabsState, key: string): TabsState {
  const i = s.tabs.findIndex((t) => t.key === key);
  if (i < 0) return s;
  return keepActive(s, withHome(s.tabs.slice(0, i + 1), s.tabs), key);
}

/** 关闭其它: only `key` and the home tab stay. */
export function closeOthers(s: TabsState, key: string): TabsState {
  const tab = s.tabs.find((t) => t.key === key);
  if (!tab) return s;
  return keepActive(s, withHome([tab], s.tabs), key);
}

/** 关闭全部: only the home tab stays. */
export function closeAll(s: TabsState): TabsState {
  return { tabs: [s.tabs.find((t) => isHome(t.key)) ?? HOME_TAB], active: HOME_TAB.key };
}

/** The entries of a tab's right-click menu. */
export type TabMenuAction = 'refresh' | 'closeLeft' | 'closeRight' | 'closeOthers' | 'closeAll';

/** Which menu entries of the tab `key` would do something (the others are shown disabled). */
export function menuState(s: TabsState, key: string): Record<TabMenuAction, boolean> {
  const i = s.tabs.findIndex((t) => t.key === key);
  const closable = (t: PageTab) => !isHome(t.key) && t.key !== key;
  return {
    refresh: i >= 0,
    closeLeft: s.tabs.slice(0, Math.max(i, 0)).some(closable),
    closeRight: i >= 0 && s.tabs.slice(i + 1).some(closable),
    closeOthers: i >= 0 && s.tabs.some(closable),
    closeAll: s.tabs.some((t) => !isHome(t.key)),
  };
}
