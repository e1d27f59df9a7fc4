import type { ComponentType } from 'react';
import {
  Navigate,
  createBrowserRouter,
  redirect,
  replace,
  type LoaderFunctionArgs,
  type RouteObject,
} from 'react-router';
import { HOME_PATH, LOGIN_PATH, getRuntimeConfig } from '../shared/config/runtime-config';
import { presentNotice } from '../shared/http/error-presenter';
import { logout } from '../shared/session/logout';
import { currentToken, useSession } from '../shared/session/session-store';
import { loadChunk } from '../shared/ui/chunk-load';
import { PageLoading } from '../shared/ui/page-loading';
import { RouteErrorPage } from '../features/exception/route-error-page';
import type { MenuRoute } from '../shared/menu/menu-routes';
import { RootShell } from './root-shell';
import type { RouteHandle } from '../shared/menu/route-handle';

type PageModule = { default: ComponentType };
const lazyPage = (factory: () => Promise<PageModule>) => async () => ({
  Component: (await loadChunk(factory)).default,
});

function wantedPath(request: Request): string {
  const url = new URL(request.url);
  return url.pathname + url.search;
}

/**
 * A loader's redirect: while the app first loads it replaces the entry the user opened (so Back does
 * not land on a path that only redirects again); a navigation in the app pushes only its final target.
 */
function sendTo(path: string) {
  return appRouter?.state.initialized ? redirect(path) : replace(path);
}

export type AppRouter = ReturnType<typeof createBrowserRouter>;
/** The app's router once created (its first loaders may run while it is being created). */
let appRouter: AppRouter | undefined;

function toLogin(request: Request) {
  return sendTo(`${LOGIN_PATH}?redirect=${encodeURIComponent(wantedPath(request))}`);
}

let menuInstalled = false;

type SessionStart = typeof import('./session-start');
const globalLayout = () => import('../layouts/global-layout/global-layout');
const sessionStart = () => loadChunk(() => import('./session-start'));

/**
 * SPEC section 4: no token → login with redirect; token but no permission list yet → load the
 * menu, add its routes, then go to the requested path again; failure → logout and login.
 */
async function sessionGuard({ request }: LoaderFunctionArgs) {
  if (!currentToken()) throw toLogin(request);
  if (menuInstalled && useSession.getState().menu.length > 0) return null;
  // The frame's script loads while the menu does (its route would ask for it only afterwards).
  void loadChunk(globalLayout).catch(() => undefined);
  const session = await sessionStart();
  let routes: MenuRoute[];
  try {
    routes = await session.loadMenuRoutes();
  } catch {
    presentNotice('请求用户信息失败，请重试！');
    await logout();
    throw toLogin(request);
  }
  installMenuRoutes(session, routes);
  menuInstalled = true;
  session.startServerEvents(reloadPermissions);
  session.preloadMenuPage(new URL(request.url));
  throw sendTo(wantedPath(request));
}

const notFoundPage = lazyPage(() => import('../features/exception/not-found-page'));
let notFoundInFrame = false;

function installMenuRoutes(session: SessionStart, routes: MenuRoute[]): void {
  const objects = session.newRouteObjects(routes);
  // With a session /404 shows in the frame: this route ranks with the guest's /404 and comes first.
  if (!notFoundInFrame)
    objects.push({ id: 'not-found-in-frame', path: '/404', handle: { title: '页面不存在' }, lazy: notFoundPage });
  notFoundInFrame = true;
  if (objects.length) appRouter?.patchRoutes('app', objects);
}

/** /404 opened with a session: the menu loads first (as for any page), so the page shows in the frame. */
async function notFoundLoader(args: LoaderFunctionArgs) {
  return currentToken() && !menuInstalled ? sessionGuard(args) : null;
}

/** The server said the user's grants changed: new menu, buttons and routes, same page. */
async function reloadPermissions(): Promise<void> {
  const session = await sessionStart();
  installMenuRoutes(session, await session.loadMenuRoutes());
}

/** A signed-in user opening the login page goes to the dashboard. */
function guestOnly() {
  return currentToken() ? sendTo(HOME_PATH) : null;
}

/** The app's routes; the menu's are added under `app` once the menu has loaded. */
function appRoutes(): RouteObject[] {
  const staticRoutes = getRuntimeConfig().staticRoutes;
  /** SPEC: / redirects to /dashboard/analysis (dynamic route set) or /dashboard/workplace (static set). */
  const home = staticRoutes ? '/dashboard/workplace' : HOME_PATH;
  const homeHandle: RouteHandle = { title: '首页' };
  return [
    {
      id: 'root',
      element: <RootShell />,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: PageLoading,
      children: [
        {
          path: '/user',
          lazy: lazyPage(() => import('../layouts/user-layout/user-layout')),
          children: [
            { index: true, loader: () => sendTo(LOGIN_PATH) },
            { path: 'login', loader: guestOnly, lazy: lazyPage(() => import('../features/auth/login-page')) },
            { path: 'register', lazy: lazyPage(() => import('../features/auth/register-page')) },
            { path: 'register-result', lazy: lazyPage(() => import('../features/auth/register-result-page')) },
            { path: 'alteration', lazy: lazyPage(() => import('../features/auth/alteration-page')) },
          ],
        },
        {
          // Every route but the login pages: server state and the date locale (app-root).
          id: 'app-root',
          lazy: lazyPage(() => import('./app-root')),
          children: [
            {
              path: '/test',
              lazy: lazyPage(() => import('../features/public-pages/test-layout')),
              children: [
                { index: true, loader: () => sendTo('/test/home') },
                { path: 'home', lazy: lazyPage(() => import('../features/public-pages/test-home-page')) },
              ],
            },
            { path: '/flowDetail', lazy: lazyPage(() => import('../features/public-pages/flow-detail-page')) },
            {
              id: 'app',
              path: '/',
              loader: sessionGuard,
              shouldRevalidate: () => true,
              lazy: lazyPage(globalLayout),
              children: [
                { id: 'dashboard', index: true, handle: homeHandle, element: <Navigate to={home} replace /> },
                ...(staticRoutes
                  ? [
                      {
                        path: '/dashboard/workplace',
                        handle: { title: '工作台' },
                        lazy: lazyPage(() => import('../features/dashboard/workplace-page')),
                      },
                    ]
                  : []),
                {
                  path: '/account/settings/base',
                  handle: { title: '个人设置' } satisfies RouteHandle,
                  lazy: lazyPage(() => import('../features/account/account-settings-page')),
                },
                { path: '/account/settings', element: <Navigate to="/account/settings/base" replace /> },
                // 403 for a page of the app the menu does not grant, else /404 (no-match.tsx); the title is the 403's,
                // for the breadcrumb and the tab.
                {
                  path: '*',
                  handle: { title: '无权访问' } satisfies RouteHandle,
                  lazy: lazyPage(() => import('./no-match')),
                },
              ],
            },
            // Without a session (SPEC: no login needed); after the frame so its own /404 wins once added.
            { path: '/404', loader: notFoundLoader, lazy: notFoundPage },
          ],
        },
      ],
    },
  ];
}

/** Creates the app's router (a browser router; tests pass a memory router). */
export function createAppRouter(create: (routes: RouteObject[]) => AppRouter = createBrowserRouter): AppRouter {
  appRouter = create(appRoutes());
  return appRouter;
}
