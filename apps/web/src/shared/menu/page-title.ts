import type { UIMatch } from 'react-router';
import type { MenuEntry } from '@lims/contracts';
import { HOME_PATH } from '../config/runtime-config';
import { menuTrail } from './menu-routes';
import { isRouteHandle } from './route-handle';

/** The title of the page at `pathname`: the route's handle, else the menu, else the path. */
export function pageTitle(matches: UIMatch[], menu: MenuEntry[], pathname: string): string {
  if (pathname === HOME_PATH) return '首页';
  const handle = matches.at(-1)?.handle;
  if (isRouteHandle(handle) && handle.title) return handle.title;
  const trail = menuTrail(menu, pathname);
  return trail.at(-1)?.meta.title ?? pathname;
}
