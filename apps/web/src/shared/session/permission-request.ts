import type { UserPermission } from '@lims/contracts';
import { request } from '../http/api-client';

/** GET /sys/permission/getUserPermissionByToken → { menu, auth, allAuth, allPaths }. */
export function fetchUserPermission(token: string): Promise<UserPermission> {
  return request<UserPermission>('/sys/permission/getUserPermissionByToken', { params: { token }, silent: true });
}

let early: { token: string; answer: Promise<UserPermission> } | undefined;

/**
 * Starts the permission request of the stored session at once (app start, before the router and
 * React): it runs while the frame's scripts load instead of after them. The first menu load takes it.
 */
export function prefetchUserPermission(token: string): void {
  const answer = fetchUserPermission(token);
  // Whoever takes it handles a failure; until then it is not an unhandled rejection.
  answer.catch(() => undefined);
  early = { token, answer };
}

/** The early request for `token` if one was started and not taken yet (once), otherwise a new request. */
export function takeUserPermission(token: string): Promise<UserPermission> {
  const answer = early?.token === token ? early.answer : undefined;
  early = undefined;
  return answer ?? fetchUserPermission(token);
}
