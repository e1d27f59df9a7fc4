import { request } from '../http/api-client';
import { useSession } from './session-store';
import { storage, tabStorage } from '../storage/storage';
import { ACCESS_TOKEN, MULTI_PAGE_TABS } from '../storage/storage-keys';

/**
 * SPEC section 4: clear token and permissions, tell the server, and go on whatever it answers.
 * Never rejects.
 */
export async function logout(): Promise<void> {
  const token = storage.get<string>(ACCESS_TOKEN) ?? useSession.getState().token;
  useSession.getState().clear();
  tabStorage.remove(MULTI_PAGE_TABS);
  if (!token) return;
  try {
    await request('/sys/logout', { method: 'POST', headers: { 'X-Access-Token': token }, silent: true });
  } catch {
    // the session is gone on this side whatever the server says
  }
}

/** Logs out and reloads the app at its root. */
export async function logoutAndReload(): Promise<void> {
  await logout();
  window.location.replace('/');
}
