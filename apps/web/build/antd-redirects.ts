import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** A stand-in's file (a plain path: the unit tests import this module, where vite would turn `new URL(…, import.meta.url)` into an asset import). */
const standIn = (path: string) => join(dirname(fileURLToPath(import.meta.url)), '../src/shared/ui', path);
/** @rc-component/form's file that defines FormProvider, as installed. */
const formContextFile = createRequire(import.meta.url).resolve('@rc-component/form/es/FormContext.js');

/** One import inside antd, and the module it is pointed at instead. */
export type AntdRedirect = { importer: RegExp; source: string; target: string };

/**
 * A few imports inside antd that made every page load code it does not use, each pointed elsewhere
 * (that import in that antd module alone).
 *
 * antd's Table imports a few parts statically that only some tables render, so every table page
 * loaded them. Each is pointed at a lazy stand-in that loads the real part when a table first renders it:
 *   - the column filter dropdown (with Tree, Menu, Checkbox, Radio): columns with `filters` or
 *     `filterDropdown` (the table pickers' column search);
 *   - Radio: `rowSelection.type: 'radio'` (the table pickers);
 *   - the virtual table: the `virtual` prop (no table of ours sets it).
 *
 * antd's form context (imported by every Input, Select, picker…) takes `FormProvider` from the index
 * of `@rc-component/form`, which imports the whole form (its store, async-validator): the bundler
 * places what a module reaches by its imports, so every page with an input loaded antd Form's 14 KB
 * (gzip). It is pointed at the one file that defines `FormProvider` (the same module the index
 * re-exports, so the same React context).
 */
export const ANTD_REDIRECTS: readonly AntdRedirect[] = [
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
  {
    importer: /antd[\\/]es[\\/]form[\\/]context\.js$/,
    source: '@rc-component/form',
    target: formContextFile,
  },
];

/** Where `source` imported by `importer` is pointed, or null (every other import resolves as usual). */
export function redirectAntdImport(source: string, importer: string | undefined): string | null {
  if (!importer) return null;
  return ANTD_REDIRECTS.find((r) => r.source === source && r.importer.test(importer))?.target ?? null;
}

/** The redirects above, for the build and for the unit tests (the same module graph). */
export function antdRedirects(): Plugin {
  return {
    name: 'lims-antd-redirects',
    enforce: 'pre',
    resolveId(source, importer) {
      return redirectAntdImport(source, importer);
    },
  };
}
