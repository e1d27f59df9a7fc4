import { prefetchUserPermission } from '../shared/session/permission-request';
import { currentToken } from '../shared/session/session-store';
import { loadChunk } from '../shared/ui/chunk-load';

/**
 * The page's first script (index.html, before main.tsx), with a stored session: the permission
 * request and the scripts of the session's start and of the frame start here, as soon as this small
 * script has loaded, not after React, antd and the router have (main.tsx's graph), and so do the
 * script and first requests of the page the last menu had at this address; the session guard takes
 * the request and finds the rest on its way.
 */
const token = currentToken();
if (token) {
  prefetchUserPermission(token);
  loadChunk(() => import('./session-start')).then(
    (session) => session.preloadRememberedPage(new URL(window.location.href)),
    () => undefined,
  );
  void loadChunk(() => import('../layouts/global-layout/global-layout')).catch(() => undefined);
}
