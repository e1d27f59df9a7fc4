import type { ComponentType, ReactNode } from 'react';
import {
  NavigationType,
  createBrowserHistory,
  createKey,
  createMemoryHistory,
  createPath,
  resolvePath,
  type History,
  type InitialEntry,
  type Location,
  type To,
} from './history';

/**
 * The app's router: nested routes matched by path, each loaded before it is shown (its lazy module and
 * its loader, which may redirect), error boundaries per route, routes added at run time (the menu's).
 * The subset of React Router's data router this app uses, in a few KB instead of 30 (gzip).
 */

export type Params = Record<string, string | undefined>;
export type LoaderFunctionArgs = { request: Request; params: Params };

export type RouteObject = {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  element?: ReactNode;
  Component?: ComponentType | null;
  /** Shown instead of the route (and its children) when loading or rendering it failed. */
  ErrorBoundary?: ComponentType | null;
  /** Shown until the first navigation has loaded. */
  HydrateFallback?: ComponentType | null;
  /** Runs before the route shows, on every navigation to it; may return or throw `redirect(...)`. */
  loader?: (args: LoaderFunctionArgs) => unknown;
  /** Accepted for compatibility: loaders run on every navigation. */
  shouldRevalidate?: () => boolean;
  /** The route's module, loaded once, before it first shows: its properties join the route. */
  lazy?: () => Promise<Partial<Omit<RouteObject, 'lazy' | 'children' | 'id' | 'path' | 'index'>>>;
  handle?: unknown;
  children?: RouteObject[];
};

type DataRoute = Omit<RouteObject, 'children'> & {
  id: string;
  children?: DataRoute[];
  lazyLoaded?: Promise<void>;
  lazyDone?: boolean;
};
export type RouteMatch = { route: DataRoute; params: Params; pathname: string };
export type UIMatch = { id: string; pathname: string; params: Params; handle: unknown; data: unknown };
export type Navigation = { state: 'idle' | 'loading'; location?: Location };

export type RouterState = {
  location: Location;
  historyAction: NavigationType;
  matches: RouteMatch[];
  loaderData: Record<string, unknown>;
  /** The error of a failed load, by the id of the route whose boundary shows it. */
  errors: Record<string, unknown> | null;
  navigation: Navigation;
  /** False until the first navigation has loaded. */
  initialized: boolean;
};

export type NavigateOptions = { replace?: boolean; state?: unknown };

/** What a loader returns or throws to send the navigation elsewhere. */
export class Redirect {
  constructor(readonly location: string) {}
}
export const redirect = (location: string): Redirect => new Redirect(location);

/** An error with an HTTP-like status (no route matched: 404). */
export class ErrorResponse {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly data: unknown = null,
  ) {}
}
export const isRouteErrorResponse = (error: unknown): error is ErrorResponse => error instanceof ErrorResponse;

// ---- matching ----

type Branch = { routes: DataRoute[]; patterns: string[]; score: number };

const joinPaths = (parent: string, child: string) => `${parent.replace(/\/+$/, '')}/${child.replace(/^\/+/, '')}`;

/** React Router's ranking: static segments over dynamic ones over splats; an index route over its parent. */
function score(pattern: string, index: boolean | undefined): number {
  const segments = pattern.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const s of segments) if (s !== '*') total += s.startsWith(':') ? 3 : s === '' ? 1 : 10;
  return total;
}

