import { useCallback } from 'react';
import type { AuthItem } from '@lims/contracts';
import { useSession } from '../session/session-store';
import { hasPermission, isDisabledByPermission } from './has-permission';

/** `can(code)`: whether the signed-in user may use the action (SPEC section 6). */
export function useCanFn(formPermissions?: AuthItem[] | null): (code: string) => boolean {
  const auth = useSession((s) => s.auth);
  const allAuth = useSession((s) => s.allAuth);
  return useCallback(
    (code: string) => hasPermission(code, { formPermissions, auth, allAuth }),
    [formPermissions, auth, allAuth],
  );
}

/** Whether the signed-in user holds the action `code`. */
export function useCan(code: string, formPermissions?: AuthItem[] | null): boolean {
  return useCanFn(formPermissions)(code);
}

/**
 * Whether a form control guarded by a 禁用 rule (type '2', e.g. `user:form:phone`) must be disabled
 * for the signed-in user: disabled unless granted.
 */
export function useDisabledUnlessGranted(code: string, formPermissions?: AuthItem[] | null): boolean {
  const auth = useSession((s) => s.auth);
  const allAuth = useSession((s) => s.allAuth);
  return isDisabledByPermission(code, { formPermissions, auth, allAuth });
}
