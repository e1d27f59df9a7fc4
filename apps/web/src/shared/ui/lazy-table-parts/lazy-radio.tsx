import { lazy, Suspense, type ComponentProps } from 'react';
import { loadChunk } from '../chunk-load';

const Radio = lazy(() => loadChunk(() => import('antd/es/radio')));

/**
 * Stands in for the Radio antd Table's selection hook renders for `rowSelection.type: 'radio'` (the
 * table pickers; build/antd-redirects.ts points the hook's import here). The hook renders Radio as a
 * component only, so this is all it needs: antd's Radio, with every prop (and the ref), once loaded;
 * nothing before (the selection column keeps its width). Other tables bring no Radio with them.
 */
export default function LazyRadio(props: ComponentProps<typeof Radio>) {
  return (
    <Suspense fallback={null}>
      <Radio {...props} />
    </Suspense>
  );
}
