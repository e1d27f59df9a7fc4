import { lazy, Suspense, type ComponentProps } from 'react';
import { loadChunk } from '../chunk-load';

const VirtualTable = lazy(() => loadChunk(() => import('antd/es/table/RcTable/VirtualTable')));

/**
 * Stands in for the virtual table antd's Table renders instead of its plain one when a table sets the
 * `virtual` prop (build/antd-redirects.ts points the table's import here). No table of ours sets it
 * today; one that does gets antd's virtual table, with every prop and the ref, once loaded.
 */
export default function LazyVirtualTable(props: ComponentProps<typeof VirtualTable>) {
  return (
    <Suspense fallback={null}>
      <VirtualTable {...props} />
    </Suspense>
  );
}
