import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** A stand-in's file (a plain path: the unit tests import this module, where vite would turn `new URL(…, import.meta.url)` into an asset import). */
const standIn = (path: string) => join(dirname(fileURLToPath(import.meta.url)), '../src/shared/ui', path);

/** One import inside antd's Table, and the lazy stand-in it is pointed at. */
export type TablePartRedirect = { importer: RegExp; source: string; target: string };

/**
 * antd's Table imports a few parts statically that only some tables render, so every table page
 * loaded them. Each of these imports (that import in that antd module alone) is pointed at a lazy
 * stand-in that loads the real part when a table first renders it:
 *   - the column filter dropdown (with Tree, Menu, Checkbox, Radio): columns with `filters` or
 *     `filterDropdown` (the table pickers' column search);
 *   - Radio: `rowSelection.type: 'radio'` (the table pickers);
 *   - the virtual table: the `virtual` prop (no table of ours sets it).
 */
export const TABLE_PART_REDIRECTS: readonly TablePartRedirect[] = [
  {
    importer: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]index\.js$/,
    source: './FilterDropdown',
    target: standIn('table-filter/lazy-filter-dropdown.tsx'),
  },
  {
    importer: /antd[\\/]es[\\/]table[\\/]hooks[\\/]useSelection\.js$/,
    source: '../../radio',
    target: standIn('lazy-table-parts/lazy-radio.tsx'),
  },
  {
    importer: /antd[\\/]es[\\/]table[\\/]InternalTable\.js$/,
    source: './RcTable/VirtualTable',
    target: standIn('lazy-table-parts/lazy-virtual-table.tsx'),
  },
];

/** The stand-in for `source` imported by `importer`, or null (every other import resolves as usual). */
export function redirectTablePart(source: string, importer: string | undefined): string | null {
  if (!importer) return null;
  return TABLE_PART_REDIRECTS.find((r) => r.source === source && r.importer.test(importer))?.target ?? null;
}

/** The redirects above, for the build and for the unit tests (the same module graph). */
export function lazyTableParts(): Plugin {
  return {
    name: 'lims-lazy-table-parts',
    enforce: 'pre',
    resolveId(source, importer) {
      return redirectTablePart(source, importer);
    },
  };
}
