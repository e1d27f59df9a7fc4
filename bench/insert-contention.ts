/**
 * What the exact-count triggers cost writers: single-row INSERTs into suppliers (autocommit, and
 * 10-row transactions) from many connections at once, with the triggers as installed (8 slots),
 * with every writer forced onto one slot (the hot row), and with the triggers dropped.
 *   npx tsx insert-contention.ts [--db=postgres] [--duration=5] [--connections=16]
 */
import { sql } from 'drizzle-orm';
import { suppliers } from '../apps/server/src/db/schema';
import { dbFlag, numberFlag } from './lib/args';
import { directLoad, printTable } from './lib/load';
import { createStore, fillStore } from './lib/store';

const kind = dbFlag();
const seconds = numberFlag('duration', 5);
const connections = numberFlag('connections', 16);
const store = await createStore(kind);
try {
  await fillStore(store, numberFlag('rows', 10_000));
  const database = await store.open(connections);
  const { db } = database;
  let n = 0;
  const one = () => db.insert(suppliers).values({ code: `W${process.pid}-${n++}`, name: '写入' });
  const tx10 = () =>
    db.transaction(async (tx) => {
      for (let i = 0; i < 10; i++) await tx.insert(suppliers).values({ code: `W${process.pid}-${n++}`, name: '写入' });
    });
  const table: (string | number)[][] = [];
  const run = async (label: string) => {
    const a = await directLoad(one, connections, seconds);
    const b = await directLoad(tx10, connections, seconds);
    table.push([label, a.rps, a.p50, a.p99, b.rps, b.p99, a.errors + b.errors]);
  };
  try {
    await run('counted, 8 slots');
    await db.execute(sql`create or replace function list_counts_add(tbl text, delta bigint) returns void language sql as $$
      insert into list_counts as c (table_name, slot, row_count, changes) values (tbl, 0, delta, 1)
      on conflict (table_name, slot) do update set row_count = c.row_count + excluded.row_count, changes = c.changes + 1 $$`);
    await run('counted, 1 slot (hot row)');
    await db.execute(sql`drop trigger list_counts_ins on suppliers`);
    await run('no triggers');
    const counted = await db.execute(sql`select count(*) as n from suppliers`);
    console.log(
      `${kind}, ${connections} writers × ${seconds} s; suppliers now ${(counted as { rows: { n: string | number }[] }).rows[0].n}`,
    );
    printTable(['variant', 'inserts/s', 'p50 ms', 'p99 ms', '10-row tx/s', 'tx p99 ms', 'errors'], table);
  } finally {
    await database.close();
  }
} finally {
  await store.dispose();
}
