import { asc, desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase, TEST_DB_KIND } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { suppliers } from '../../db/schema';
import { insertFixtureRows, probeList, supplierList } from './list-query.fixture';
import { DEFERRED_JOIN_OFFSET } from './page-query';
import { POSITION_MIN_OFFSET, positionBuildsSettled, positionStats } from './position-cache';
import { iterateList, runList } from './run-list';

/** Enough rows for the deferred join and the position cache; one second apart, ties every 7th. */
const BULK = 12_345;
let database: Database;
const db = () => database.db;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtureRows(database.db);
  await database.db.execute(sql`insert into suppliers (id, code, name, qualification_expiry, create_time)
    select 'b' || lpad(g::text, 6, '0'), 'B' || g, '批量' || g, case when g % 3 = 0 then null else date '2026-01-01' + g % 50 end,
      timestamptz '2025-01-01' + (g - g % 7) * interval '1 second'
    from generate_series(1, ${BULK}::int) g`);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const total = async (params: Record<string, string> = {}) => (await runList(db(), supplierList, params)).total;
const ids = async (params: Record<string, string>) =>
  (await runList(db(), supplierList, params)).records.map((r) => r.id);
const countAll = async () =>
  Number(
    (
      (await db().execute<Record<string, unknown>>(sql`select count(*) as n from suppliers`)) as {
        rows: { n: unknown }[];
      }
    ).rows[0].n,
  );
/** The reference: the same page by plain OFFSET. */
async function plainPage(pageNo: number, pageSize: number, order: 'asc' | 'desc') {
  const dir = order === 'asc' ? asc : desc;
  const rows = await db()
    .select({ id: suppliers.id })
    .from(suppliers)
    .orderBy(dir(suppliers.createTime), dir(suppliers.id))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);
  return rows.map((r) => r.id);
}

