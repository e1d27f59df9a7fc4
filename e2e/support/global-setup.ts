import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PGlite data directory the server has migrated and seeded, copied for each test file (null on PostgreSQL). */
    seededDataDir: string | null;
  }
}

/**
 * A server's first start on an empty PGlite directory spends seconds creating, migrating and seeding the
 * database; on a copy of a seeded directory it is ready in a fraction. So the run starts the server once
 * (the same way the tests do), stops it, and every file's server starts on a copy of what it left.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.E2E_DATABASE_URL) {
    project.provide('seededDataDir', null);
    return () => undefined;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lims-e2e-seeded-'));
  const server = await startServer({ DATA_DIR: dir });
  await server.stop();
  project.provide('seededDataDir', dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
