import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { Page } from '@lims/contracts';
import { http } from '../http/api-client';
import { feedback } from '../ui/app-feedback';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_SORT,
  PAGE_SIZE_OPTIONS,
  listQuery,
  readListState,
  type ListParams,
  type ListSort,
  type ListState,
  type ListStateOptions,
} from './list-params';
import { reportError } from './report-error';
import { filterKeysOf, filtersToSearch, type SearchField } from './search-fields';

/** A feature's key factory as the kit needs it: a prefix for invalidation and the list key. */
export type ListKeys = { all: QueryKey; list: (params: ListParams) => QueryKey };

/** What decides a list's request: shared by useListPage's options and a route's prefetch. */
export type ListRequest = {
  keys: ListKeys;
  /** The list url (GET, answers `{ records, total }`). */
  url?: string;
  searchFields?: readonly SearchField[];
  /** Default createTime desc; null sends no sort (the server's own order). */
  defaultSort?: ListSort | null;
  pageSize?: number;
  /** Params every call carries (e.g. the parent id of a sub-list). */
  fixedParams?: Record<string, string | number | undefined>;
};

/**
 * What a list page asks its list url for, declared apart from the page (pure data, no components) so
 * the page's route can start the first rows while the page's script loads: the page passes the same
 * object to `useListPage`. A page with column filters (`filters` on a column) also names those
 * columns in `columnFilterKeys` (they are URL filters too).
 */
export type ListSource = Required<Pick<ListRequest, 'keys' | 'url'>> &
  Pick<ListRequest, 'searchFields' | 'defaultSort' | 'pageSize' | 'fixedParams'> & {
    columnFilterKeys?: readonly string[];
  };

type StateSource = Pick<ListRequest, 'searchFields' | 'defaultSort' | 'pageSize'>;

/** How a list reads its state from the URL (useListPage and the prefetch alike). */
export function listStateOptions(o: StateSource, columnFilterKeys: readonly string[] = []): ListStateOptions {
  return {
    defaultSort: o.defaultSort === undefined ? DEFAULT_SORT : o.defaultSort,
    defaultPageSize: o.pageSize ?? DEFAULT_PAGE_SIZE,
    pageSizeOptions: PAGE_SIZE_OPTIONS,
    filterKeys: [...filterKeysOf(o.searchFields ?? []), ...columnFilterKeys],
  };
}

/** The list call's query for a list state. */
export function listParams(o: Pick<ListSource, 'searchFields' | 'fixedParams'>, state: ListState): ListParams {
  return listQuery(state, filtersToSearch(o.searchFields ?? [], state.filters), o.fixedParams);
}

/** One page of a list url (the kit's list call; errors are shown by its caller). */
export function fetchListPage<T>(url: string, params: ListParams, signal: AbortSignal): Promise<Page<T>> {
  return http.get<Page<T>>(url, params, { silent: true, signal });
}

/**
 * Starts the list call the page at `url` will make, under the key the page reads, unless that key
 * already has data (a tab opened again). Not awaited: the page shows its own loading state. A failure
 * is shown here only when the page is already waiting on this call; a page that mounts later asks
 * again and shows its own.
 */
export function prefetchListRows(client: QueryClient, source: ListSource, url: URL): void {
  const state = readListState(url.searchParams, listStateOptions(source, source.columnFilterKeys));
  const params = listParams(source, state);
  const queryKey = source.keys.list(params);
  // Already on its way (started a moment earlier): whoever started it handles its answer.
  if (client.getQueryState(queryKey)?.fetchStatus === 'fetching') return;
  client
    .ensureQueryData({ queryKey, queryFn: ({ signal }) => fetchListPage(source.url, params, signal) })
    .catch((err: unknown) => {
      const query = client.getQueryCache().find({ queryKey, exact: true });
      if (query && query.getObserversCount() > 0) reportError(err, feedback.message, 'warning');
    });
}
