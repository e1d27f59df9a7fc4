/**
 * The paths of the app's pages as the standard menu places them (the server's seed menu,
 * apps/server/src/db/seed-data/menus.ts): a path here that the user's menu does not grant is a page he
 * may not open (403), any other unmatched path is unknown (404).
 */
const APP_ROUTE_PATHS = [
  '/dashboard/analysis',
  '/basedata',
  '/gysgl/supplier',
  '/khgl/unit',
  '/project',
  '/project/jcXmProject',
  '/lims',
  '/lims/analysis',
  '/lims/result',
  '/lims/verify',
  '/lims/sample',
  '/lims/settings',
  '/lims/report',
  '/isystem',
  '/isystem/user',
  '/isystem/role',
  '/isystem/permission',
  '/isystem/depart',
  '/isystem/dict',
  '/isystem/annountCement',
  '/isystem/log',
  '/monitor',
  '/message',
  '/modules/message/UserAnnouncementList',
];

const KNOWN = new Set(APP_ROUTE_PATHS.map((p) => p.toLowerCase()));

/** Whether `pathname` is one of the app's pages (matched as the router does: any case, trailing slash). */
export function isAppRoute(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return KNOWN.has(path.toLowerCase());
}
