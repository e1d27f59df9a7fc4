import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** antd Table's filter hook, the one module whose import of its dropdown is redirected. */
const FILTER_HOOK = /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/;
const LAZY_DROPDOWN = fileURLToPath(new URL('../src/shared/ui/table-filter/lazy-filter-dropdown.tsx', import.meta.url));

/**
 * antd's Table imports its column filter dropdown (with Tree, Menu, Checkbox, Radio) statically, so
 * every table page loaded it though no list column filters. This points that one import at a lazy
 * stand-in: tables that filter (the pickers) load the dropdown when they render it.
 */
export function lazyTableFilter(): Plugin {
  return {
    name: 'lims-lazy-table-filter',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === './FilterDropdown' && importer && FILTER_HOOK.test(importer) ? LAZY_DROPDOWN : null;
    },
  };
}
