import { announcementKeys } from '../features/announcement/api';
import { openServerEvents } from '../shared/session/server-events';
import { queryClient } from './query-client';

let close: (() => void) | undefined;

/**
 * Opens the signed-in page's event stream once: a pushed announcement reloads the bell and
 * 我的消息; a change of the user's permissions reloads the menu and buttons without a new login.
 */
export function startServerEvents(reloadPermissions: () => Promise<void>): void {
  if (close) return;
  close = openServerEvents((e) => {
    if (e.event === 'announcement') void queryClient.invalidateQueries({ queryKey: announcementKeys.all });
    if (e.event === 'permissions') void reloadPermissions().catch(() => undefined);
  });
}

export function stopServerEvents(): void {
  close?.();
  close = undefined;
}
