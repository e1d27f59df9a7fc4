import type { ListByUser } from '@lims/contracts';
import { announcementKeys } from '../features/announcement/api';
import { http, getToken } from '../shared/http/api-client';
import {
  NOTICE_REFRESH_MS,
  UNREAD_URL,
  messageKeys,
  setNoticeRefreshByLeader,
} from '../shared/messages/unread-messages';
import { openServerEvents } from '../shared/session/server-events';
import { browserTabEnv } from '../shared/tabs/tab-env';
import { startLiveEvents, type LeaderTask, type LiveEvent, type LiveEvents } from '../shared/tabs/live-events';
import { queryClient } from './query-client';

let live: LiveEvents | undefined;

/**
 * What only the leader tab does: hold the browser's one event stream, and reload the bell's unread
 * list every 60 s (SPEC section 4) for every tab, hidden ones included, handing the answer to all.
 * A stream closed because the session was gone opens again when a token is stored (a sign-in in
 * another tab).
 */
export const leaderTask: LeaderTask = (emit, lastEventId) => {
  let gone = false;
  let close = () => undefined as void;
  const connect = (from: string | undefined) => {
    close = openServerEvents(emit, {
      lastEventId: from,
      onSessionGone: () => {
        gone = true;
      },
    });
  };
  connect(lastEventId);
  const onStorage = () => {
    if (!gone || !getToken()) return;
    gone = false;
    close();
    connect(undefined);
  };
  window.addEventListener('storage', onStorage);
  const timer = setInterval(() => {
    if (!getToken()) return;
    http
      .get<ListByUser>(UNREAD_URL, undefined, { silent: true })
      .then((data) => emit({ event: 'notice', data }))
      .catch(() => undefined);
  }, NOTICE_REFRESH_MS);
  return () => {
    window.removeEventListener('storage', onStorage);
    clearInterval(timer);
    close();
  };
};

/**
 * Starts the signed-in page's live events once. One tab of the browser holds the connection and
 * passes every event to the others (shared/tabs/live-events). In every tab: a pushed announcement
 * reloads the bell and 我的消息; a change of the user's permissions reloads the menu and buttons
 * without a new login; `resync` (the server could not replay what was missed) reloads both; `notice`
 * is the leader's 60 s reload of the unread list.
 */
export function startServerEvents(reloadPermissions: () => Promise<void>): void {
  if (live) return;
  const handle = (e: LiveEvent) => {
    if (e.event === 'announcement' || e.event === 'resync')
      void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    if (e.event === 'permissions' || e.event === 'resync') void reloadPermissions().catch(() => undefined);
    if (e.event === 'notice') queryClient.setQueryData(messageKeys.unread(), e.data);
  };
  live = startLiveEvents(browserTabEnv(), leaderTask, handle);
  setNoticeRefreshByLeader(live.coordinated);
}

export function stopServerEvents(): void {
  live?.stop();
  live = undefined;
  setNoticeRefreshByLeader(false);
}
