import { queryOptions } from '@tanstack/react-query';
import type { DepartBrief, UpdatePasswordBody, UserInfo } from '@lims/contracts';
import { http, request } from '../http/api-client';

export { fetchUserPermission } from './permission-request';

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
