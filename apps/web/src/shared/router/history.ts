/** Where the app is, and how it got there: the browser's history or, in tests, a list in memory. */

export type Path = { pathname: string; search: string; hash: string };
/** A path with its navigation state and a key unique to the history entry. */
export type Location = Path & { state: unknown; key: string };
/** A navigation target: a path string or the parts to change (a missing pathname keeps the current one). */
export type To = string | Partial<Path>;
/** How the current location was reached: back/forward or first load (POP), a new entry, or a replaced one. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';
export const NavigationType = { Pop: 'POP', Push: 'PUSH', Replace: 'REPLACE' } as const;
/** A memory router's starting entry. */
export type InitialEntry = string | Partial<Location>;

export type History = {
  readonly location: Location;
  push(location: Location): void;
  replace(location: Location): void;
  go(delta: number): void;
  /** Called with the new location after back/forward; returns the unsubscribe function. */
  listen(onPop: (location: Location) => void): () => void;
};

export const createKey = () => Math.random().toString(36).slice(2, 10);

export function createPath({ pathname = '/', search = '', hash = '' }: Partial<Path>): string {
  return (
    pathname +
    (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '') +
    (hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '')
  );
}

export function parsePath(path: string): Partial<Path> {
  const parts: Partial<Path> = {};
  let rest = path;
  const hashAt = rest.indexOf('#');
  if (hashAt >= 0) {
    parts.hash = rest.slice(hashAt);
    rest = rest.slice(0, hashAt);
  }
  const searchAt = rest.indexOf('?');
  if (searchAt >= 0) {
    parts.search = rest.slice(searchAt);
    rest = rest.slice(0, searchAt);
  }
  if (rest) parts.pathname = rest;
  return parts;
}

/**
 * `to` as a full path from `from`: a missing pathname keeps `from`'s (and a path-only target drops its
 * query); a relative pathname resolves against `from`'s, as `..` and `.` do in a URL.
 */
export function resolvePath(to: To, from: string): Path {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  let pathname = parts.pathname ?? from;
  if (!pathname.startsWith('/'))
    pathname = new URL(pathname, `http://x${from.endsWith('/') ? from : `${from}/`}`).pathname;
  const search = parts.search ?? '';
  const hash = parts.hash ?? '';
  return { pathname, search: search === '?' ? '' : search, hash: hash === '#' ? '' : hash };
}

const location = (path: Partial<Path>, state: unknown = null, key = 'default'): Location => ({
  pathname: path.pathname || '/',
  search: path.search ?? '',
  hash: path.hash ?? '',
  state,
  key,
});

type Entry = { usr?: unknown; key?: string; idx?: number } | null;

/** The browser's history; the navigation state lives in history.state, so it outlives a reload. */
export function createBrowserHistory(): History {
  const read = (): Location => {
    const entry = window.history.state as Entry;
    const { pathname, search, hash } = window.location;
    return location({ pathname, search, hash }, entry?.usr ?? null, entry?.key ?? 'default');
  };
  let idx = (window.history.state as Entry)?.idx ?? 0;
  if ((window.history.state as Entry)?.idx === undefined) {
    window.history.replaceState({ ...(window.history.state as object), idx }, '');
  }
  const write = (loc: Location, replace: boolean) => {
    if (!replace) idx += 1;
    const entry = { usr: loc.state, key: loc.key, idx };
    if (replace) window.history.replaceState(entry, '', createPath(loc));
    else window.history.pushState(entry, '', createPath(loc));
  };
  return {
    get location() {
      return read();
    },
    push: (loc) => write(loc, false),
    replace: (loc) => write(loc, true),
    go: (delta) => window.history.go(delta),
    listen(onPop) {
      const handler = () => {
        idx = (window.history.state as Entry)?.idx ?? idx;
        onPop(read());
      };
      window.addEventListener('popstate', handler);
      return () => window.removeEventListener('popstate', handler);
    },
  };
}

/** A history in memory (tests): `initialEntries`, positioned at `initialIndex` (default: the last). */
export function createMemoryHistory(initialEntries: InitialEntry[] = ['/'], initialIndex?: number): History {
  const entries = initialEntries.map((e, i) => {
    const parts = typeof e === 'string' ? parsePath(e) : e;
    return location(parts, typeof e === 'string' ? null : (e.state ?? null), i === 0 ? 'default' : createKey());
  });
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  const listeners = new Set<(location: Location) => void>();
  return {
    get location() {
      return entries[index]!;
    },
    push(loc) {
      index += 1;
      entries.splice(index, entries.length - index, loc);
    },
    replace(loc) {
      entries[index] = loc;
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      for (const listener of listeners) listener(entries[index]!);
    },
    listen(onPop) {
      listeners.add(onPop);
      return () => listeners.delete(onPop);
    },
  };
}