describe(`exact totals kept by the database (${TEST_DB_KIND})`, () => {
  it('grow and shrink at once with every insert and delete, whatever the statement', async () => {
    const before = await total();
    expect(before).toBe(await countAll());
    await db()
      .insert(suppliers)
      .values([
        { code: 'T1', name: '新增一' },
        { code: 'T2', name: '新增二' },
      ]);
    expect(await total()).toBe(before + 2);
    await db().execute(sql`delete from suppliers where code in ('T1', 'T2', 'nope')`);
    expect(await total()).toBe(before);
    await db().execute(
      sql`insert into suppliers (id, code, name) select 'x' || g, 'X' || g, 'x' from generate_series(1, 3) g`,
    );
    await db().execute(sql`insert into suppliers (id, code, name) values ('s1', 'dup', 'dup') on conflict do nothing`);
    expect(await total()).toBe(before + 3);
    await db().execute(sql`delete from suppliers where id like 'x%'`);
    expect(await total()).toBe(await countAll());
  });

  it('take back what a rolled-back transaction did, and count its own rows inside it', async () => {
    const before = await total();
    await expect(
      db().transaction(async (tx) => {
        await tx.insert(suppliers).values({ code: 'R1', name: '回滚' });
        expect((await runList(tx, supplierList, {})).total).toBe(before + 1);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await total()).toBe(before);
  });

  it.runIf(TEST_DB_KIND === 'postgres')('stay exact under concurrent writers (PostgreSQL)', async () => {
    const before = await total();
    const writers = Array.from({ length: 8 }, (_, w) =>
      db()
        .transaction(async (tx) => {
          for (let i = 0; i < 5; i++) await tx.insert(suppliers).values({ code: `C${w}-${i}`, name: '并发' });
          if (w % 2 === 1) throw new Error('rollback');
        })
        .catch(() => undefined),
    );
    const deleters = [db().execute(sql`delete from suppliers where id in ('b000001', 'b000002')`)];
    await Promise.all([...writers, ...deleters]);
    expect(await total()).toBe(before + 4 * 5 - 2);
    expect(await total()).toBe(await countAll());
  });

  it('fall back to count(*) for a table without a counter, and count filters exactly', async () => {
    expect((await runList(db(), probeList, {})).total).toBe(3);
    const matching = async (like: string) =>
      Number(
        (
          (await db().execute<Record<string, unknown>>(
            sql`select count(*) as n from suppliers where name like ${like}`,
          )) as {
            rows: { n: unknown }[];
          }
        ).rows[0].n,
      );
    expect(await total({ name: '*批量1*' })).toBe(await matching('%批量1%'));
    expect(await total({ name: '批量1234*', pageSize: '10' })).toBe(7); // one page, not full: no count needed
    expect(await total({ name: '批量1234*', pageSize: '5', pageNo: '2' })).toBe(7); // the last page
    for (const pageNo of ['1', '3', '999']) expect(await total({ name: '批量12*', pageSize: '5', pageNo })).toBe(457);
    expect(await total({ name: 'none*' })).toBe(0);
  });
});

describe(`deep pages (${TEST_DB_KIND})`, () => {
  it('read past the deferred-join offset exactly as plain OFFSET would, both directions, any page size', async () => {
    for (const [pageNo, pageSize] of [
      [DEFERRED_JOIN_OFFSET / 10 + 1, 10],
      [61, 100],
      [1, 1000],
      [13, 1000],
    ] as const) {
      for (const order of ['asc', 'desc'] as const) {
        expect(await ids({ pageNo: String(pageNo), pageSize: String(pageSize), column: 'createTime', order })).toEqual(
          await plainPage(pageNo, pageSize, order),
        );
      }
    }
    expect(await ids({ pageNo: '2', pageSize: '1000', column: 'code', order: 'asc', code: 'B*' })).toHaveLength(1000);
  });

  it('come from the position cache when it is current, and stay exact when rows come and go meanwhile', async () => {
    const deep = [POSITION_MIN_OFFSET / 10 + 1, POSITION_MIN_OFFSET / 10 + 137, Math.floor(BULK / 10)];
    const check = async () => {
      for (const pageNo of deep) {
        for (const order of ['asc', 'desc'] as const) {
          const page = await runList(db(), supplierList, { pageNo: String(pageNo), column: 'createTime', order });
          expect(page.records.map((r) => r.id)).toEqual(await plainPage(pageNo, 10, order));
          expect(page.total).toBe(await countAll());
        }
      }
    };
    await check(); // builds the keys in the background
    await positionBuildsSettled();
    const hits = positionStats.hits;
    await check(); // from the keys
    expect(positionStats.hits - hits).toBe(deep.length * 2);
    await db().insert(suppliers).values({ code: 'P1', name: '插队', createTime: '2025-01-01 08:00:00+08' });
    await check(); // stale: read directly, rebuilt meanwhile
    await db().execute(sql`update suppliers set create_time = create_time - interval '1 hour' where id = 'b005000'`);
    await db().execute(sql`delete from suppliers where id in ('b000010', 'b003001')`);
    await positionBuildsSettled();
    await check();
    // A rebuild waits at least a second after the previous one: move the clock on instead of waiting.
    const realNow = Date.now;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => realNow() + 60_000);
    try {
      await check();
      await positionBuildsSettled();
      await check();
    } finally {
      clock.mockRestore();
    }
    expect(await ids({ pageNo: '99999', column: 'createTime' })).toEqual([]);
  }, 60_000);
});

describe(`export batches (${TEST_DB_KIND})`, () => {
  it('walk the whole list in order by keys, nulls included, whatever the sort', async () => {
    for (const [column, order] of [
      ['qualificationExpiry', 'asc'],
      ['qualificationExpiry', 'desc'],
      ['createTime', 'desc'],
      ['code', 'asc'],
    ] as const) {
      const walked: unknown[] = [];
      for await (const batch of iterateList(
        db(),
        supplierList,
        { column, order, name: '*批量*' },
        { batchSize: 500 },
      )) {
        walked.push(...batch.map((r) => r.id));
      }
      const dir = order === 'asc' ? asc : desc;
      const col =
        column === 'qualificationExpiry'
          ? suppliers.qualificationExpiry
          : column === 'code'
            ? suppliers.code
            : suppliers.createTime;
      const expected = await db()
        .select({ id: suppliers.id })
        .from(suppliers)
        .where(sql`${suppliers.name} like '批量%'`)
        .orderBy(dir(col), dir(suppliers.id));
      expect(walked).toEqual(expected.map((r) => r.id));
    }
  }, 60_000);
});
