import type { ReactNode } from 'react';
import { Card, Table } from 'antd';
import { ListToolbar, type ToolbarConfig } from './list-toolbar';
import { SearchForm } from './search-form';
import { SelectionBar } from './selection-bar';
import { offersSelection } from './selection-use';
import { TableTools } from './table-tools';
import { TableScrollbar } from './table-scrollbar';
import { SELECTION_WIDTH, fitColumns } from './list-columns';
import { useWidth } from './use-width';
import { useCanFn } from '../permission/use-can';
import styles from './list-page.module.css';
import type { ListPageController } from './use-list-page';

type Props<T extends object> = {
  list: ListPageController<T>;
  toolbar?: ToolbarConfig;
  /** Inside a drawer or another card: no card of its own. */
  bare?: boolean;
  /** Shown above the search form (e.g. a preview or a hint). */
  header?: ReactNode;
  /** The page's modals and drawers. */
  children?: ReactNode;
};

/**
 * The common list layout: search form, toolbar with the table tools (刷新, 密度, 列设置) at its right
 * end, 已选择 N 项 bar, bordered table with row numbers and the pager. Everything comes from `useListPage`; the page declares only fields and columns.
 */
export function ListPage<T extends object>({ list, toolbar = {}, bare = false, header, children }: Props<T>) {
  const can = useCanFn();
  const [tableBox, width] = useWidth();
  // No checkbox column when this user has nothing to do with selected rows.
  const selectable =
    Boolean(list.tableProps.rowSelection) &&
    offersSelection(toolbar, can, { batchDelete: Boolean(list.removeBatch), exportable: Boolean(list.exportProps) });
  const base = list.tableProps;
  const fit = fitColumns(base.columns ?? [], width ?? 0, {
    selection: selectable,
    expand: Boolean(base.expandable?.expandedRowRender),
  });
  const tableProps = {
    ...base,
    columns: fit.columns,
    rowSelection: selectable ? { ...base.rowSelection, columnWidth: SELECTION_WIDTH } : undefined,
    scroll: { ...base.scroll, x: fit.x },
    // The one horizontal scrollbar (when the columns are wider than the card): always visible, at the
    // window's bottom while the rows run below it, else under the rows.
    footer: base.footer ?? (() => <TableScrollbar />),
  };
  const content = (
    <>
      {header}
      <SearchForm {...list.searchFormProps} />
      <div className={styles.toolbarRow}>
        <ListToolbar
          config={toolbar}
          selectedCount={list.selection.keys.length}
          exportProps={list.exportProps}
          importProps={list.importProps}
          onBatchDelete={list.removeBatch}
          superQuery={list.superQuery}
        />
        <TableTools {...list.tableTools} />
      </div>
      {selectable && <SelectionBar count={list.selection.keys.length} onClear={list.selection.clear} />}
      {/* The table once its box's width is known (before the first paint): its columns render fitted, once. */}
      <div ref={tableBox}>{width !== null && <Table<T> {...tableProps} />}</div>
      {children}
    </>
  );
  return bare ? (
    content
  ) : (
    <Card variant="borderless" data-list-page>
      {content}
    </Card>
  );
}
