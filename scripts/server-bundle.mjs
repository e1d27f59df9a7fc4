// The server as one ES module, as `npm start` runs it (scripts/start.mjs) and as the browser tests'
// servers run it (e2e/support/global-setup.ts builds one for the run).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What the bundle is made of: a newer file below one of these means it must be built again. */
export const SERVER_SOURCES = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contracts/src',
  // Its `sideEffects` decide what of the contracts the bundle keeps.
  'packages/contracts/package.json',
].map((p) => path.join(root, p));

/**
 * Bundles the server into `outdir` (its packages stay in node_modules): Node loads it in a fraction of
 * the time tsx takes to compile and resolve a few hundred TypeScript files on every start. `outdir`
 * must sit two folders below apps/server, like the sources, so the paths the server resolves from its
 * own location (migrations, apps/web/dist) are the same.
 */
export async function bundleServer(outdir) {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(readFileSync(path.join(root, 'apps/server/package.json'), 'utf8'));
  const packages = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies, zod: '' });
  await build({
    // The announcement sanitiser's worker thread is a module of its own beside the server.
    entryPoints: {
      server: path.join(root, 'apps/server/src/server.ts'),
      'rich-text.worker': path.join(root, 'apps/server/src/platform/rich-text.worker.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Packages load from node_modules as usual; the workspace's own sources (contracts) are bundled.
    external: packages.flatMap((name) => [name, `${name}/*`]),
    // CommonJS packages reached through `require` inside the bundle.
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
}
