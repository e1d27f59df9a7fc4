import { useQuery } from '@tanstack/react-query';
import type { ListByUser } from '@lims/contracts';
import { http } from '../http/api-client';

/** SPEC section 9: the notice list reloads every 60 s (and at once on a push). */
export const NOTICE_REFRESH_MS = 60_000;

/** GET /sys/annountCement/listByUser: the signed-in user's unread announcements and totals. */
export const UNREAD_URL = '/sys/annountCement/listByUser';

/**
 * Every query about announcements and messages lives under this prefix, so a push, a publish or a
 * read reloads the bell, 我的消息, 系统通告 and the dashboard's 未读消息 together.
 */
export const messageKeys = {
  all: ['announcement'] as const,
  unread: () => ['announcement', 'unread'] as const,
};

let refreshByLeader = false;

/**
 * The tabs coordinate (app/server-events): the leader tab reloads the unread list every 60 s for all
 * tabs, hidden ones included, so a tab does not poll on its own.
 */
export function setNoticeRefreshByLeader(on: boolean): void {
  refreshByLeader = on;
}

/** The unread items and totals (one query for the bell and the dashboard). */
export function useUnreadMessages() {
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: () => http.get<ListByUser>(UNREAD_URL, undefined, { silent: true }),
    refetchInterval: () => (refreshByLeader ? false : NOTICE_REFRESH_MS),
    refetchIntervalInBackground: false,
  });
}
