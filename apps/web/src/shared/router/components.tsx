import {
  Component,
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import type { DataRouter, NavigateOptions, Navigation, RouteMatch, RouterState, UIMatch } from './data-router';
import { createPath, resolvePath, type Location, type NavigationType, type To } from './history';

/** What the router shows and the hooks read. */
const RouterContext = createContext<DataRouter | null>(null);
const MatchesContext = createContext<UIMatch[]>([]);
const NavigationContext = createContext<Navigation>({ state: 'idle' });
type LocationValue = { location: Location; navigationType: NavigationType };
/** The location a subtree sees: the router's, or a kept page's own (multi-page tabs). */
export const LocationContext = createContext<LocationValue | null>(null);
type RouteValue = { outlet: ReactNode; error: unknown };
const RouteContext = createContext<RouteValue>({ outlet: null, error: undefined });

function useRouter(): DataRouter {
  const router = useContext(RouterContext);
  if (!router) throw new Error('router hooks need <RouterProvider>');
  return router;
}

export function useLocation(): Location {
  const value = useContext(LocationContext);
  if (!value) throw new Error('useLocation needs <RouterProvider>');
  return value.location;
}

export function useNavigationType(): NavigationType {
  const value = useContext(LocationContext);
  if (!value) throw new Error('useNavigationType needs <RouterProvider>');
  return value.navigationType;
}

export const useMatches = (): UIMatch[] => useContext(MatchesContext);
export const useNavigation = (): Navigation => useContext(NavigationContext);
export const useOutlet = (): ReactNode => useContext(RouteContext).outlet;
export const useRouteError = (): unknown => useContext(RouteContext).error;

export type NavigateFunction = (to: To | number, options?: NavigateOptions) => void;

/** Navigates relative to the location this component sees. */
export function useNavigate(): NavigateFunction {
  const router = useRouter();
  const { pathname } = useLocation();
  return useCallback(
    (to, options) => {
      void router.navigate(typeof to === 'number' ? to : resolvePath(to, pathname), options);
    },
    [router, pathname],
  );
}

type SetSearchParams = (
  next: URLSearchParams | Record<string, string> | string | ((prev: URLSearchParams) => URLSearchParams),
  options?: NavigateOptions,
) => void;

/** The query of the location, and a setter that navigates to the same path with another query. */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(search)) : next;
      navigate({ search: `?${new URLSearchParams(value).toString()}` }, options);
    },
    [navigate, search],
  );
  return [params, set];
}

export function Outlet() {
  return <>{useOutlet()}</>;
}

/** Navigates once rendered (a redirect inside the tree). */
export function Navigate({ to, replace, state }: { to: To } & NavigateOptions) {
  const navigate = useNavigate();
  const target = typeof to === 'string' ? to : createPath(to);
  useEffect(() => {
    navigate(target, { replace, state });
  }, [navigate, target, replace, state]);
  return null;
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To } & NavigateOptions;

/** An <a> that navigates inside the app; a modified or middle click, or a target, is left to the browser. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const href = createPath(resolvePath(to, location.pathname));
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    // A link to where the user already is replaces the entry instead of adding the same one again.
    navigate(href, { replace: replace ?? href === createPath(location), state });
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}

type BoundaryProps = { fallback: (error: unknown) => ReactNode; resetKey: string; children: ReactNode };

/** Catches what a route throws while rendering; a navigation elsewhere clears it. */
class RenderErrorBoundary extends Component<BoundaryProps, { error: unknown; resetKey: string }> {
  override state = { error: undefined as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('render failed') };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: undefined, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error);
  }
}

function DefaultError() {
  const error = useRouteError();
  return <p role="alert">{error instanceof Error ? error.message : String(error)}</p>;
}

/** The matched routes, outermost first, each given the next as its outlet; a failed one shows its boundary. */
function renderMatches({ matches, errors, location }: Pick<RouterState, 'matches' | 'errors' | 'location'>): ReactNode {
  const failed = errors ? matches.findIndex((m) => errors[m.route.id] !== undefined) : -1;
  let outlet: ReactNode = null;
  for (let i = failed >= 0 ? failed : matches.length - 1; i >= 0; i -= 1) {
    const { route } = matches[i]!;
    const Boundary = route.ErrorBoundary ?? DefaultError;
    const showBoundary = (error: unknown) => (
      <RouteContext.Provider value={{ outlet: null, error }}>
        <Boundary />
      </RouteContext.Provider>
    );
    if (i === failed) {
      outlet = showBoundary(errors![route.id]);
      continue;
    }
    const Page = route.Component;
    const element = Page ? <Page /> : route.element !== undefined ? route.element : <Outlet />;
    const wrapped = <RouteContext.Provider value={{ outlet, error: undefined }}>{element}</RouteContext.Provider>;
    outlet = route.ErrorBoundary ? (
      <RenderErrorBoundary resetKey={location.key} fallback={showBoundary}>
        {wrapped}
      </RenderErrorBoundary>
    ) : (
      wrapped
    );
  }
  return outlet;
}

const toUIMatches = (matches: RouteMatch[], data: Record<string, unknown>): UIMatch[] =>
  matches.map(({ route, params, pathname }) => ({
    id: route.id,
    pathname,
    params,
    handle: route.handle,
    data: data[route.id],
  }));

/**
 * The router's state, updated in a transition as React Router does: React renders a navigation's
 * states (loading, then done) once when they come together, and keeps the page responsive meanwhile.
 */
function useRouterState(router: DataRouter): RouterState {
  const [state, setState] = useState(router.state);
  useLayoutEffect(() => {
    const update = () => startTransition(() => setState(router.state));
    update(); // a navigation that finished before this effect ran
    return router.subscribe(update);
  }, [router]);
  return state;
}

export function RouterProvider({ router }: { router: DataRouter }) {
  const state = useRouterState(router);
  const location = useMemo(
    () => ({ location: state.location, navigationType: state.historyAction }),
    [state.location, state.historyAction],
  );
  const matches = useMemo(() => toUIMatches(state.matches, state.loaderData), [state.matches, state.loaderData]);
  // The same elements while only the navigation state changes (loading…): React skips the pages then.
  const { matches: matched, errors, location: at } = state;
  const tree = useMemo(() => renderMatches({ matches: matched, errors, location: at }), [matched, errors, at]);
  if (!state.initialized) {
    const Fallback = router.routes[0]?.HydrateFallback;
    return Fallback ? <Fallback /> : null;
  }
  return (
    <RouterContext.Provider value={router}>
      <NavigationContext.Provider value={state.navigation}>
        <LocationContext.Provider value={location}>
          <MatchesContext.Provider value={matches}>{tree}</MatchesContext.Provider>
        </LocationContext.Provider>
      </NavigationContext.Provider>
    </RouterContext.Provider>
  );
}
