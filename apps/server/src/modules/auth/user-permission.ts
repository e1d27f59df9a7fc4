import { createHash } from 'node:crypto';
import type { AuthItem, MenuEntry, UserPermission } from '@lims/contracts';
import { splitCodes } from '../../platform/permission-cache';
import { buildTree } from '../../platform/tree';
import type { PermissionRow } from './auth.repo';

const HOME_TITLE = '首页';

function isExternal(url: string): boolean {
  return /^(https?:\/\/|\{\{)/.test(url);
}

/** Route name: the component name, or the url without its leading '/' ('/' → '-', ':' → '@'). */
function routeName(row: PermissionRow): string {
  if (row.componentName) return row.componentName;
  return (row.url ?? '').replace(/^\//, '').replaceAll('/', '-').replaceAll(':', '@');
}

function toEntry(row: PermissionRow, topLevel: boolean): MenuEntry {
  const url = row.url ?? '';
  const external = isExternal(url);
  const entry: MenuEntry = {
    id: row.id,
    component: row.component ?? '',
    path: external ? `/${createHash('md5').update(url).digest('hex')}` : url,
    name: routeName(row),
    route: row.isRoute ? '1' : '0',
    meta: {
      title: row.name,
      keepAlive: row.keepAlive,
      internalOrExternal: row.internalOrExternal,
      ...(row.icon ? { icon: row.icon } : {}),
      ...(external ? { url } : {}),
    },
  };
  if (row.hidden) entry.hidden = true;
  if (row.alwaysShow) entry.alwaysShow = true;
  if (topLevel && row.redirect) entry.redirect = row.redirect;
  return entry;
}

/**
 * Builds the menu tree from the user's granted menu rows plus every ancestor they need, with 首页
 * first when it was not granted. `all` holds every menu row (to find ancestors and 首页).
 */
export function buildMenuTree(granted: PermissionRow[], all: PermissionRow[]): MenuEntry[] {
  const byId = new Map(all.filter((r) => r.menuType !== 2).map((r) => [r.id, r]));
  const chosen = new Map<string, PermissionRow>();
  for (const row of granted) {
    if (row.menuType === 2) continue;
    for (
      let r: PermissionRow | undefined = row;
      r && !chosen.has(r.id);
      r = r.parentId ? byId.get(r.parentId) : undefined
    ) {
      chosen.set(r.id, r);
    }
  }
  const home = [...byId.values()].find((r) => r.name === HOME_TITLE && !r.parentId);
  if (home) chosen.set(home.id, home);

  const tree = buildTree<PermissionRow, MenuEntry>(
    [...chosen.values()],
    (r, kids, isRoot) => {
      const entry = toEntry(r, isRoot);
      if (kids.length) entry.children = kids;
      return entry;
    },
    (a, b) => a.sortNo - b.sortNo || a.name.localeCompare(b.name),
  );
  const homeIdx = tree.findIndex((e) => e.meta.title === HOME_TITLE);
  if (homeIdx > 0) tree.unshift(...tree.splice(homeIdx, 1));
  return tree;
}

function toAuthItems(rows: PermissionRow[]): AuthItem[] {
  return rows.flatMap((r) =>
    splitCodes(r.perms).map((action) => ({ action, type: r.permsType, describe: r.name, status: r.status })),
  );
}

/** Every internal page path of the menu rows (external links and empty urls left out), once each. */
function pagePaths(all: PermissionRow[]): string[] {
  const paths = all.filter((r) => r.menuType !== 2 && r.url && !isExternal(r.url)).map((r) => r.url!);
  return [...new Set(paths)];
}

/**
 * SPEC section 3/6: menu, the user's enforced buttons (auth) and every button (allAuth); plus every
 * page path (allPaths), so that the web can answer 403 for a page the user may not open.
 */
export function buildUserPermission(granted: PermissionRow[], all: PermissionRow[]): UserPermission {
  const buttons = all.filter((r) => r.menuType === 2);
  const mine = granted.filter((r) => r.menuType === 2 && r.status === '1');
  return {
    menu: buildMenuTree(granted, all),
    auth: toAuthItems(mine),
    allAuth: toAuthItems(buttons),
    allPaths: pagePaths(all),
  };
}
