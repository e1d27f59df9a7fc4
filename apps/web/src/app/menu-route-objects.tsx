import { Navigate, matchPath, type RouteObject } from 'react-router';
import { prefetchPageData, type PageData } from '../shared/list-page/page-data';
import { flattenRoutes, type MenuRoute } from '../shared/menu/menu-routes';
import { storage } from '../shared/storage/storage';
import { MENU_PAGES, SESSION_TTL_MS } from '../shared/storage/storage-keys';
import { loadChunk } from '../shared/ui/chunk-load';
import { RouteErrorPage } from '../features/exception/route-error-page';
import { IFRAME_COMPONENT, findPage, findPageData, isLayoutComponent, type PageLoader } from './page-registry';
import { queryClient } from './query-client';
import type { RouteHandle } from '../shared/menu/route-handle';

/** 页面尚未提供 (antd Result): its script loads only when such an entry is opened. */
const missingPage = (component: string): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const { PageMissingPage } = await loadChunk(() => import('../features/exception/page-missing-page'));
    return { element: <PageMissingPage component={component} /> };
  },
});

/**
 * A page's route loader: what the page asks for as it mounts (a list's first rows, its dictionaries
 * and table settings) is asked for while the page's script loads. Runs when the route is entered, not
 * again for its own URL changes (paging, search: the page asks for those), and waits for nothing.
 */
function pageDataLoader(data: PageData): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: ({ request }) => {
      prefetchPageData(queryClient, data, new URL(request.url));
      return null;
    },
    shouldRevalidate: () => false,
  };
}

function firstVisibleChild(route: MenuRoute): string | undefined {
  return route.children.find((c) => !c.hidden)?.path;
}

function toRouteObject(route: MenuRoute): RouteObject {
  const handle: RouteHandle = {
    title: route.meta.title,
    menuPath: route.path,
    url: route.meta.url,
    keepAlive: route.meta.keepAlive,
  };
  const base = { id: `menu:${route.path}`, path: route.path, handle, ErrorBoundary: RouteErrorPage };
  if (route.redirect && route.redirect !== route.path) {
    return { ...base, element: <Navigate to={route.redirect} replace /> };
  }
  if (isLayoutComponent(route.component)) {
    const child = firstVisibleChild(route);
    return child
      ? { ...base, element: <Navigate to={child} replace /> }
      : { ...base, ...missingPage(route.component || route.path) };
  }
  if (route.component === IFRAME_COMPONENT) {
    return {
      ...base,
      lazy: async () => ({ Component: (await loadChunk(() => import('../features/exception/iframe-page'))).default }),
    };
  }
  const page = findPage(route.component);
  if (!page) return { ...base, ...missingPage(route.component) };
  const data = findPageData(route.component);
  pages.set(route.path, { page, data, component: route.component });
  return {
    ...base,
    ...(data && pageDataLoader(data)),
    lazy: async () => ({ Component: (await loadChunk(page)).default }),
  };
}

const installed = new Set<string>();
/** The installed menu paths with a page: its script and its first requests. */
const pages = new Map<string, { page: PageLoader; data?: PageData; component: string }>();

/**
 * Starts what the menu page at `url` needs (its script, its first requests) before the router
 * gets there: after the first menu load the guard redirects to the same URL, and the router enters
 * the page only once the frame's scripts are in.
 */
export function preloadMenuPage(url: URL): void {
  for (const [path, { page, data }] of pages) {
    if (!matchPath(path, url.pathname)) continue;
    void loadChunk(page).catch(() => undefined);
    if (data) prefetchPageData(queryClient, data, url);
    return;
  }
}

/** Route objects for menu routes not registered yet (each path once). */
export function newRouteObjects(routes: MenuRoute[]): RouteObject[] {
  const out: RouteObject[] = [];
  for (const route of flattenRoutes(routes)) {
    if (!route.path.startsWith('/') || installed.has(route.path)) continue;
    installed.add(route.path);
    out.push(toRouteObject(route));
  }
  const withData = [...pages].filter(([, p]) => p.data).map(([path, p]) => [path, p.component]);
  storage.set(MENU_PAGES, Object.fromEntries(withData), SESSION_TTL_MS);
  return out;
}

/**
 * App start with a stored session, before the menu has loaded: the page the last menu had at `url`
 * (its path, without parameters) gets its script and first requests started now, beside the
 * permission request. The menu decides afterwards: a page it no longer grants is not shown, and the
 * data asked for meanwhile is only left in the cache.
 */
export function preloadRememberedPage(url: URL): void {
  const component = storage.get<Record<string, string>>(MENU_PAGES)?.[url.pathname];
  if (typeof component !== 'string') return;
  const page = findPage(component);
  const data = findPageData(component);
  if (page) void loadChunk(page).catch(() => undefined);
  if (data) prefetchPageData(queryClient, data, url);
}
