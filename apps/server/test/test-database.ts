import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../src/db/client';
import { seedDatabase } from '../src/db/seed';

/** Which database DB-backed tests run on: TEST_DB=postgres (a fresh database per file) or pglite (in memory). */
export const TEST_DB_KIND = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Files holding dumped PGlite data directories, made once per run by test/global-setup.ts. */
    pgliteSnapshots: { migrated: string; seeded: string } | null;
  }
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

/** A new, empty PostgreSQL database named `<prefix>_<pid>_<random>`: its URL, and drop() when done. */
export async function createPgTestDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

function snapshotFor(seeded: boolean): Blob | undefined {
  let snapshots: ReturnType<typeof inject<'pgliteSnapshots'>>;
  try {
    snapshots = inject('pgliteSnapshots');
  } catch {
    return undefined;
  }
  const file = snapshots?.[seeded ? 'seeded' : 'migrated'];
  return file ? new Blob([readFileSync(file)]) : undefined;
}

/**
 * A migrated database in the Asia/Shanghai time zone, seeded with the demo data when asked:
 * in-memory PGlite (loaded from the run's snapshot when there is one), or with TEST_DB=postgres a
 * fresh PostgreSQL database that close() drops.
 */
export async function openTestDatabase(
  opts: { timeZone?: string; kind?: 'pglite' | 'postgres'; seeded?: boolean } = {},
): Promise<Database> {
  const timeZone = opts.timeZone ?? 'Asia/Shanghai';
  const seeded = opts.seeded ?? false;
  if ((opts.kind ?? TEST_DB_KIND) === 'pglite') {
    const database = await openDatabase({ databaseUrl: 'memory://', timeZone, pgliteSnapshot: snapshotFor(seeded) });
    if (seeded) await seedDatabase(database.db, { production: false });
    return database;
  }
  const fresh = await createPgTestDatabase('lims_test');
  let database: Database;
  try {
    database = await openDatabase({ databaseUrl: fresh.url, timeZone, poolSize: 5 });
    if (seeded) await seedDatabase(database.db, { production: false });
  } catch (error) {
    await fresh.drop();
    throw error;
  }
  return {
    ...database,
    async close() {
      await database.close();
      await fresh.drop();
    },
  };
}
