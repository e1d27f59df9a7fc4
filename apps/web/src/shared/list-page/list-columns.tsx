import type { TableColumnType as ColumnType } from 'antd';
import { sortOrderOf, type ListSort } from './list-params';
import { RowActions, type RowAction } from './row-actions';

/** A column as a page declares it (pure data): antd's column; `sorter: true` sorts on the server. */
export type ListColumn<T> = ColumnType<T>;

export type RowActionsFn<T> = (record: T) => RowAction[];

/** The column's query name: its key, else its dataIndex (a path joins with dots). */
export function columnName<T>(c: ListColumn<T>): string | undefined {
  if (typeof c.key === 'string') return c.key;
  if (Array.isArray(c.dataIndex)) return c.dataIndex.join('.');
  return typeof c.dataIndex === 'string' ? c.dataIndex : undefined;
}

type BuildOptions<T> = {
  sort: ListSort | null;
  pageNo: number;
  pageSize: number;
  rowNumber: boolean;
  rowActions?: RowActionsFn<T>;
  actionsWidth?: number;
  /** Row actions standing in the cell before 更多 (default: three, or two and 更多). */
  inlineActions?: number;
  /** Column filters (antd header filters) and their current values. */
  filters: Record<string, string>;
};

/**
 * The table's columns: a `#` row-number column, the page's columns with the current sort and
 * filter shown, and the 操作 column when the page has row actions.
 */
export function buildColumns<T>(columns: readonly ListColumn<T>[], o: BuildOptions<T>): ColumnType<T>[] {
  const out: ColumnType<T>[] = [];
  if (o.rowNumber) {
    out.push({
      key: 'rowIndex',
      title: '#',
      width: 60,
      align: 'center',
      render: (_v, _r, index) => (o.pageNo - 1) * o.pageSize + index + 1,
    });
  }
  for (const c of columns) {
    const name = columnName(c);
    const col: ColumnType<T> = { ...c };
    if (c.sorter === true && name) col.sortOrder = sortOrderOf(name, o.sort);
    if (c.filters && name) col.filteredValue = o.filters[name]?.split(',') ?? null;
    out.push(col);
  }
  const rowActions = o.rowActions;
  if (rowActions) {
    out.push({
      key: 'action',
      title: '操作',
      align: 'center',
      width: o.actionsWidth,
      fixed: 'right',
      render: (_v, record) => <RowActions actions={rowActions(record)} inline={o.inlineActions} />,
    });
  }
  return out;
}
