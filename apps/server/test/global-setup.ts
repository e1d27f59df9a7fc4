import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';

/**
 * Creating a PGlite database costs seconds (initdb in WebAssembly); loading a dumped data
 * directory costs a fraction. So the run migrates and seeds once and every test file loads a copy.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  if (process.env.TEST_DB === 'postgres') {
    project.provide('pgliteSnapshots', null);
    return () => undefined;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lims-pglite-snap-'));
  const db = await openDatabase({ databaseUrl: 'memory://', timeZone: 'Asia/Shanghai' });
  const client = (db.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const migrated = path.join(dir, 'migrated.tar');
  writeFileSync(migrated, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await seedDatabase(db.db, { production: false });
  const seeded = path.join(dir, 'seeded.tar');
  writeFileSync(seeded, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await db.close();
  project.provide('pgliteSnapshots', { migrated, seeded });
  return () => rmSync(dir, { recursive: true, force: true });
}
