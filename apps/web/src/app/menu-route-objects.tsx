import { Navigate, type RouteObject } from 'react-router';
import { flattenRoutes, type MenuRoute } from '../shared/menu/menu-routes';
import { loadChunk } from '../shared/ui/chunk-load';
import { RouteErrorPage } from '../features/exception/route-error-page';
import { IFRAME_COMPONENT, findPage, isLayoutComponent } from './page-registry';
import type { RouteHandle } from '../shared/menu/route-handle';

/** 页面尚未提供 (antd Result): its script loads only when such an entry is opened. */
const missingPage = (component: string): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => {
    const { PageMissingPage } = await loadChunk(() => import('../features/exception/page-missing-page'));
    return { element: <PageMissingPage component={component} /> };
  },
});

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
  return { ...base, lazy: async () => ({ Component: (await loadChunk(page)).default }) };
}

const installed = new Set<string>();

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
