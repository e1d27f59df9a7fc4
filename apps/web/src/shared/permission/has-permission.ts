import type { AuthItem } from '@lims/contracts';

export type PermissionSources = {
  /** The form's own permission list, checked first (SPEC section 6). */
  formPermissions?: AuthItem[] | null;
  /** The user's buttons (LOGIN_USER_BUTTON_AUTH). */
  auth: AuthItem[];
  /** Every button of the system (SYS_BUTTON_AUTH); status '0' means not controlled. */
  allAuth: AuthItem[];
};

/** Type '2' items (disable rules) are ignored by the show/hide check. */
const shown = (items: AuthItem[] | null | undefined) => (items ?? []).filter((i) => i.type !== '2');

/**
 * Whether an element guarded by `code` stays: held by the form's list; else not controlled
 * system-wide (allAuth status '0'); else held by the user (auth).
 */
export function hasPermission(code: string, src: PermissionSources): boolean {
  if (shown(src.formPermissions).some((i) => i.action === code)) return true;
  if (shown(src.allAuth).some((i) => i.action === code && i.status === '0')) return true;
  return shown(src.auth).some((i) => i.action === code);
}

/** The type '2' (禁用) rules among `items` for `code`. */
const disableRules = (items: AuthItem[] | null | undefined, code: string) =>
  (items ?? []).filter((i) => i.type === '2' && i.action === code);

/**
 * Whether a form control guarded by a type '2' rule (权限策略 禁用, e.g. `user:form:phone`) is
 * disabled: only when the system has that rule in force (allAuth, status not '0') and the user holds
 * it neither in the form's permission list nor in auth. A code without such a rule disables nothing.
 */
export function isDisabledByPermission(code: string, src: PermissionSources): boolean {
  const rules = disableRules(src.allAuth, code);
  if (rules.length === 0 || rules.some((i) => i.status === '0')) return false;
  if (disableRules(src.formPermissions, code).length > 0) return false;
  return disableRules(src.auth, code).length === 0;
}

/** A route whose meta has a permissionList is shown only if the user holds one of them. */
export function hasRoutePermission(
  permissionList: Array<{ action: string }> | undefined,
  src: Omit<PermissionSources, 'formPermissions'>,
): boolean {
  if (!permissionList || permissionList.length === 0) return true;
  return permissionList.some((p) => hasPermission(p.action, src));
}
