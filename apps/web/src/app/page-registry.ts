import type { ComponentType } from 'react';
import type { ListSource } from '../shared/list-page/list-prefetch';
import { supplierListSource } from '../features/supplier/supplier-list-source';

type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

/**
 * The server menu's `component` strings → pages. A string missing here resolves to the
 * 页面尚未提供 error page; later issues add their pages to this map.
 */
const PAGES: Record<string, PageLoader> = {
  'dashboard/Analysis': () => import('../features/dashboard/analysis-page'),
  'dashboard/Workplace': () => import('../features/dashboard/workplace-page'),
  'system/DictList': () => import('../features/system-dict/dict-list-page'),
  'system/UserList': () => import('../features/system-user/user-list-page'),
  'system/RoleList': () => import('../features/system-role/role-list-page'),
  'system/PermissionList': () => import('../features/system-permission/permission-list-page'),
  'system/DepartList': () => import('../features/system-depart/depart-list-page'),
  'system/LogList': () => import('../features/system-log/log-list-page'),
  'system/SysAnnouncementList': () => import('../features/announcement/announcement-list-page'),
  'system/UserAnnouncementList': () => import('../features/announcement/my-announcement-list-page'),
  'gysgl/SupplierList': () => import('../features/supplier/supplier-list-page'),
  'khgl/UnitList': () => import('../features/customer-unit/unit-list-page'),
  'project/JcXmProjectList': () => import('../features/project/project-list-page'),
  'lims/ReportList': () => import('../features/lims/report/report-list-page'),
};

/**
 * List pages whose route starts the first rows while the page's script loads (their list call as
 * pure data, the same object the page gives useListPage).
 */
const LIST_SOURCES: Record<string, ListSource> = {
  'gysgl/SupplierList': supplierListSource,
};

/** Layout components of the original menus: a parent entry, not a page of its own. */
const LAYOUT_COMPONENTS = new Set([
  '',
  'layouts/RouteView',
  'layouts/PageView',
  'layouts/TabLayout',
  'layouts/BasicLayout',
  'layouts/BlankLayout',
  'layouts/UserLayout',
  'layouts/GlobalLayout',
]);

export const IFRAME_COMPONENT = 'layouts/IframePageView';

export function isLayoutComponent(component: string): boolean {
  return LAYOUT_COMPONENTS.has(component);
}

export function findPage(component: string): PageLoader | undefined {
  return Object.hasOwn(PAGES, component) ? PAGES[component] : undefined;
}

export function findListSource(component: string): ListSource | undefined {
  return Object.hasOwn(LIST_SOURCES, component) ? LIST_SOURCES[component] : undefined;
}

/** Components with a page, for tests and the command palette. */
export function registeredComponents(): string[] {
  return Object.keys(PAGES);
}
