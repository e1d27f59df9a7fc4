import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import {
  Link,
  Outlet,
  RouterProvider,
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  redirect,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useNavigationType,
  useRouteError,
  useSearchParams,
  type RouteObject,
} from '.';

function Where() {
  const { pathname, search, state } = useLocation();
  return <output aria-label="where">{`${pathname}${search}|${useNavigationType()}|${JSON.stringify(state)}`}</output>;
}
const where = () => screen.getByRole('status', { name: 'where' }).textContent;

function Boundary() {
  const error = useRouteError();
  return (
    <p role="alert">{isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : (error as Error).message}</p>
  );
}

const page = (text: string) => ({
  element: (
    <>
      <h1>{text}</h1>
      <Where />
    </>
  ),
});

function start(routes: RouteObject[], at = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [at] });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => window.history.replaceState(null, '', '/'));

describe('router: matching', () => {
  const routes: RouteObject[] = [
    {
      path: '/',
      element: <Outlet />,
      ErrorBoundary: Boundary,
      children: [
        { index: true, ...page('home') },
        { path: '/system/user', ...page('users') },
        { path: 'items/:id', Component: () => <h1>item {useMatches().at(-1)?.params.id}</h1> },
        { path: '*', ...page('catch-all') },
      ],
    },
  ];

  it('prefers a static path over the catch-all, an index route over its parent; ignores case and a trailing slash', () => {
    const router = start(routes, '/System/User/');
    expect(screen.getByRole('heading').textContent).toBe('users');
    act(() => void router.navigate('/'));
    expect(screen.getByRole('heading').textContent).toBe('home');
    act(() => void router.navigate('/no/such/page'));
    expect(screen.getByRole('heading').textContent).toBe('catch-all');
  });

  it('gives a relative child path its parent prefix and hands out params', () => {
    start(routes, '/items/42');
    expect(screen.getByRole('heading').textContent).toBe('item 42');
  });

  it('shows 404 Not Found at the outermost boundary when no route matches', () => {
    start([{ path: '/', ErrorBoundary: Boundary, children: [{ path: 'a', ...page('a') }] }], '/elsewhere');
    expect(screen.getByRole('alert').textContent).toBe('404 Not Found');
  });
});

describe('router: loading', () => {
  it('shows the fallback until the first load, loads a lazy route before showing it, and reports loading meanwhile', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    function Busy() {
      return <span>{useNavigation().state}</span>;
    }
    const router = start([
      {
        path: '/',
        HydrateFallback: () => <p>载入中</p>,
        element: (
          <>
            <Busy />
            <Outlet />
          </>
        ),
        children: [
          { index: true, ...page('home') },
          {
            path: 'slow',
            lazy: async () => {
              await gate;
              return { Component: () => <h1>slow page</h1> };
            },
          },
        ],
      },
    ]);
    expect(screen.getByText('home')).toBeTruthy();
    let done!: Promise<void>;
    act(() => {
      done = router.navigate('/slow');
    });
    expect(screen.getByText('loading')).toBeTruthy();
    expect(screen.getByText('home')).toBeTruthy(); // the old page stays until the new one is ready
    await act(async () => {
      release();
      await done;
    });
    expect(screen.getByRole('heading').textContent).toBe('slow page');
    expect(screen.getByText('idle')).toBeTruthy();
  });

  it('does not render the pages again while a navigation only loads (its state alone changes)', async () => {
    const rendered = vi.fn();
    function Counted() {
      rendered();
      return <h1>counted</h1>;
    }
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const router = start([
      { path: '/', Component: Counted },
      { path: '/slow', loader: () => gate, ...page('slow') },
    ]);
    const before = rendered.mock.calls.length;
    let done!: Promise<void>;
    act(() => {
      done = router.navigate('/slow');
    });
    expect(router.state.navigation.state).toBe('loading');
    expect(rendered).toHaveBeenCalledTimes(before);
    await act(async () => {
      release();
      await done;
    });
    expect(screen.getByRole('heading').textContent).toBe('slow');
  });

  it('follows a loader redirect: the first load replaces its entry, a push pushes only the final target', async () => {
    const router = createMemoryRouter([
      { path: '/', loader: () => redirect('/login?redirect=%2F'), element: null },
      { path: '/login', ...page('login') },
      {
        path: '/guarded',
        loader: () => {
          throw redirect('/login');
        },
        element: null,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('login')).toBeTruthy();
    expect(where()).toBe('/login?redirect=%2F|REPLACE|null');
    await act(() => router.navigate('/guarded', { state: { from: 'test' } }));
    expect(where()).toBe('/login|PUSH|null');
    await act(() => router.navigate(-1));
    expect(where()).toBe('/login?redirect=%2F|POP|null');
  });

  it('drops a navigation that a later one overtook', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const router = start([
      { path: '/', ...page('home') },
      { path: '/slow', loader: () => gate, ...page('slow') },
      { path: '/fast', ...page('fast') },
    ]);
    let slow!: Promise<void>;
    act(() => {
      slow = router.navigate('/slow');
    });
    act(() => void router.navigate('/fast'));
    await act(async () => {
      release();
      await slow;
    });
    expect(screen.getByRole('heading').textContent).toBe('fast');
  });

  it('shows a failed loader or a render error at the nearest boundary; the next navigation clears it', async () => {
    function Broken(): never {
      throw new Error('渲染失败');
    }
    const router = start([
      {
        path: '/',
        ErrorBoundary: Boundary,
        element: <Outlet />,
        children: [
          { index: true, ...page('home') },
          {
            path: 'bad-data',
            loader: () => {
              throw new Error('数据格式不对');
            },
            element: <p>never</p>,
          },
          { path: 'bad-render', Component: Broken },
        ],
      },
    ]);
    await act(() => router.navigate('/bad-data'));
    expect(screen.getByRole('alert').textContent).toBe('数据格式不对');
    await act(() => router.navigate('/'));
    expect(screen.getByRole('heading').textContent).toBe('home');
    const quiet = console.error;
    console.error = () => undefined; // React reports the caught render error
    try {
      await act(() => router.navigate('/bad-render'));
    } finally {
      console.error = quiet;
    }
    expect(screen.getByRole('alert').textContent).toBe('渲染失败');
    await act(() => router.navigate('/'));
    expect(screen.getByRole('heading').textContent).toBe('home');
  });

  it('adds routes at run time under a route; a route with the same id replaces the old one', async () => {
    const router = start([{ id: 'app', path: '/', element: <Outlet />, children: [{ path: '*', ...page('404') }] }]);
    router.patchRoutes('app', [{ id: 'menu:/a', path: '/a', ...page('first a') }]);
    await act(() => router.navigate('/a'));
    expect(screen.getByRole('heading').textContent).toBe('first a');
    router.patchRoutes('app', [{ id: 'menu:/a', path: '/a', ...page('second a') }]);
    await act(() => router.navigate('/a?again=1'));
    expect(screen.getByRole('heading').textContent).toBe('second a');
    expect(router.routes[0]!.children).toHaveLength(2);
  });
});

