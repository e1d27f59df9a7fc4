import type { QueryKey } from '@tanstack/react-query';
import type { Page } from '@lims/contracts';
import { http } from '../http/api-client';
import { LIST_MSG } from './list-messages';
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
  /** Dictionaries the rows show as text: the rows wait for them (never a raw code in a cell). */
  rowDicts?: readonly string[];
};

/** A list's rows as a fetcher (instead of a list url), e.g. a tree answered whole. */
export type ListFetcher<T> = (params: ListParams, signal: AbortSignal) => Promise<Page<T>>;

/**
 * What a list page asks for, declared apart from the page (pure data, no components) so the page's
 * route can start the first rows while the page's script loads: the page passes the same object to
 * `useListPage`. A page with column filters (`filters` on a column) also names those columns in
 * `columnFilterKeys` (they are URL filters too); `rowDicts` names the dictionaries its cells show as
 * text (DictTag): they load with the first rows, and the rows wait for them.
 */
export type ListSource<T = never> = Pick<
  ListRequest,
  'keys' | 'url' | 'searchFields' | 'defaultSort' | 'pageSize' | 'fixedParams' | 'rowDicts'
> & {
  /** Instead of `url`: a fetcher of the same contract. */
  fetcher?: ListFetcher<T>;
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

/** How a source's rows are fetched: its fetcher, else its list url (undefined when it has neither). */
export function listFetcher<T>(source: Pick<ListSource<T>, 'url' | 'fetcher'>): ListFetcher<T> | undefined {
  const { url, fetcher } = source;
  return fetcher ?? (url ? (params, signal) => fetchListPage<T>(url, params, signal) : undefined);
}

/** One query a page makes as soon as it mounts: its key and its fetch (TanStack Query's). */
export type FirstQuery = { queryKey: QueryKey; queryFn: (ctx: { signal: AbortSignal }) => Promise<unknown> };

/** The list call a page at `url` makes first (its key and fetch), as `useListPage` will ask for it. */
export function firstRowsQuery<T>(source: ListSource<T>, url: URL): FirstQuery {
  const state = readListState(url.searchParams, listStateOptions(source, source.columnFilterKeys));
  const params = listParams(source, state);
  const fetchRows = listFetcher(source);
  return {
    queryKey: source.keys.list(params),
    queryFn: ({ signal }) =>
      fetchRows ? fetchRows(params, signal) : Promise.reject(new Error(LIST_MSG.missingListUrl)),
  };
}
