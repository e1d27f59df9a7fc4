import { App } from 'antd';
import { useEffect, useState, type Key } from 'react';
import { keepPreviousData, useQueries, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { baseWidth, buildColumns, columnName, namedColumns, type ListColumn } from './list-columns';
import { LIST_MSG } from './list-messages';
import {
  DEFAULT_SORT,
  PAGE_SIZE_OPTIONS,
  cleanParams,
  tableChange,
  totalText,
  type ListParams,
  type SorterLike,
} from './list-params';
import { dictOptionsQuery } from '../dict/use-dict-options';
import { listFetcher, listParams, listStateOptions, type ListFetcher, type ListRequest } from './list-prefetch';
import { isBusinessError, reportError } from './report-error';
import type { RowAction } from './row-actions';
import { filtersToSearch, formToFilters, type SearchField } from './search-fields';
import { selectionLabels } from '../ui/table-selection/selection-labels';
import { useListDelete, type DeleteQuery } from './use-list-delete';
import { useListState } from './use-list-state';
import { useSuperQuery } from './use-super-query';
import { tableSize } from './table-settings';
import type { TableToolsProps } from './table-tools';
import { useTableSettings } from './use-table-settings';
import styles from './list-page.module.css';

export type { ListFetcher, ListKeys } from './list-prefetch';
/** Ready-made row actions the page places in its 操作 column. */
export type RowKit<T> = { deleteAction(record: T, opts?: { code?: string; label?: string }): RowAction };

export type UseListPageOptions<T> = ListRequest & {
  /** Instead of `url`: a fetcher of the same contract. */
  fetcher?: ListFetcher<T>;
  deleteUrl?: string;
  deleteBatchUrl?: string;
  /** Query of the delete calls when it is not `?id=` / `?ids=` (e.g. `{ roleId, userId }`). */
  deleteQuery?: DeleteQuery;
  exportUrl?: string;
  /** File name of the export, without the suffix (default 导出文件). */
  exportName?: string;
  importUrl?: string;
  templateUrl?: string;
  columns?: readonly ListColumn<T>[];
  rowActions?: (record: T, kit: RowKit<T>) => RowAction[];
  actionsWidth?: number;
  /** Row actions standing in the 操作 cell before 更多 (e.g. 1: `编辑 | 更多 ▾`). */
  inlineActions?: number;
  /** Keep page, size, sort and search in the URL (default true; false inside drawers). */
  syncUrl?: boolean;
  rowKey?: string;
  selectable?: boolean;
  rowNumber?: boolean;
  /** After a successful import (the list is already refreshed), with the answer's `result`. */
  onImported?: (result: unknown) => void;
  /** More query keys to invalidate after a delete or import (e.g. dictionary options). */
  invalidateKeys?: QueryKey[];
  /** Preference key of the user's column settings (default `table:<route path>`). */
  settingsKey?: string;
};

export type SearchFormProps = {
  fields: readonly SearchField[];
  filters: Record<string, string>;
  onSearch(values: Record<string, unknown>): void;
  onReset(): void;
};

const EMPTY_FIELDS: readonly SearchField[] = [];
const EMPTY_COLUMNS: readonly never[] = [];

/** The same array while the declared fields stay equal (pages may declare them inline). */
function useStableFields(fields: readonly SearchField[]): readonly SearchField[] {
  const [stable, setStable] = useState(fields);
  const same = stable === fields || JSON.stringify(stable) === JSON.stringify(fields);
  if (!same) setStable(fields);
  return same ? stable : fields;
}

/**
 * One list page's behaviour (the ancestor's list mixin as a hook): query params, paging, sorting,
 * selection, reload, delete and batch delete, export/import wiring, list state in the URL. Returns
 * props for antd's Table and the kit's search form, toolbar and buttons.
 */
export function useListPage<T extends object>(o: UseListPageOptions<T>) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const fields = useStableFields(o.searchFields ?? EMPTY_FIELDS);
  const columns = o.columns ?? EMPTY_COLUMNS;
  const rowKey = o.rowKey ?? 'id';
  const defaultSort = o.defaultSort === undefined ? DEFAULT_SORT : o.defaultSort;
  const tableFilterKeys = columns
    .filter((c) => c.filters)
    .map(columnName)
    .filter((n): n is string => Boolean(n));
  const syncUrl = o.syncUrl ?? true;
  const [state, setState] = useListState({
    syncUrl,
    ...listStateOptions({ searchFields: fields, defaultSort, pageSize: o.pageSize }, tableFilterKeys),
  });
  const [selectedKeys, setSelectedKeys] = useState<Key[]>([]);
  const tableSettings = useTableSettings({ key: o.settingsKey, inDrawer: !syncUrl, keys: o.keys.all });

  const { url } = o;
  const fetchList = listFetcher<T>(o);
  const search = filtersToSearch(fields, state.filters);
  // The same query a route's prefetch (list-prefetch) computes from the URL, plus an active 高级查询.
  const baseParams = listParams({ searchFields: fields, fixedParams: o.fixedParams }, state);
  const superQuery = useSuperQuery({
    listUrl: url,
    searchFields: fields,
    columns,
    syncUrl: o.syncUrl ?? true,
    probe:
      fetchList &&
      ((extra) => fetchList({ ...baseParams, ...extra, pageNo: 1, pageSize: 1 }, new AbortController().signal)),
    onChange: () => setState({ pageNo: 1 }),
  });
  const params: ListParams = { ...baseParams, ...superQuery.params };
  const exportParams = cleanParams({
    ...o.fixedParams,
    ...search,
    ...superQuery.params,
    column: state.sort?.column,
    order: state.sort?.order,
  });
  const hasSource = Boolean(fetchList);
  useEffect(() => {
    if (!hasSource) message.open({ key: 'list-url', type: 'error', content: LIST_MSG.missingListUrl });
  }, [hasSource, message]);

  const query = useQuery({
    queryKey: o.keys.list(params),
    enabled: hasSource,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      try {
        return await fetchList!(params, signal);
      } catch (err) {
        if (!signal.aborted) reportError(err, message, 'warning');
        throw err;
      }
    },
  });
  // The dictionaries the cells show as text (a failed one shows the codes) and the user's column settings:
  // rows wait for both, so they are drawn once, with their columns and texts.
  const rowDicts = useQueries({ queries: (o.rowDicts ?? []).map(dictOptionsQuery) });
  const dictsPending = rowDicts.some((d) => d.isPending);
  const rowsReady = !dictsPending && tableSettings.ready;
  // `undefined` while nothing can be drawn: antd then shows only its spinner, not 暂无数据 under it.
  const shownRecords = rowsReady ? query.data?.records : undefined;
  const records = shownRecords ?? [];
  const idOf = (r: T) => (r as Record<string, unknown>)[rowKey] as Key;

  const invalidate = () =>
    Promise.all(
      [o.keys.all, ...(o.invalidateKeys ?? [])].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
  const reload = () => void query.refetch();

  const { remove, removeBatch } = useListDelete({
    deleteUrl: o.deleteUrl,
    deleteBatchUrl: o.deleteBatchUrl,
    query: o.deleteQuery,
    selectedKeys,
    /** Forget the removed rows, step back a page when this one is left empty, refresh. */
    onDeleted: (removed) => {
      setSelectedKeys((keys) => keys.filter((k) => !removed.includes(k)));
      const left = records.filter((r) => !removed.includes(idOf(r))).length;
      if (left === 0 && state.pageNo > 1) setState({ pageNo: state.pageNo - 1 });
      return invalidate();
    },
  });

  const setSearch = (filters: Record<string, string>) => {
    const same = JSON.stringify(filters) === JSON.stringify(state.filters);
    if (same && state.pageNo === 1) reload();
    else setState({ filters, pageNo: 1 });
  };
  const tableFilters = Object.fromEntries(
    tableFilterKeys.flatMap((k) => (state.filters[k] ? [[k, state.filters[k]]] : [])),
  );
  const searchFormProps: SearchFormProps = {
    fields,
    filters: state.filters,
    onSearch: (values) => setSearch({ ...tableFilters, ...formToFilters(fields, values) }),
    onReset: () => setSearch({}),
  };

  const kit: RowKit<T> = {
    deleteAction: (record, opts) => ({
      key: 'delete',
      label: opts?.label ?? '删除',
      code: opts?.code,
      confirm: LIST_MSG.deleteConfirm,
      onClick: () => void remove(idOf(record)),
    }),
  };
  const { rowActions } = o;
  const tableColumns = buildColumns(columns, {
    sort: state.sort,
    pageNo: state.pageNo,
    pageSize: state.pageSize,
    rowNumber: o.rowNumber ?? true,
    rowActions: rowActions && ((r: T) => rowActions(r, kit)),
    actionsWidth: o.actionsWidth,
    inlineActions: o.inlineActions,
    filters: state.filters,
    settings: tableSettings.settings,
  });

  const onChange: TableProps<T>['onChange'] = (pagination, filters, sorter, extra) => {
    const change = { pagination, filters, sorter: sorter as SorterLike | SorterLike[], action: extra.action };
    const patch = tableChange(state, change, defaultSort);
    if (patch) setState(patch);
  };

  const queryError = query.isError && !query.isFetching ? query.error : null;
  const tableProps: TableProps<T> = {
    rowKey,
    bordered: true,
    size: tableSize(tableSettings.settings),
    // Until the user's settings are in, the table waits (no flash of the default columns).
    columns: tableSettings.ready ? tableColumns : [],
    dataSource: shownRecords,
    // Rows light up on hover by CSS (styles.table): antd's own hover is React state that every
    // cell of the page subscribes to, which makes scrolling a long page under the pointer stutter.
    className: styles.table,
    rowHoverable: false,
    loading: query.isFetching || !rowsReady,
    onChange,
    // Every column has a width (list-columns): a long value is cut, never widens its column;
    // ListPage sets the scroll width to the columns' sum.
    tableLayout: 'fixed',
    scroll: { x: 'max-content' },
    // Header stays in view while the page scrolls. antd's sticky horizontal scrollbar is hidden:
    // ListPage's own (table-scrollbar.tsx) sticks to the window's bottom instead, so there is one.
    sticky: true,
    pagination: {
      current: state.pageNo,
      pageSize: state.pageSize,
      total: query.data?.total ?? 0,
      showQuickJumper: true,
      showSizeChanger: true,
      pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
      showTotal: totalText,
    },
    rowSelection:
      o.selectable === false
        ? undefined
        : {
            selectedRowKeys: selectedKeys,
            onChange: (keys) => setSelectedKeys(keys),
            preserveSelectedRowKeys: true,
            ...selectionLabels(records),
          },
    locale: queryError
      ? { emptyText: isBusinessError(queryError) ? queryError.message : LIST_MSG.queryFailed }
      : undefined,
  };

  const tableTools: TableToolsProps = {
    columns: namedColumns(columns).map(({ name, label, column }) => ({ name, label, width: baseWidth(column) })),
    settings: tableSettings.settings,
    onChange: tableSettings.change,
    onReset: tableSettings.reset,
    onReload: reload,
    reloading: query.isFetching,
  };

  return {
    tableProps,
    tableTools,
    searchFormProps,
    state,
    setState,
    /** The current list call's params. */
    params,
    /** The selected row keys; rows are those of the current page. */
    selection: {
      keys: selectedKeys,
      rows: records.filter((r) => selectedKeys.includes(idOf(r))),
      clear: () => setSelectedKeys([]),
    },
    data: query.data,
    error: queryError,
    reload,
    invalidate,
    remove,
    removeBatch,
    /** The 高级查询 button's controller. */
    superQuery: superQuery.controller,
    exportProps: o.exportUrl
      ? { url: o.exportUrl, fileName: o.exportName, params: exportParams, selections: selectedKeys.map(String) }
      : undefined,
    importProps: o.importUrl
      ? {
          url: o.importUrl,
          templateUrl: o.templateUrl,
          onImported: async (result: unknown) => {
            await invalidate();
            o.onImported?.(result);
          },
        }
      : undefined,
  };
}

export type ListPageController<T extends object> = ReturnType<typeof useListPage<T>>;