describe('router: links, navigate and the query', () => {
  function Toolbar() {
    const navigate = useNavigate();
    const [params, setParams] = useSearchParams();
    return (
      <>
        <Link to="/b" state={{ record: 1 }}>
          to b
        </Link>
        <Link to="/a">to a</Link>
        <button
          onClick={() =>
            setParams(
              (prev) => {
                prev.set('page', '2');
                return prev;
              },
              { replace: true },
            )
          }
        >
          page 2
        </button>
        <button onClick={() => navigate(-1)}>back</button>
        <span>page={params.get('page') ?? '-'}</span>
      </>
    );
  }
  const routes: RouteObject[] = [
    {
      path: '/',
      element: (
        <>
          <Toolbar />
          <Outlet />
        </>
      ),
      children: [
        { path: 'a', ...page('a') },
        { path: 'b', ...page('b') },
      ],
    },
  ];

  it('a link navigates with its state; a modified click is left to the browser; a link to the current page replaces', async () => {
    const router = start(routes, '/a');
    const toB = screen.getByRole('link', { name: 'to b' });
    expect(toB.getAttribute('href')).toBe('/b');
    expect(fireEvent.click(toB, { ctrlKey: true })).toBe(true); // not prevented
    expect(where()).toBe('/a|POP|null');
    await act(async () => {
      fireEvent.click(toB);
    });
    expect(where()).toBe('/b|PUSH|{"record":1}');
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'to a' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'to a' }));
    });
    expect(where()).toBe('/a|REPLACE|null');
    await act(() => router.navigate(-1));
    expect(where()).toBe('/b|POP|{"record":1}');
  });

  it('sets the query on the same path (replacing the entry) and goes back', async () => {
    start(routes, '/a?q=x');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'page 2' }));
    });
    expect(where()).toBe('/a?q=x&page=2|REPLACE|null');
    expect(screen.getByText('page=2')).toBeTruthy();
  });

  it('keeps a navigation state in the browser history entry, so that it outlives a reload', async () => {
    window.history.replaceState(null, '', '/a');
    const router = createBrowserRouter(routes);
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/b', { state: { record: 7 } }));
    expect(window.location.pathname).toBe('/b');
    const reloaded = createBrowserRouter(routes);
    expect(reloaded.state.location.pathname).toBe('/b');
    expect(reloaded.state.location.state).toEqual({ record: 7 });
  });
});
