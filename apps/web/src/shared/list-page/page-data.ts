import type { QueryClient } from '@tanstack/react-query';
import { dictOptionsQuery } from '../dict/use-dict-options';
import { preferenceQuery } from '../preferences/use-preference';
import { useSession } from '../session/session-store';
import { feedback } from '../ui/app-feedback';
import { firstRowsQuery, type FirstQuery, type ListSource } from './list-prefetch';
import { reportError } from './report-error';
import type { SearchField } from './search-fields';
import { savedQueriesKey } from './super-query';
import { settingsKey } from './table-settings';

/** What a page asks for as it mounts, for the page's URL: its route starts all of it at once. */
export type PageLoad = {
  /** The page's first data (a list's first rows, a tree). */
  queries: readonly FirstQuery[];
  /** Dictionaries the page shows (its rows' and its search form's). */
  dicts: readonly string[];
  /** Settings of the user the page waits for before its first layout (a list's columns). */
  preferences: readonly string[];
};

/** A page's first requests for a URL (pure data: no components, loaded with the menu's routes). */
export type PageData = (url: URL) => PageLoad;

const dictsOf = (fields: readonly SearchField[]) => fields.flatMap((f) => (f.type === 'dict' ? [f.dictCode] : []));

/**
 * A list page's first requests: the rows `useListPage` asks for at this URL, the dictionaries of its
 * rows and search form, its table settings (`table:<path>`, which the table waits for) and saved
 * 高级查询 (`query:<path>`). `source`
 * may depend on the URL (日志管理's tab).
 */
export function listPageData<T>(source: ListSource<T> | ((url: URL) => ListSource<T>)): PageData {
  return (url) => {
    const s = typeof source === 'function' ? source(url) : source;
    return {
      queries: [firstRowsQuery(s, url)],
      dicts: [...new Set([...(s.rowDicts ?? []), ...dictsOf(s.searchFields ?? [])])],
      preferences: [settingsKey(url.pathname), savedQueriesKey(url.pathname, false)],
    };
  };
}

/**
 * Starts what the page at `url` asks for as it mounts, under the keys the page reads, so its data
 * arrives while its script loads. Nothing is awaited: the page shows its own loading state. A query
 * already on its way is left to whoever started it; data already cached is not asked for again. A
 * failed first query is shown here only when the page is already waiting on it (a page that mounts
 * later asks again and shows its own error).
 */
export function prefetchPageData(client: QueryClient, data: PageData, url: URL): void {
  const load = data(url);
  for (const { queryKey, queryFn } of load.queries) {
    if (client.getQueryState(queryKey)?.fetchStatus === 'fetching') continue;
    client.ensureQueryData({ queryKey, queryFn }).catch((err: unknown) => {
      const query = client.getQueryCache().find({ queryKey, exact: true });
      if (query && query.getObserversCount() > 0) reportError(err, feedback.message, 'warning');
    });
  }
  for (const code of load.dicts) void client.prefetchQuery(dictOptionsQuery(code));
  const userId = useSession.getState().userInfo?.id;
  if (userId === undefined) return;
  for (const key of load.preferences) void client.prefetchQuery(preferenceQuery(userId, key));
}
