import { queryOptions } from '@tanstack/react-query';
import type { DepartBrief, UpdatePasswordBody, UserInfo, UserPermission } from '@lims/contracts';
import { http, request } from '../http/api-client';

/** GET /sys/permission/getUserPermissionByToken → { menu, auth, allAuth }. */
export function fetchUserPermission(token: string): Promise<UserPermission> {
  return request<UserPermission>('/sys/permission/getUserPermissionByToken', { params: { token }, silent: true });
}

export type CurrentUserDeparts = { list: DepartBrief[]; orgCode: string | null };

export const sessionKeys = {
  all: ['session'] as const,
  departs: () => [...sessionKeys.all, 'departs'] as const,
};

export function currentUserDepartsQuery() {
  return queryOptions({
    queryKey: sessionKeys.departs(),
    queryFn: () => http.get<CurrentUserDeparts>('/sys/user/getCurrentUserDeparts'),
  });
}

/** POST /sys/selectDepart → the user info with the chosen org code. */
export function selectDepart(body: { orgCode: string; username: string }): Promise<{ userInfo: UserInfo }> {
  return http.post<{ userInfo: UserInfo }>('/sys/selectDepart', body);
}

/** PUT /sys/user/updatePassword (messages come from the server on failure). */
export function updatePassword(body: UpdatePasswordBody): Promise<null> {
  return request<null>('/sys/user/updatePassword', { method: 'PUT', body, silent: true });
}
