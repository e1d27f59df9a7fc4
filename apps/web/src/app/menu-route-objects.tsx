import { Navigate, matchPath, type RouteObject } from 'react-router';
import { prefetchListRows, type ListSource } from '../shared/list-page/list-prefetch';
import { flattenRoutes, type MenuRoute } from '../shared/menu/menu-routes';
import { loadChunk } from '../shared/ui/chunk-load';
import { RouteErrorPage } from '../features/exception/route-error-page';
import { IFRAME_COMPONENT, findListSource, findPage, isLayoutComponent, type PageLoader } from './page-registry';
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
 * A list page's route loader: its first rows are asked for while the page's script loads (not after
 * the page has mounted). Runs when the route is entered, not again for its own URL changes (paging,
 * search: the page asks for those), and waits for nothing.
 */
function listRowsLoader(source: ListSource): Pick<RouteObject, 'loader' | 'shouldRevalidate'> {
  return {
    loader: ({ request }) => {
      prefetchListRows(queryClient, source, new URL(request.url));
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
  const source = findListSource(route.component);
  pages.set(route.path, { page, source });
  return {
    ...base,
    ...(source && listRowsLoader(source)),
    lazy: async () => ({ Component: (await loadChunk(page)).default }),
  };
}

const installed = new Set<string>();
/** The installed menu paths with a page: its script and, for a list page, its list call. */
const pages = new Map<string, { page: PageLoader; source?: ListSource }>();

/**
 * Starts what the menu page at `url` needs (its script, a list page's first rows) before the router
 * gets there: after the first menu load the guard redirects to the same URL, and the router enters
 * the page only once the frame's scripts are in.
 */
export function preloadMenuPage(url: URL): void {
  for (const [path, { page, source }] of pages) {
    if (!matchPath(path, url.pathname)) continue;
    void loadChunk(page).catch(() => undefined);
    if (source) prefetchListRows(queryClient, source, url);
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
  return out;
}
