import { MSG } from '@lims/contracts';
import { menuToRoutes, type MenuRoute } from '../shared/menu/menu-routes';
import { hasRoutePermission } from '../shared/permission/has-permission';
import { takeUserPermission } from '../shared/session/permission-request';
import { currentToken, useSession } from '../shared/session/session-store';
import { placeholderScope } from './placeholder-scope';

/**
 * SPEC section 4: fetch the permissions (or take the request main.tsx started), keep them, and turn
 * the menu into routes.
 */
export async function loadMenuRoutes(): Promise<MenuRoute[]> {
  const token = currentToken();
  if (!token) throw new Error(MSG.tokenInvalid);
  const permission = await takeUserPermission(token);
  if (!Array.isArray(permission.menu) || permission.menu.length === 0) throw new Error(MSG.emptyMenu);
  useSession.getState().setPermissions(permission);
  const { auth, allAuth } = permission;
  return menuToRoutes(permission.menu, {
    scope: placeholderScope(),
    allowed: (entry) => hasRoutePermission(entry.meta.permissionList, { auth, allAuth }),
  });
}
