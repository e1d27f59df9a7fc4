import { lazy, Suspense } from 'react';
import type { FilterDropdownProps } from 'antd/es/table/hooks/useFilter/FilterDropdown';
import type { ColumnFilterItem, FilterValue } from 'antd/es/table/interface';
import { loadChunk } from '../chunk-load';

/**
 * Stands in for antd Table's column filter dropdown (build/antd-redirects.ts points the table's
 * import here). antd's dropdown brings Tree, Menu, Checkbox and Radio with it, but only columns with
 * `filters` or `filterDropdown` render it (the table pickers' column search): every other table, every
 * list page, loads none of that.
 */
const FilterDropdown = lazy(() => loadChunk(() => import('antd/es/table/hooks/useFilter/FilterDropdown')));

/** The values of `filters` and of their children, depth first (as antd's own). */
export function flattenKeys(filters?: ColumnFilterItem[]): FilterValue {
  return (filters ?? []).flatMap(({ value, children }) => [value, ...(children ? flattenKeys(children) : [])]);
}

/** The column title alone until antd's dropdown has loaded, then antd's dropdown. */
export default function LazyFilterDropdown<RecordType extends object>(props: FilterDropdownProps<RecordType>) {
  const title = (
    <div className={`${props.prefixCls}-column`}>
      <span className={`${props.tablePrefixCls}-column-title`}>{props.children}</span>
    </div>
  );
  return (
    <Suspense fallback={title}>
      <FilterDropdown {...props} />
    </Suspense>
  );
}
