import type { ReactNode } from 'react';
import { NavigationType, type Location } from 'react-router';

/**
 * One kept page: a stable id (its React key), what it renders, and the location (and how it was
 * reached) it saw on its last navigation.
 */
export type CachedPage = {
  key: string;
  id: number;
  element: ReactNode;
  location: Location;
  navigationType: NavigationType;
};
export type PageCache = { pages: CachedPage[]; active: string | null; nextId: number };

export const EMPTY_CACHE: PageCache = { pages: [], active: null, nextId: 1 };

type Visit = {
  activeKey: string;
  element: ReactNode;
  location: Location;
  navigationType: NavigationType;
  /** Keys of the open tabs: other pages are dropped. */
  keys: string[];
};

const pathOf = (key: string) => key.split('?')[0];

/**
 * The next cache after a render; the same object when nothing changed. A page that replaces
 * its own query (same path) keeps its id, so it stays the same mounted page.
 */
export function reconcileCache(cache: PageCache, v: Visit): PageCache {
  let { pages, nextId } = cache;
  const found = pages.find((p) => p.key === v.activeKey);
  if (!found) {
    const prev = cache.active;
    const renamed =
      v.navigationType === NavigationType.Replace &&
      prev &&
      prev !== v.activeKey &&
      pathOf(prev) === pathOf(v.activeKey)
        ? pages.find((p) => p.key === prev)
        : undefined;
    const page = {
      key: v.activeKey,
      id: renamed?.id ?? nextId,
      element: v.element,
      location: v.location,
      navigationType: v.navigationType,
    };
    if (!renamed) nextId += 1;
    pages = renamed ? pages.map((p) => (p === renamed ? page : p)) : [...pages, page];
  } else if (found.location.key !== v.location.key) {
    pages = pages.map((p) =>
      p === found ? { ...p, element: v.element, location: v.location, navigationType: v.navigationType } : p,
    );
  }
  const kept = pages.filter((p) => p.key === v.activeKey || v.keys.includes(p.key));
  if (kept.length !== pages.length) pages = kept;
  if (pages === cache.pages && cache.active === v.activeKey) return cache;
  return { pages, active: v.activeKey, nextId };
}
