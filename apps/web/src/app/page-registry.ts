import type { ComponentType } from 'react';
import { listPageData, type PageData } from '../shared/list-page/page-data';
import { announcementListSource, myAnnouncementListSource } from '../features/announcement/announcement-list-source';
import { unitListSource } from '../features/customer-unit/unit-list-source';
import { projectListSource } from '../features/project/project-list-source';
import { supplierListSource } from '../features/supplier/supplier-list-source';
import { departPageData } from '../features/system-depart/depart-page-data';
import { dictListSource } from '../features/system-dict/dict-list-source';
import { logListSource, logTypeOf } from '../features/system-log/log-list-source';
import { permissionListSource } from '../features/system-permission/permission-list-source';
import { roleListSource } from '../features/system-role/role-list-source';
import { userListSource } from '../features/system-user/user-list-source';
import {
  analysisListSource,
  resultEntryPageData,
  verifyListSource,
} from '../features/lims/analysis/analysis-list-source';
import { sampleListSource } from '../features/lims/sample/sample-list-source';
import { reportListSource } from '../features/lims/report/report-list-source';

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
  'lims/AnalysisList': () => import('../features/lims/analysis/analysis-list-page'),
  'lims/ResultEntry': () => import('../features/lims/analysis/result-entry-page'),
  'lims/VerifyList': () => import('../features/lims/analysis/verify-list-page'),
  'lims/SampleList': () => import('../features/lims/sample/sample-list-page'),
  'lims/LimsSettings': () => import('../features/lims/sample/lims-settings-page'),
  'lims/ReportList': () => import('../features/lims/report/report-list-page'),
};

/**
 * What a page asks for as it mounts (a list's first rows, dictionaries and table settings; pure data,
 * the same list source the page gives useListPage): its route starts it while the page's script loads.
 */
const PAGE_DATA: Record<string, PageData> = {
  'system/DictList': listPageData(dictListSource),
  'system/UserList': listPageData(userListSource),
  'system/RoleList': listPageData(roleListSource),
  'system/PermissionList': listPageData(permissionListSource),
  'system/DepartList': departPageData,
  'system/LogList': listPageData((url) => logListSource(logTypeOf(url.searchParams))),
  'system/SysAnnouncementList': listPageData(announcementListSource),
  'system/UserAnnouncementList': listPageData(myAnnouncementListSource),
  'gysgl/SupplierList': listPageData(supplierListSource),
  'khgl/UnitList': listPageData(unitListSource),
  'project/JcXmProjectList': listPageData(projectListSource),
  'lims/SampleList': listPageData(sampleListSource),
  'lims/AnalysisList': listPageData(analysisListSource),
  'lims/ResultEntry': resultEntryPageData,
  'lims/VerifyList': listPageData(verifyListSource),
  'lims/ReportList': listPageData(reportListSource),
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

export function findPageData(component: string): PageData | undefined {
  return Object.hasOwn(PAGE_DATA, component) ? PAGE_DATA[component] : undefined;
}

/** Components with a page, for tests and the command palette. */
export function registeredComponents(): string[] {
  return Object.keys(PAGES);
}
