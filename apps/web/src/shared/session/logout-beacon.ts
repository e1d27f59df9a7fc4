import { apiUrl } from '../http/api-client';
import { storage } from '../storage/storage';
import { ACCESS_TOKEN } from '../storage/storage-keys';

/**
 * SPEC section 4: on page unload the browser posts a logout with the token. The server treats
 * it as a deferred logout that a reload or another open page cancels by using the token again.
 */
export function installLogoutBeacon(win: Window = window): () => void {
  const onPageHide = () => {
    const token = storage.get<string>(ACCESS_TOKEN);
    if (!token || typeof win.navigator.sendBeacon !== 'function') return;
    win.navigator.sendBeacon(apiUrl('/sys/logoutBeacon'), new Blob([token], { type: 'text/plain' }));
  };
  win.addEventListener('pagehide', onPageHide);
  return () => win.removeEventListener('pagehide', onPageHide);
}
