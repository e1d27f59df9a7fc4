import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import type { MenuRoute } from '../shared/menu/menu-routes';
import type { AppRouter } from './router';

/**
 * The app's routes (router.tsx) in a memory router: the session guard, the menu's routes added at run
 * time, the redirects and the 404 path. Pages and the frame are stand-ins; the menu comes from a fake.
 */

/** A layout stand-in: a named region around the outlet. */
const { standIn } = vi.hoisted(() => ({
  standIn: async (name: string) => {
    const { createElement } = await import('react');
    const { Outlet } = await import('react-router');
    return { default: () => createElement('section', { 'aria-label': name }, createElement(Outlet)) };
  },
}));

const session = vi.hoisted(() => ({
  token: undefined as string | undefined,
  menu: [] as { path: string; title: string }[],
  /** Every page of the system's menu (the server's allPaths): the user's menu plus 用户管理. */
  otherPages: ['/isystem/user'],
  menuFails: false,
  menuLoads: 0,
  onPermissionsChanged: undefined as (() => Promise<void>) | undefined,
  preloaded: [] as string[],
}));

vi.mock('../shared/session/session-store', async (original) => ({
  ...(await original<typeof import('../shared/session/session-store')>()),
  currentToken: () => session.token,
}));
vi.mock('../shared/session/logout', () => ({
  logout: vi.fn(async () => {
    session.token = undefined;
  }),
}));
vi.mock('../shared/http/error-presenter', () => ({ presentNotice: vi.fn() }));
vi.mock('./session-start', async () => {
  const { useSession } = await import('../shared/session/session-store');
  return {
    loadMenuRoutes: async (): Promise<MenuRoute[]> => {
      session.menuLoads += 1;
      if (session.menuFails) throw new Error('menu failed');
      useSession.setState({
        menu: session.menu.map((m) => ({ path: m.path })) as never,
        allPaths: [...session.menu.map((m) => m.path), ...session.otherPages],
      });
      return session.menu.map((m) => ({ path: m.path, meta: { title: m.title } })) as MenuRoute[];
    },
    newRouteObjects: (routes: MenuRoute[]): RouteObject[] =>
      routes.map((r) => ({ id: `menu:${r.path}`, path: r.path, element: <h1>{r.meta.title}</h1> })),
    startServerEvents: (onChange: () => Promise<void>) => {
      session.onPermissionsChanged = onChange;
    },
    preloadMenuPage: (url: URL) => session.preloaded.push(url.pathname + url.search),
  };
});
vi.mock('../layouts/global-layout/global-layout', () => standIn('frame'));
vi.mock('../layouts/user-layout/user-layout', () => standIn('user layout'));
vi.mock('../features/auth/login-page', () => ({ default: () => <h1>登录页</h1> }));
vi.mock('../features/exception/not-found-page', () => ({ default: () => <h1>404</h1> }));
vi.mock('../features/exception/forbidden-page', () => ({ default: () => <h1>403</h1> }));
vi.mock('../features/public-pages/test-home-page', () => ({ default: () => <h1>test home</h1> }));

/** A fresh router module (its menu state starts empty) at `path`, rendered. */
async function openApp(path: string): Promise<AppRouter> {
  vi.resetModules();
  const { createAppRouter } = await import('./router');
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: ['/start', path] }));
  render(<RouterProvider router={router} />);
  await vi.waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  await vi.waitFor(() => expect(router.state.initialized).toBe(true));
  return router;
}

const at = (router: AppRouter) => router.state.location.pathname + router.state.location.search;

beforeEach(() => {
  vi.stubGlobal('scrollTo', () => undefined);
  Object.assign(session, {
    token: undefined,
    menuFails: false,
    menuLoads: 0,
    onPermissionsChanged: undefined,
    preloaded: [],
  });
  session.menu = [{ path: '/gysgl/supplier', title: '供应商管理' }];
});
afterEach(() => vi.unstubAllGlobals());

