import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DB_KIND } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { suppliers } from '../../db/schema';
import { deleteById, deleteByIds } from './delete';
import { insertFixtureRows, SUPPLIER_ROWS, supplierList } from './list-query.fixture';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtureRows(database.db);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const remaining = async () =>
  (await database.db.select({ id: suppliers.id }).from(suppliers).orderBy(suppliers.id)).map((r) => r.id);
const restore = async () => {
  await database.db.delete(suppliers);
  await database.db.insert(suppliers).values(SUPPLIER_ROWS.map((r) => ({ ...r })));
};

describe(`delete helpers (${TEST_DB_KIND})`, () => {
  it('deletes by id, returning the count', async () => {
    expect(await deleteById(database.db, supplierList, 's1')).toBe(1);
    expect(await deleteById(database.db, supplierList, 's1')).toBe(0);
    expect(await remaining()).toEqual(['s2', 's3', 's4', 's5']);
    await restore();
  });

  it('deletes by ids (comma-joined, trailing comma tolerated) in one statement', async () => {
    expect(await deleteByIds(database.db, supplierList, 's2,s3,missing,')).toBe(2);
    expect(await remaining()).toEqual(['s1', 's4', 's5']);
    await restore();
  });

  it('keeps rows outside the route condition', async () => {
    expect(await deleteByIds(database.db, supplierList, 's1,s2,s3', { where: eq(suppliers.status, '1') })).toBe(2);
    expect(await remaining()).toEqual(['s2', 's4', 's5']);
    await restore();
  });

  it('runs the before hook in the same transaction: a failure deletes nothing', async () => {
    const seen: string[][] = [];
    await expect(
      deleteByIds(database.db, supplierList, 's1,s2', {
        before: async (tx, ids) => {
          seen.push(ids);
          await tx.delete(suppliers).where(eq(suppliers.id, 's5'));
          throw new Error('child rows refuse');
        },
      }),
    ).rejects.toThrow('child rows refuse');
    expect(seen).toEqual([['s1', 's2']]);
    expect(await remaining()).toEqual(['s1', 's2', 's3', 's4', 's5']);
  });

  it('refuses missing, malformed or too many ids with a 400', async () => {
    const rejects = (p: Promise<number>, message: string) => expect(p).rejects.toMatchObject({ status: 400, message });
    await rejects(deleteById(database.db, supplierList, undefined), '请提供要删除记录的 id');
    await rejects(deleteById(database.db, supplierList, ' '), '请提供要删除记录的 id');
    await rejects(deleteById(database.db, supplierList, 's1,s2'), '参数 id 不正确');
    await rejects(deleteById(database.db, supplierList, "s1' --"), '参数 id 不正确');
    await rejects(deleteById(database.db, supplierList, ['s1']), '请提供要删除记录的 id');
    await rejects(deleteByIds(database.db, supplierList, ',,'), '请提供要删除记录的 ids');
    await rejects(deleteByIds(database.db, supplierList, "s1' or '1'='1"), '参数 ids 中的 id 不正确');
    const many = Array.from({ length: 1001 }, (_, i) => `x${i}`).join(',');
    await rejects(deleteByIds(database.db, supplierList, many), '参数 ids 中的 id 过多（最多 1000 个）');
    const [row] = await database.db.select({ n: count() }).from(suppliers);
    expect(row?.n).toBe(5);
  });

  it('deletes 1000 ids at once', async () => {
    const ids = Array.from({ length: 1000 }, (_, i) => `bulk${i}`);
    await database.db.insert(suppliers).values(ids.map((id) => ({ id, code: id, name: id })));
    expect(await deleteByIds(database.db, supplierList, `${ids.join(',')},`)).toBe(1000);
    expect(await remaining()).toHaveLength(5);
  });
});