function flatten(
  routes: DataRoute[],
  parentPattern = '',
  parents: DataRoute[] = [],
  parentPatterns: string[] = [],
  out: Branch[] = [],
): Branch[] {
  for (const route of routes) {
    const pattern =
      route.path == null
        ? parentPattern
        : route.path.startsWith('/')
          ? route.path
          : joinPaths(parentPattern, route.path);
    const chain = [...parents, route];
    const patterns = [...parentPatterns, pattern];
    if (route.children?.length) flatten(route.children, pattern, chain, patterns, out);
    // A route without a path shows only as the parent of a match (a layout), unless it is an index route.
    if (route.path == null && !route.index) continue;
    out.push({ routes: chain, patterns, score: score(pattern, route.index) });
  }
  return out;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** `pattern` against the path's segments: the params, or null. A `*` segment takes the rest. */
function matchPattern(
  pattern: string,
  segments: string[],
  caseSensitive: boolean | undefined,
  exact: boolean,
): Params | null {
  const parts = segmentsOf(pattern);
  const params: Params = {};
  for (let i = 0; i < parts.length; i += 1) {
    const part = parts[i]!;
    if (part === '*') {
      params['*'] = segments.slice(i).join('/');
      return params;
    }
    const segment = segments[i];
    if (segment === undefined) return null;
    if (part.startsWith(':')) params[part.slice(1)] = segment;
    else if (caseSensitive ? part !== segment : part.toLowerCase() !== segment.toLowerCase()) return null;
  }
  return exact && segments.length > parts.length ? null : params;
}

function decode(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

export function matchRoutes(branches: Branch[], pathname: string): RouteMatch[] | null {
  const segments = segmentsOf(decode(pathname));
  for (const branch of branches) {
    const leaf = branch.routes.at(-1)!;
    const params = matchPattern(branch.patterns.at(-1)!, segments, leaf.caseSensitive, true);
    if (!params) continue;
    return branch.routes.map((route, i) => {
      const own = segmentsOf(branch.patterns[i]!).filter((s) => s !== '*').length;
      return { route, params, pathname: `/${segments.slice(0, own).join('/')}` };
    });
  }
  return null;
}

// ---- the router ----

function toDataRoutes(routes: RouteObject[], parentId: string): DataRoute[] {
  return routes.map((route, i) => {
    const id = route.id ?? `${parentId}${parentId ? '-' : ''}${i}`;
    return { ...route, id, children: route.children ? toDataRoutes(route.children, id) : undefined };
  });
}

function findRoute(routes: DataRoute[] | undefined, id: string): DataRoute | undefined {
  for (const route of routes ?? []) {
    if (route.id === id) return route;
    const found = findRoute(route.children, id);
    if (found) return found;
  }
  return undefined;
}

function loadLazy(route: DataRoute): Promise<void> {
  if (!route.lazy) return Promise.resolve();
  route.lazyLoaded ??= route.lazy().then(
    (props) => {
      Object.assign(route, props);
      route.lazyDone = true;
    },
    (error: unknown) => {
      route.lazyLoaded = undefined; // a later navigation tries again
      throw error;
    },
  );
  return route.lazyLoaded;
}

const IDLE: Navigation = { state: 'idle' };
const MAX_REDIRECTS = 20;

export class DataRouter {
  state: RouterState;
  readonly routes: DataRoute[];
  private branches: Branch[] | undefined;
  private readonly listeners = new Set<() => void>();
  private readonly history: History;
  /** The navigation under way: an older one that finishes later is dropped. */
  private current = 0;

  constructor(routes: RouteObject[], history: History) {
    this.routes = toDataRoutes(routes, '');
    this.history = history;
    this.state = {
      location: history.location,
      historyAction: NavigationType.Pop,
      matches: [],
      loaderData: {},
      errors: null,
      navigation: IDLE,
      initialized: false,
    };
    history.listen((location) => void this.load(location, NavigationType.Pop));
    void this.load(history.location, NavigationType.Pop);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): RouterState => this.state;

  /** Goes to `to` (resolved against the current path), or `delta` entries back or forward. */
  navigate(to: To | number, options: NavigateOptions = {}): Promise<void> {
    if (typeof to === 'number') {
      this.history.go(to);
      return Promise.resolve();
    }
    const location = {
      ...resolvePath(to, this.state.location.pathname),
      state: options.state ?? null,
      key: createKey(),
    };
    return this.load(location, options.replace ? NavigationType.Replace : NavigationType.Push);
  }

  /** Adds routes under route `parentId` (one with the same id is replaced). */
  patchRoutes(parentId: string, children: RouteObject[]): void {
    const parent = findRoute(this.routes, parentId);
    if (!parent) throw new Error(`no route ${parentId}`);
    const list = (parent.children ??= []);
    for (const child of toDataRoutes(children, `${parentId}-patch-${list.length}`)) {
      const at = list.findIndex((r) => r.id === child.id);
      if (at >= 0) list[at] = child;
      else list.push(child);
    }
    this.branches = undefined;
  }

  private match(pathname: string): RouteMatch[] | null {
    this.branches ??= flatten(this.routes).sort((a, b) => b.score - a.score);
    return matchRoutes(this.branches, pathname);
  }

  private set(patch: Partial<RouterState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  /**
   * Loads what the location's routes need (lazy modules, loaders) and shows it; at once when nothing is
   * left to load (a route seen before, without a loader).
   */
  private load(location: Location, action: NavigationType, redirects = 0): Promise<void> {
    const id = ++this.current;
    const found = this.match(location.pathname);
    const matches = found ?? (this.routes[0] ? [{ route: this.routes[0], params: {}, pathname: '/' }] : []);
    if (!matches.some(({ route }) => route.loader || (route.lazy && !route.lazyDone))) {
      this.finish(
        location,
        action,
        found,
        matches,
        matches.map(() => ({ data: null, error: undefined })),
      );
      return Promise.resolve();
    }
    this.set({ navigation: { state: 'loading', location } });
    const request = new Request(new URL(createPath(location), window.location.origin));
    return Promise.all(
      matches.map(async ({ route, params }) => {
        try {
          const [, data] = await Promise.all([loadLazy(route), route.loader?.({ request, params })]);
          return { data: data ?? null, error: undefined };
        } catch (error) {
          return { data: null, error: error ?? new Error('load failed') };
        }
      }),
    ).then((results) => {
      if (id !== this.current) return undefined;
      const sent = results
        .map((r) => (r.error instanceof Redirect ? r.error : r.data instanceof Redirect ? r.data : null))
        .find(Boolean);
      if (sent && redirects < MAX_REDIRECTS) {
        const next = { ...resolvePath(sent.location, location.pathname), state: null, key: createKey() };
        // The first load and back/forward replace the entry they are on; a push pushes its final target.
        return this.load(next, action === NavigationType.Push ? action : NavigationType.Replace, redirects + 1);
      }
      this.finish(location, action, found, matches, results);
      return undefined;
    });
  }

  private finish(
    location: Location,
    action: NavigationType,
    found: RouteMatch[] | null,
    matches: RouteMatch[],
    results: { data: unknown; error: unknown }[],
  ): void {
    let errors: Record<string, unknown> | null = found
      ? null
      : { [matches[0]?.route.id ?? '']: new ErrorResponse(404, 'Not Found') };
    const loaderData: Record<string, unknown> = {};
    results.forEach((r, i) => {
      const { route } = matches[i]!;
      if (r.error === undefined) loaderData[route.id] = r.data;
      else if (!errors) {
        // The nearest route at or above the failed one with an error boundary shows the error.
        const boundary =
          matches
            .slice(0, i + 1)
            .reverse()
            .find((m) => m.route.ErrorBoundary) ?? matches[0]!;
        errors = { [boundary.route.id]: r.error };
      }
    });
    if (action === NavigationType.Push) this.history.push(location);
    else if (action === NavigationType.Replace) this.history.replace(location);
    this.set({ location, historyAction: action, matches, loaderData, errors, navigation: IDLE, initialized: true });
  }
}

export const createBrowserRouter = (routes: RouteObject[]) => new DataRouter(routes, createBrowserHistory());

export const createMemoryRouter = (
  routes: RouteObject[],
  options: { initialEntries?: InitialEntry[]; initialIndex?: number } = {},
) => new DataRouter(routes, createMemoryHistory(options.initialEntries, options.initialIndex));
