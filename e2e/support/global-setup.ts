import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startServer } from './server';
import { removeStaleBundles } from './stale-bundles';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory the server has migrated and seeded, copied for each test file (null on PostgreSQL). */
    seededDataDir: string | null;
    /** The server bundle every test's server runs (scripts/server-bundle.mjs, built once for the run). */
    serverScript: string;
  }
}

/**
 * The run's server, built once as `npm start` builds it: one bundle that Node starts in a fraction of
 * the time tsx takes to compile the sources for every test file's server (the API tests run the sources).
 */
async function buildServer(): Promise<string> {
  // Two folders below apps/server, like the sources: the server finds its migrations and apps/web/dist.
  const dist = path.join(repoRoot, 'apps/server/dist');
  removeStaleBundles(dist);
  const outdir = path.join(dist, `bundle-e2e-${process.pid}`);
  const { bundleServer } = (await import(path.join(repoRoot, 'scripts/server-bundle.mjs'))) as {
    bundleServer: (outdir: string) => Promise<void>;
  };
  await bundleServer(outdir);
  return outdir;
}

/**
 * A server's first start on an empty PGlite directory spends seconds creating, migrating and seeding the
 * database; on a copy of a seeded directory it is ready in a fraction. So the run starts the server once
 * (the same way the tests do), stops it, and every file's server starts on a copy of what it left.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const bundle = await buildServer();
  const script = path.join(bundle, 'server.mjs');
  project.provide('serverScript', script);
  const removeBundle = () => rmSync(bundle, { recursive: true, force: true });
  if (process.env.E2E_DATABASE_URL) {
    project.provide('seededDataDir', null);
    return removeBundle;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lims-e2e-seeded-'));
  const server = await startServer({ DATA_DIR: dir }, { script });
  await server.stop();
  project.provide('seededDataDir', dir);
  return () => {
    rmSync(dir, { recursive: true, force: true });
    removeBundle();
  };
}
