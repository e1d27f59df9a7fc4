import { lazyComponent } from '../on-demand';

/**
 * Stands in for the virtual table antd's Table renders instead of its plain one when a table sets the
 * `virtual` prop (build/antd-redirects.ts points the table's import here). No table of ours sets it
 * today; one that does gets antd's virtual table, with every prop and the ref, once loaded.
 */
const LazyVirtualTable = lazyComponent(() => import('antd/es/table/RcTable/VirtualTable').then((m) => m.default));
export default LazyVirtualTable;
