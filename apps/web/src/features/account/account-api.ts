import { queryOptions } from '@tanstack/react-query';
import type { AccountProfileForm, AccountSession, UserInfo } from '@lims/contracts';
import { http } from '../../shared/http/api-client';

export const accountKeys = {
  all: ['account'] as const,
  profile: () => [...accountKeys.all, 'profile'] as const,
  sessions: () => [...accountKeys.all, 'sessions'] as const,
};

/** GET /sys/account/profile: the signed-in user's own record. */
export const profileQuery = () =>
  queryOptions({ queryKey: accountKeys.profile(), queryFn: () => http.get<UserInfo>('/sys/account/profile') });

/** PUT /sys/account/profile: name, avatar, mobile, email only. Errors are shown by the form. */
export const saveProfile = (form: AccountProfileForm) =>
  http.put<{ userInfo: UserInfo }>('/sys/account/profile', form, { silent: true });

/** GET /sys/account/sessions: the user's live sessions, the current one marked. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: accountKeys.sessions(),
    queryFn: () => http.get<AccountSession[]>('/sys/account/sessions'),
    staleTime: 0,
  });

export const revokeSession = (id: string) => http.delete<null>(`/sys/account/sessions/${encodeURIComponent(id)}`);

export const revokeOtherSessions = () => http.post<{ count: number }>('/sys/account/sessions/revokeOthers');
