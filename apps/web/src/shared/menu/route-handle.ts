/** What every route carries in `handle`: the breadcrumb/tab title and menu data. */
export type RouteHandle = {
  title?: string;
  /** The menu path this route came from (for menu selection and breadcrumbs). */
  menuPath?: string;
  /** External url of an iframe/link entry. */
  url?: string;
  keepAlive?: boolean;
};

export function isRouteHandle(x: unknown): x is RouteHandle {
  return typeof x === 'object' && x !== null;
}
