import { LIST_MSG } from './list-messages';

/** Pure rules of a list's query: cleaning, paging, sorting and the list state kept in the URL. */

export type SortOrder = 'asc' | 'desc';
export type ListSort = { column: string; order: SortOrder };
/** Search values as they appear in the URL (one string per query field). */
export type Filters = Record<string, string>;
/** What a list shows: page, size, sort and search values. */
export type ListState = { pageNo: number; pageSize: number; sort: ListSort | null; filters: Filters };
/** The query sent to a list endpoint: no empty values, strings trimmed. */
export type ListParams = Record<string, string | number>;

export const PAGE_SIZE_OPTIONS: readonly number[] = [10, 20, 30];
export const DEFAULT_PAGE_SIZE = 10;
/** SPEC section 9: lists sort by createTime descending unless told otherwise. */
export const DEFAULT_SORT: ListSort = { column: 'createTime', order: 'desc' };
/** Query names owned by paging and sorting: never search fields. */
export const RESERVED_PARAMS: readonly string[] = ['pageNo', 'pageSize', 'column', 'order'];

const COLUMN_RE = /^[A-Za-z_][A-Za-z0-9_.]{0,63}$/;

function cleanValue(value: unknown): string | number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(cleanValue).filter((v) => v !== undefined);
    return parts.length ? parts.join(',') : undefined;
  }
  return undefined;
}

/**
 * SPEC section 5: string values are trimmed; empty, null and undefined values are dropped.
 * Arrays become comma-joined strings (the multi-value form the server reads).
 */
export function cleanParams(input: Record<string, unknown>): ListParams {
  const out: ListParams = {};
  for (const [key, value] of Object.entries(input)) {
    const clean = cleanValue(value);
    if (clean !== undefined) out[key] = clean;
  }
  return out;
}

/** The part of an antd sorter the mapping reads. */
export type SorterLike = { field?: unknown; columnKey?: unknown; order?: 'ascend' | 'descend' | null };

/** antd's sorter → `{ column, order }`: ascend → asc, descend → desc; a cleared sort → the default. */
export function sortFromSorter(
  sorter: SorterLike | SorterLike[] | undefined,
  fallback: ListSort | null,
): ListSort | null {
  const s = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!s?.order) return fallback;
  const field = Array.isArray(s.field) ? s.field.join('.') : (s.field ?? s.columnKey);
  if (typeof field !== 'string' || !field) return fallback;
  return { column: field, order: s.order === 'ascend' ? 'asc' : 'desc' };
}

/** The antd `sortOrder` of a column under the current sort. */
export function sortOrderOf(column: string, sort: ListSort | null): 'ascend' | 'descend' | null {
  if (!sort || sort.column !== column) return null;
  return sort.order === 'asc' ? 'ascend' : 'descend';
}

/** The pager's total text: the range shown and 共N条. */
export function totalText(total: number, range: [number, number]): string {
  return LIST_MSG.totalText(total === 0 ? 0 : range[0], range[1], total);
}

export type ListStateOptions = {
  defaultSort: ListSort | null;
  defaultPageSize: number;
  pageSizeOptions: readonly number[];
  /** URL names holding search values (everything else in the URL is left alone). */
  filterKeys: readonly string[];
};

export function initialListState(o: ListStateOptions): ListState {
  return { pageNo: 1, pageSize: o.defaultPageSize, sort: o.defaultSort, filters: {} };
}

function positiveInt(raw: string | null): number | undefined {
  if (raw === null || !/^\d{1,9}$/.test(raw)) return undefined;
  const n = Number(raw);
  return n >= 1 ? n : undefined;
}

/** The list state in a URL's search params; anything missing or malformed falls back to the default. */
export function readListState(search: URLSearchParams, o: ListStateOptions): ListState {
  const size = positiveInt(search.get('pageSize'));
  const column = search.get('column');
  const order = search.get('order');
  const filters: Filters = {};
  for (const key of o.filterKeys) {
    const value = search.get(key);
    if (value !== null && value.trim() !== '') filters[key] = value;
  }
  return {
    pageNo: positiveInt(search.get('pageNo')) ?? 1,
    pageSize: size !== undefined && o.pageSizeOptions.includes(size) ? size : o.defaultPageSize,
    sort: column && COLUMN_RE.test(column) ? { column, order: order === 'asc' ? 'asc' : 'desc' } : o.defaultSort,
    filters,
  };
}

const sameSort = (a: ListSort | null, b: ListSort | null) => a?.column === b?.column && a?.order === b?.order;

/** Writes the state into a copy of `base`, keeping only values that differ from the defaults. */
export function writeListState(state: ListState, base: URLSearchParams, o: ListStateOptions): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of [...RESERVED_PARAMS, ...o.filterKeys]) next.delete(key);
  for (const key of o.filterKeys) {
    const value = state.filters[key];
    if (value !== undefined && value.trim() !== '') next.set(key, value);
  }
  if (state.pageNo > 1) next.set('pageNo', String(state.pageNo));
  if (state.pageSize !== o.defaultPageSize) next.set('pageSize', String(state.pageSize));
  if (state.sort && !sameSort(state.sort, o.defaultSort)) {
    next.set('column', state.sort.column);
    next.set('order', state.sort.order);
  }
  return next;
}

/** What a table change (antd's onChange) did, as far as the list state goes. */
export type TableChange = {
  pagination: { current?: number; pageSize?: number };
  filters: Record<string, readonly unknown[] | null>;
  sorter: SorterLike | SorterLike[];
  action: 'paginate' | 'sort' | 'filter' | (string & {});
};

/**
 * The list state's answer to a table change: a new page/size; a new sort or column filter from
 * page 1 (a cleared sort returns to the default). Null when nothing of the list state changed.
 */
export function tableChange(
  state: ListState,
  change: TableChange,
  defaultSort: ListSort | null,
): Partial<ListState> | null {
  switch (change.action) {
    case 'paginate':
      return { pageNo: change.pagination.current ?? 1, pageSize: change.pagination.pageSize ?? state.pageSize };
    case 'sort':
      return { sort: sortFromSorter(change.sorter, defaultSort), pageNo: 1 };
    case 'filter': {
      const filters = { ...state.filters };
      for (const [key, values] of Object.entries(change.filters)) {
        if (values && values.length) filters[key] = values.map(String).join(',');
        else delete filters[key];
      }
      return { filters, pageNo: 1 };
    }
    default:
      return null;
  }
}

/** The whole query of a list call: fixed params, search params, sort and paging, cleaned. */
export function listQuery(
  state: ListState,
  search: Record<string, unknown>,
  fixed: Record<string, unknown> = {},
): ListParams {
  return cleanParams({
    ...fixed,
    ...search,
    column: state.sort?.column,
    order: state.sort?.order,
    pageNo: state.pageNo,
    pageSize: state.pageSize,
  });
}
