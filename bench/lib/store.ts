/**
 * A fresh database for one bench run: a PostgreSQL database (created here, dropped by dispose)
 * or a PGlite data directory (a temp folder, removed by dispose). Migrated and seeded with the
 * demo data, then filled with `rows` suppliers by one generate_series statement.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../apps/server/src/db/client';
import { seedDatabase } from '../../apps/server/src/db/seed';
import { PG_ADMIN_URL, type DbKind } from './args';

export const TIME_ZONE = 'Asia/Shanghai';

export type Store = {
  kind: DbKind;
  /** The PostgreSQL database name (undefined for PGlite). */
  dbName?: string;
  /** Env vars that point the server at this database. */
  env: Record<string, string>;
  /** Opens it in this process (PGlite: only while no server holds the data directory). */
  open: (poolSize?: number) => Promise<Database>;
  dispose: () => Promise<void>;
};

async function admin(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export async function createStore(kind: DbKind): Promise<Store> {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lims-bench-'));
    return {
      kind,
      env: { DATA_DIR: dataDir },
      open: () => openDatabase({ dataDir, timeZone: TIME_ZONE }),
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `lims_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lims-bench-'));
  return {
    kind,
    dbName: name,
    env: { DATABASE_URL: url.toString(), DATA_DIR: dataDir },
    // Loading a million rows in one statement takes longer than the server's statement timeout on a busy machine.
    open: (poolSize) =>
      openDatabase({ databaseUrl: url.toString(), timeZone: TIME_ZONE, poolSize, statementTimeoutMs: 600_000 }),
    dispose: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Supplier rows as a generate_series statement: codes B0000001…, names 供应商<8 hex>有限公司 (so that
 * `*abc*` matches about 0.15 % of them), one second apart from 2025-01-01, dictionary values cycling.
 */
export function supplierInsert(rows: number, offset = 0) {
  return sql`insert into suppliers (id, code, name, credit_code, supplier_type, contact, phone, email, address,
      qualification_expiry, status, create_by, create_time)
    select md5('b' || g), 'B' || lpad(g::text, 8, '0'), '供应商' || substr(md5('n' || g), 1, 8) || '有限公司',
      '91110108MA5H07RC02', (g % 4 + 1)::text, '联系人' || (g % 97), '138' || lpad(g::text, 8, '0'),
      's' || g || '@lims.local', '北京市海淀区测试路' || g || '号', date '2026-01-01' + (g % 365), (g % 3 + 1)::text,
      'admin', timestamptz '2025-01-01' + g * interval '1 second'
    from generate_series(${offset + 1}::int, ${offset + rows}::int) g`;
}

/** Migrates, seeds (demo data) and loads `rows` suppliers; vacuums so that index-only scans work. */
export async function fillStore(store: Store, rows: number): Promise<{ loadMs: number }> {
  const database = await store.open();
  try {
    await seedDatabase(database.db, { production: false });
    const t0 = performance.now();
    if (rows > 0) await database.db.execute(supplierInsert(rows));
    await database.db.execute(sql`vacuum analyze suppliers`);
    return { loadMs: performance.now() - t0 };
  } finally {
    await database.close();
  }
}
