/**
 * Web bundle sizes: the gzip size of the JS (and CSS) a route loads before it can show anything —
 * the entry's static imports plus the lazy modules of the route (layout and page) and theirs —
 * and what they are made of.
 *   npx tsx bundle-size.ts                  builds apps/web into /tmp/dist-perf (--out=DIR) with its vite config
 *   npx tsx bundle-size.ts --top=12         also lists each route's largest packages / folders
 *   npx tsx bundle-size.ts --dist=DIR       reads an existing build made with --manifest (totals only)
 * The listing attributes each chunk's gzip size to its modules in proportion to their rendered
 * (minified) length: a good estimate of what a package costs a route, not an exact figure.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { flag, numberFlag, ROOT } from './lib/args';
import { printTable } from './lib/load';

type Chunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

const LAYOUT = ['src/app/app-root.tsx', 'src/app/session-start.ts', 'src/layouts/global-layout/global-layout.tsx'];
const ROUTES: { name: string; modules: string[]; limitKb: number }[] = [
  {
    name: 'login (/user/login)',
    modules: ['src/layouts/user-layout/user-layout.tsx', 'src/features/auth/login-page.tsx'],
    limitKb: 200,
  },
  {
    name: 'list page (供应商管理)',
    modules: [...LAYOUT, 'src/features/supplier/supplier-list-page.tsx'],
    limitKb: 320,
  },
  { name: 'list page (字典管理)', modules: [...LAYOUT, 'src/features/system-dict/dict-list-page.tsx'], limitKb: 320 },
  { name: 'list page (用户管理)', modules: [...LAYOUT, 'src/features/system-user/user-list-page.tsx'], limitKb: 320 },
  {
    name: 'list page (日志管理, two tabs)',
    modules: [...LAYOUT, 'src/features/system-log/log-list-page.tsx'],
    limitKb: 320,
  },
  {
    name: 'tree page (部门管理: tree, tabs)',
    modules: [...LAYOUT, 'src/features/system-depart/depart-list-page.tsx'],
    limitKb: 320,
  },
  { name: 'signed-in frame (layout, no page)', modules: LAYOUT, limitKb: 0 },
  { name: 'dashboard analysis (charts)', modules: [...LAYOUT, 'src/features/dashboard/analysis-page.tsx'], limitKb: 0 },
];

/** Module ids → rendered length, per output file (only when this script ran the build). */
const modulesOf = new Map<string, Record<string, number>>();

let dist = flag('dist', '');
if (!dist) {
  dist = flag('out', '/tmp/dist-perf');
  const web = path.join(ROOT, 'apps/web');
  const vite = (await import(
    path.join(web, 'node_modules/vite/dist/node/index.js')
  )) as typeof import('../apps/web/node_modules/vite/dist/node/index.js');
  await vite.build({
    root: web,
    configFile: path.join(web, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: dist, emptyOutDir: true, manifest: true },
    plugins: [
      {
        name: 'bundle-size-modules',
        generateBundle(_options, bundle) {
          for (const out of Object.values(bundle)) {
            if (out.type === 'chunk')
              modulesOf.set(
                out.fileName,
                Object.fromEntries(Object.entries(out.modules).map(([id, m]) => [id, m.renderedLength])),
              );
          }
        },
      },
    ],
  });
}
const manifestFile = path.join(dist, '.vite/manifest.json');
if (!existsSync(manifestFile)) throw new Error(`${manifestFile} missing: build with --manifest`);
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entry) throw new Error('no entry in the manifest');

const gz = new Map<string, number>();
const gzipKb = (file: string) => {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024);
  return gz.get(file)!;
};
/** What the server sends a browser that accepts brotli: the build's .br copy (or the file, when it has none). */
const servedKb = (file: string) => {
  const br = path.join(dist, `${file}.br`);
  return (existsSync(br) ? statSync(br).size : statSync(path.join(dist, file)).size) / 1024;
};

/** Every chunk key loaded with these modules: their static imports, transitively. */
function closure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest (renamed?)`);
    seen.add(key);
    for (const k of chunk.imports ?? []) visit(k);
  };
  keys.forEach(visit);
  return seen;
}

/** A module id as the package (antd: the component folder) or the source folder it belongs to. */
function ownerOf(id: string): string {
  const pkg = /node_modules[\\/]((?:@[^\\/]+[\\/])?[^\\/]+)[\\/](?:es[\\/]|lib[\\/])?([^\\/]+)?/.exec(id);
  if (pkg) return pkg[1] === 'antd' ? `antd/${pkg[2]?.replace(/\.js$/, '')}` : pkg[1];
  const rel = path.relative(ROOT, id.replace(/\?.*$/, ''));
  return rel
    .split(path.sep)
    .slice(0, rel.startsWith('apps') ? 4 : 3)
    .join('/');
}

/** gzip KB of a route's chunks spread over the owners of their modules, largest first. */
function largestOwners(keys: Set<string>, top: number): string {
  const kb = new Map<string, number>();
  for (const key of keys) {
    const file = manifest[key].file;
    const mods = Object.entries(modulesOf.get(file) ?? {});
    const total = mods.reduce((sum, [, len]) => sum + len, 0) || 1;
    for (const [id, len] of mods) kb.set(ownerOf(id), (kb.get(ownerOf(id)) ?? 0) + (gzipKb(file) * len) / total);
  }
  return [...kb]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([owner, size]) => `${owner} ${size.toFixed(1)}`)
    .join(', ');
}

const top = numberFlag('top', 0);
const table: (string | number)[][] = [];
const details: string[] = [];
for (const route of ROUTES) {
  const keys = closure([entry, ...route.modules]);
  const js = [...keys].reduce((kb, k) => kb + gzipKb(manifest[k].file), 0);
  const cssFiles = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
  const css = cssFiles.reduce((kb, f) => kb + gzipKb(f), 0);
  const served = [...[...keys].map((k) => manifest[k].file), ...cssFiles].reduce((kb, f) => kb + servedKb(f), 0);
  table.push([route.name, String(keys.size), js, css, js + css, served, route.limitKb ? `${route.limitKb}` : '-']);
  if (top && modulesOf.size) details.push(`${route.name}: ${largestOwners(keys, top)}`);
}
console.log(`bundle sizes (gzip -9) of ${dist}`);
printTable(['route', 'chunks', 'JS KB', 'CSS KB', 'total KB', 'brotli KB (served)', 'target KB'], table);
console.log(
  'KB: gzip -9 of each file, summed (as the targets count them); brotli: the .br copies the server sends to browsers that accept br.',
);
if (details.length) console.log(`\nlargest parts (gzip KB, estimated):\n${details.join('\n')}`);
