import type { TableProps } from 'antd';

type Selection<T> = NonNullable<TableProps<T>['rowSelection']>;

/**
 * Chinese names for a table's selection boxes: antd names them in English whatever the locale
 * ("Select all", "Select row 3"), which screen readers read out. Spread into `rowSelection`.
 */
export function selectionLabels<T>(
  rows: readonly T[],
): Pick<Selection<T>, 'getTitleCheckboxProps' | 'getCheckboxProps'> {
  return {
    getTitleCheckboxProps: () => ({ 'aria-label': '全选当页' }),
    getCheckboxProps: (record: T) => ({ 'aria-label': `选择第 ${rows.indexOf(record) + 1} 行` }),
  };
}
