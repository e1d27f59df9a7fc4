import { lazyComponent } from '../on-demand';

/**
 * Stands in for the Radio antd Table's selection hook renders for `rowSelection.type: 'radio'` (the
 * table pickers; build/antd-redirects.ts points the hook's import here). The hook renders Radio as a
 * component only, so this is all it needs: antd's Radio, with every prop (and the ref), once loaded;
 * nothing before (the selection column keeps its width). Other tables bring no Radio with them.
 */
const LazyRadio = lazyComponent(() => import('antd/es/radio').then((m) => m.default));
export default LazyRadio;
