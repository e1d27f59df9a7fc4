import type { AuthItem, MenuEntry } from '@lims/contracts';
import type { MenuProps } from 'antd';
import { hasRoutePermission } from '../../shared/permission/has-permission';
import { MenuIcon } from '../../shared/ui/menu-icon';

export type MenuItem = Required<MenuProps>['items'][number];

/** The entries a user sees: hidden ones and those failing their permissionList are skipped. */
export function visibleEntries(menu: MenuEntry[], perms: { auth: AuthItem[]; allAuth: AuthItem[] }): MenuEntry[] {
  return menu
    .filter((e) => !e.hidden && hasRoutePermission(e.meta.permissionList, perms))
    .map((e) => (e.children?.length ? { ...e, children: visibleEntries(e.children, perms) } : e));
}

/** antd Menu items keyed by path; titles from meta.title, icons by name. */
export function toMenuItems(entries: MenuEntry[]): MenuItem[] {
  return entries.map((e) => {
    const icon = <MenuIcon name={e.meta.icon} />;
    if (e.children?.length) return { key: e.path, icon, label: e.meta.title, children: toMenuItems(e.children) };
    return { key: e.path, icon, label: e.meta.title };
  });
}

/** Finds an entry by its path anywhere in the tree. */
export function findEntry(entries: MenuEntry[], path: string): MenuEntry | undefined {
  for (const e of entries) {
    if (e.path === path) return e;
    const found = findEntry(e.children ?? [], path);
    if (found) return found;
  }
  return undefined;
}
