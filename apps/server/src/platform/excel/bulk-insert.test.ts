import { asc, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DB_KIND } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { projects, suppliers } from '../../db/schema';
import { countedTotal, defineListEntity } from '../list-query';
import { BULK_ROWS, insertInChunks } from './bulk-insert';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const TEXTS = ['引号 \' " 反斜杠 \\ 逗号 , 括号 {} ()', 'emoji 😀 与 \t 制表', 'null', '', 'lone \ud800 surrogate'];
const row = (prefix: string, i: number) => ({
  code: `${prefix}${String(i).padStart(5, '0')}`,
  name: TEXTS[i % TEXTS.length],
  qualificationExpiry: i % 2 ? '2026-02-28' : undefined,
  remark: i % 3 ? null : `备注${i}`,
  createBy: 'admin',
});

/** The stored rows of a code prefix, without ids and times (they differ by design). */
async function stored(prefix: string) {
  const rows = await database.db
    .select({
      code: suppliers.code,
      name: suppliers.name,
      q: suppliers.qualificationExpiry,
      remark: suppliers.remark,
      by: suppliers.createBy,
      t: suppliers.createTime,
      id: suppliers.id,
    })
    .from(suppliers)
    .where(like(suppliers.code, `${prefix}%`))
    .orderBy(asc(suppliers.code));
  for (const r of rows) {
    expect(r.id).toMatch(/^[0-9a-f]{32}$/);
    expect(r.t).toBeTruthy();
  }
  return rows.map(({ code, name, q, remark, by }) => ({ code: code.slice(prefix.length), name, q, remark, by }));
}

describe(`bulk insert (${TEST_DB_KIND})`, () => {
  it('stores exactly what drizzle’s VALUES insert stores: texts, nulls, absent keys, ids and defaults', async () => {
    const n = BULK_ROWS + 7;
    await insertInChunks(
      database.db,
      suppliers,
      Array.from({ length: n }, (_, i) => row('JS', i)),
    );
    await database.db.insert(suppliers).values(Array.from({ length: 40 }, (_, i) => row('DZ', i)));
    const fast = await stored('JS');
    expect(fast).toHaveLength(n);
    expect(fast.slice(0, 40)).toEqual(await stored('DZ'));
    expect(fast[4].name).toBe('lone \ufffd surrogate');
    const entity = defineListEntity({ table: suppliers, fields: { code: suppliers.code } });
    expect(await countedTotal(database.db, entity)).toBe(n + 40);
  });

  it('falls back to VALUES when some rows leave out a column with a database default', async () => {
    const values = [
      { projectNo: 'BP1', name: '有状态', status: '3', amount: '12.50' },
      { projectNo: 'BP2', name: '默认状态', amount: 7 },
    ];
    await insertInChunks(database.db, projects, values);
    const rows = await database.db
      .select({ no: projects.projectNo, status: projects.status, amount: projects.amount })
      .from(projects)
      .where(like(projects.projectNo, 'BP%'))
      .orderBy(asc(projects.projectNo));
    expect(rows).toEqual([
      { no: 'BP1', status: '3', amount: '12.50' },
      { no: 'BP2', status: '1', amount: '7.00' },
    ]);
    await insertInChunks(database.db, projects, [
      { projectNo: 'BP3', name: '全有', status: '2', amount: 1.5, createTime: sql`now()` },
    ]);
    expect((await database.db.select().from(projects).where(like(projects.projectNo, 'BP3'))).length).toBe(1);
  });
});
