import type { MenuEntry } from '@lims/contracts';
import { resolveMenuUrl, type PlaceholderScope } from './url-placeholders';

/** A route generated from a server menu entry (SPEC section 2 "Menu routes"). */
export type MenuRoute = {
  id: string;
  path: string;
  name: string;
  component: string;
  redirect?: string;
  hidden: boolean;
  alwaysShow: boolean;
  meta: MenuEntry['meta'];
  children: MenuRoute[];
};

export type ConvertOptions = {
  /** Scope for `{{ … }}` placeholders in meta.url. */
  scope: PlaceholderScope;
  /** Route-level permission check (meta.permissionList); entries failing it are dropped. */
  allowed?: (entry: MenuEntry) => boolean;
};

/**
 * Converts the server menu into routes: route '0' entries are not registered, an alwaysShow
 * entry redirects to its own path, and meta.url placeholders are evaluated safely.
 */
export function menuToRoutes(menu: MenuEntry[], opts: ConvertOptions): MenuRoute[] {
  const out: MenuRoute[] = [];
  for (const entry of menu) {
    if (opts.allowed && !opts.allowed(entry)) continue;
    const route: MenuRoute = {
      id: entry.id,
      path: entry.path,
      name: entry.name,
      component: entry.component,
      redirect: entry.redirect,
      hidden: entry.hidden === true,
      alwaysShow: entry.alwaysShow === true,
      meta: { ...entry.meta, url: resolveMenuUrl(entry.meta.url, opts.scope) },
      children: entry.children?.length ? menuToRoutes(entry.children, opts) : [],
    };
    if (route.meta.url === undefined) delete route.meta.url;
    if (route.alwaysShow) route.redirect = route.path;
    if (entry.route !== '0') out.push(route);
  }
  return out;
}

/** Every route of the tree, parents before children. */
export function flattenRoutes(routes: MenuRoute[]): MenuRoute[] {
  return routes.flatMap((r) => [r, ...flattenRoutes(r.children)]);
}

/** The chain of menu entries leading to `path` (for the breadcrumb), or [] when not found. */
export function menuTrail<T extends { path: string; children?: T[] }>(entries: T[], path: string): T[] {
  for (const e of entries) {
    if (e.path === path) return [e];
    const below = menuTrail(e.children ?? [], path);
    if (below.length) return [e, ...below];
  }
  return [];
}
