/**
 * Measures how to get a page and its exact total: two queries at once (page + count(*)), the same
 * two one after the other, or one query with `count(*) over()`. 100 000 suppliers, in-memory PGlite
 * and (when reachable) a fresh PostgreSQL database.
 *   cd apps/server && npx tsx src/platform/list-query/count-strategy.measure.ts [rows]
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../../../test/test-database';
import type { Database, DbOrTx } from '../../db/client';
import { parseListQuery, type ListQuery } from './build-query';
import { supplierList } from './list-query.fixture';
import { countRows, selectPage } from './run-list';

type Strategy = (db: DbOrTx, q: ListQuery) => Promise<{ rows: number; total: number }>;

const STRATEGIES: Record<string, Strategy> = {
  parallel: async (db, q) => {
    const [rows, total] = await Promise.all([selectPage(db, supplierList, q), countRows(db, supplierList, q.where)]);
    return { rows: rows.length, total };
  },
  serial: async (db, q) => {
    const rows = await selectPage(db, supplierList, q);
    return { rows: rows.length, total: await countRows(db, supplierList, q.where) };
  },
  window: async (db, q) => {
    const selection = Object.fromEntries(q.fields.map((f) => [f.name, f.column]));
    const rows = await db
      .select({ ...selection, __total: sql<number>`count(*) over()`.mapWith(Number) })
      .from(supplierList.table)
      .where(q.where)
      .orderBy(...q.orderBy)
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize);
    // Past the last page there is no row to carry the total: count separately.
    const total = rows[0]?.__total ?? (await countRows(db, supplierList, q.where));
    return { rows: rows.length, total };
  },
};

const CASES: Record<string, Record<string, string>> = {
  'page 1': {},
  'page 2000 (deep)': { pageNo: '2000' },
  'contains *123*': { name: '*123*' },
  'status=2, sort by code': { status: '2', column: 'code', order: 'asc' },
};

async function fill(db: DbOrTx, rows: number): Promise<void> {
  await db.execute(sql`insert into suppliers (id, code, name, supplier_type, contact, status, create_time)
    select md5(g::text), 'S' || lpad(g::text, 7, '0'), '供应商' || g || '号', (g % 3 + 1)::text,
      '联系人' || (g % 97), (g % 2 + 1)::text, timestamptz '2026-01-01' + g * interval '1 minute'
    from generate_series(1, ${rows}::int) g`);
  await db.execute(sql`analyze suppliers`);
}

async function measure(label: string, database: Database, rows: number, runs: number): Promise<void> {
  await fill(database.db, rows);
  console.log(`\n${label}: ${rows} rows, median of ${runs} runs (ms)`);
  console.log(['case'.padEnd(24), ...Object.keys(STRATEGIES).map((s) => s.padStart(9))].join(''));
  for (const [name, params] of Object.entries(CASES)) {
    const q = parseListQuery(supplierList, params);
    const cells: string[] = [];
    let expected: number | undefined;
    for (const strategy of Object.values(STRATEGIES)) {
      await strategy(database.db, q);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        const { total } = await strategy(database.db, q);
        times.push(performance.now() - t0);
        if (expected !== undefined && total !== expected) throw new Error(`total mismatch ${total} vs ${expected}`);
        expected = total;
      }
      times.sort((a, b) => a - b);
      cells.push(times[Math.floor(runs / 2)].toFixed(1).padStart(9));
    }
    console.log([name.padEnd(24), ...cells].join(''));
  }
}

const rows = Number(process.argv[2] ?? 100_000);
for (const kind of ['pglite', 'postgres'] as const) {
  let database: Database;
  try {
    database = await openTestDatabase({ kind });
  } catch (error) {
    console.log(`\n${kind}: skipped (${(error as Error).message})`);
    continue;
  }
  try {
    await measure(kind, database, rows, Number(process.argv[3] ?? 15));
  } finally {
    await database.close();
  }
}