describe('app routes', { timeout: 20_000 }, () => {
  it('without a token a protected path goes to the login page with itself as redirect, replacing the entry', async () => {
    const router = await openApp('/gysgl/supplier?pageSize=20');
    await vi.waitFor(() => expect(at(router)).toBe('/user/login?redirect=%2Fgysgl%2Fsupplier%3FpageSize%3D20'));
    expect(await screen.findByText('登录页')).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
    // Back goes to the entry before the one opened (here protected too), not to the login page's
    // own path that would only redirect again.
    await act(() => router.navigate(-1));
    await vi.waitFor(() => expect(at(router)).toBe('/user/login?redirect=%2Fstart'));
  });

  it('with a token the menu loads once, its routes join the app and the requested page shows', async () => {
    session.token = 't';
    const router = await openApp('/gysgl/supplier?pageSize=20');
    expect(await screen.findByRole('heading', { name: '供应商管理' })).toBeTruthy();
    expect(at(router)).toBe('/gysgl/supplier?pageSize=20');
    expect(screen.getByRole('region', { name: 'frame' })).toBeTruthy();
    // The page's script and rows were started before the router went there again.
    expect(session.preloaded).toEqual(['/gysgl/supplier?pageSize=20']);
    await act(() => router.navigate('/gysgl/supplier?pageSize=10'));
    expect(session.menuLoads).toBe(1);
    expect(session.preloaded).toHaveLength(1);
  });

  it('a grant change adds the new menu routes without a reload', async () => {
    session.token = 't';
    const router = await openApp('/gysgl/supplier');
    await screen.findByRole('heading', { name: '供应商管理' });
    session.menu = [...session.menu, { path: '/isystem/dict', title: '数据字典' }];
    await act(() => session.onPermissionsChanged!());
    await act(() => router.navigate('/isystem/dict'));
    expect(await screen.findByRole('heading', { name: '数据字典' })).toBeTruthy();
    expect(at(router)).toBe('/isystem/dict');
  });

  it('an unknown path goes to /404; / goes home; a signed-in user opening the login page goes home', async () => {
    session.token = 't';
    session.menu.push({ path: '/dashboard/analysis', title: '首页' });
    const router = await openApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(at(router)).toBe('/404');
    // In the frame (header, menu, tabs), like any page of a signed-in user.
    expect(screen.getByRole('region', { name: 'frame' })).toBeTruthy();
    await act(() => router.navigate('/'));
    await vi.waitFor(() => expect(at(router)).toBe('/dashboard/analysis'));
    await act(() => router.navigate('/user/login'));
    await vi.waitFor(() => expect(at(router)).toBe('/dashboard/analysis'));
  });

  it("a page of the app outside the user's menu shows 403 where it was asked for; an unknown one goes to /404", async () => {
    session.token = 't';
    const router = await openApp('/isystem/user?pageNo=2');
    expect(await screen.findByRole('heading', { name: '403' })).toBeTruthy();
    expect(at(router)).toBe('/isystem/user?pageNo=2');
    // The breadcrumb and the tab read the route's title (not the raw path).
    expect(router.state.matches.at(-1)?.route.handle).toEqual({ title: '无权访问' });
    expect(screen.getByRole('region', { name: 'frame' })).toBeTruthy();
    await act(() => router.navigate('/isystem/users'));
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(at(router)).toBe('/404');
    expect(router.state.matches.at(-1)?.route.handle).toEqual({ title: '页面不存在' });
    expect(screen.getByRole('region', { name: 'frame' })).toBeTruthy();
  });

  it('/404 opened with a session shows in the frame; without one it needs no login and has no frame', async () => {
    session.token = 't';
    let router = await openApp('/404');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(at(router)).toBe('/404');
    expect(screen.getByRole('region', { name: 'frame' })).toBeTruthy();
    cleanup();

    session.token = undefined;
    router = await openApp('/404');
    expect(await screen.findByRole('heading', { name: '404' })).toBeTruthy();
    expect(at(router)).toBe('/404');
    expect(screen.queryByRole('region', { name: 'frame' })).toBeNull();
  });

  it('a menu that fails to load signs the user out and asks for login', async () => {
    session.token = 't';
    session.menuFails = true;
    const { presentNotice } = await import('../shared/http/error-presenter');
    const router = await openApp('/gysgl/supplier');
    await vi.waitFor(() => expect(at(router)).toBe('/user/login?redirect=%2Fgysgl%2Fsupplier'));
    expect(presentNotice).toHaveBeenCalledWith('请求用户信息失败，请重试！');
    expect(session.token).toBeUndefined();
  });

  it('/user goes to the login page and /test to /test/home, without a session', async () => {
    const router = await openApp('/user');
    await vi.waitFor(() => expect(at(router)).toBe('/user/login'));
    await act(() => router.navigate('/test'));
    await vi.waitFor(() => expect(at(router)).toBe('/test/home'));
    expect(await screen.findByText('test home')).toBeTruthy();
  });
});
