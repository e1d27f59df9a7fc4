import { apiUrl } from '../http/api-client';
import { storage } from '../storage/storage';
import { ACCESS_TOKEN } from '../storage/storage-keys';
import { browserTabEnv } from '../tabs/tab-env';
import { createTabPresence, type TabPresence } from '../tabs/tab-presence';

/**
 * SPEC section 4: on page unload the browser posts a logout with the token. The server treats
 * it as a deferred logout that a reload cancels by using the token again. The session belongs to
 * the browser, not to one tab: only the last open tab of the app sends it (closing one of several
 * tabs must not sign the others out); where tabs cannot coordinate, every tab sends it as before.
 */
export function installLogoutBeacon(
  win: Window = window,
  presence: TabPresence = createTabPresence(browserTabEnv(win)),
): () => void {
  const onPageHide = () => {
    const last = presence.isLastTab();
    presence.leave();
    const token = storage.get<string>(ACCESS_TOKEN);
    if (!last || !token || typeof win.navigator.sendBeacon !== 'function') return;
    win.navigator.sendBeacon(apiUrl('/sys/logoutBeacon'), new Blob([token], { type: 'text/plain' }));
  };
  const onPageShow = (e: PageTransitionEvent) => {
    if (e.persisted) presence.rejoin();
  };
  win.addEventListener('pagehide', onPageHide);
  win.addEventListener('pageshow', onPageShow);
  return () => {
    win.removeEventListener('pagehide', onPageHide);
    win.removeEventListener('pageshow', onPageShow);
    presence.dispose();
  };
}
