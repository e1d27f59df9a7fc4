import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DB_KIND } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { suppliers } from '../../db/schema';
import { buildListFilter } from './build-query';
import { insertFixtureRows, loadDict, probeList, supplierList } from './list-query.fixture';
import { countRows, iterateList, runList } from './run-list';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtureRows(database.db);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

const list = (params: Record<string, string>) => runList(database.db, supplierList, params, { loadDict });
const order = async (params: Record<string, string>) => (await list(params)).records.map((r) => r.id);
const rejects = (params: Record<string, string>, message: string) =>
  expect(list(params)).rejects.toMatchObject({ status: 400, message });

describe(`sorting (${TEST_DB_KIND})`, () => {
  it('defaults to createTime desc', async () => {
    expect(await order({})).toEqual(['s5', 's4', 's3', 's2', 's1']);
  });
  it('sorts on allowed fields, id breaking ties', async () => {
    expect(await order({ column: 'code', order: 'asc' })).toEqual(['s1', 's2', 's3', 's4', 's5']);
    expect(await order({ column: 'createTime', order: 'asc' })).toEqual(['s1', 's2', 's3', 's4', 's5']);
    expect(await order({ column: 'status', order: 'asc' })).toEqual(['s1', 's3', 's5', 's2', 's4']);
    expect(await order({ column: 'status_dictText', order: 'desc' })).toEqual(['s4', 's2', 's5', 's3', 's1']);
  });
  it('refuses other sorts with a 400 naming them', async () => {
    await rejects({ column: 'remark' }, '不支持按该字段排序: remark');
    await rejects({ column: 'create_time' }, '不支持按该字段排序: create_time');
    await rejects({ column: 'code', order: 'sideways' }, '排序方式 order 只能是 asc 或 desc: sideways');
  });
});

describe(`paging (${TEST_DB_KIND})`, () => {
  it('pages with the exact total', async () => {
    expect(await list({ pageSize: '2' })).toMatchObject({ total: 5, records: [{ id: 's5' }, { id: 's4' }] });
    expect(await list({ pageSize: '2', pageNo: '3' })).toMatchObject({ total: 5, records: [{ id: 's1' }] });
    expect(await list({ pageSize: '2', pageNo: '99' })).toEqual({ total: 5, records: [] });
    expect(await list({ pageSize: '2', code: 'S00*' })).toMatchObject({
      total: 4,
      records: [{ id: 's4' }, { id: 's3' }],
    });
    expect(await list({ code: 'nope' })).toEqual({ total: 0, records: [] });
  });
  it('refuses out-of-bound paging', async () => {
    await rejects({ pageNo: '0' }, '页码 pageNo 必须是不小于 1 的整数');
    await rejects({ pageSize: '1001' }, '每页条数 pageSize 必须是 1 到 1000 之间的整数');
    await rejects({ pageSize: '0' }, '每页条数 pageSize 必须是 1 到 1000 之间的整数');
  });
});

describe(`records (${TEST_DB_KIND})`, () => {
  it('carry API names, formatted times and dictionary texts', async () => {
    const { records } = await list({ code: 'S002' });
    expect(records).toEqual([
      {
        id: 's2',
        code: 'S002',
        name: '100%纯净水厂',
        supplierType: '1,2',
        supplierType_dictText: '试剂,仪器',
        contact: '李四',
        qualificationExpiry: '2026-02-01',
        status: '2',
        status_dictText: '暂停',
        remark: null,
        createTime: '2026-01-01 23:59:59',
        createBy: null,
        updateTime: null,
        updateBy: null,
        version: 0,
      },
    ]);
  });
  it('dictText: unknown values stay as they are, empty values give an empty text', async () => {
    const byId = Object.fromEntries((await list({})).records.map((r) => [r.id, r]));
    expect(byId.s5).toMatchObject({ supplierType: '9', supplierType_dictText: '9', status_dictText: '合格' });
    expect(byId.s4).toMatchObject({ status: null, status_dictText: '' });
    const raw = await runList(database.db, supplierList, { code: 'S001' });
    expect(raw.records[0]).toMatchObject({ status: '1', status_dictText: '1' });
  });
  it('numbers come back as numbers, dates and times as text', async () => {
    const { records } = await runList(database.db, probeList, { column: 'createTime', order: 'asc' });
    expect(records[0]).toMatchObject({
      small: 1,
      qty: 10,
      big: 9_000_000_000,
      price: 12.5,
      ratio: 0.5,
      flag: true,
      day: '2026-01-01',
      atPlain: '2026-01-01 10:00:00',
      createTime: '2026-01-01 10:00:00',
    });
    expect(records[2]).toMatchObject({ qty: null, price: null, flag: null, day: null });
  });
  it('ignores field: the records stay whole (the original client edits from them)', async () => {
    const whole = (await list({ pageSize: '1' })).records;
    expect(Object.keys(whole[0]).length).toBeGreaterThan(4);
    expect((await list({ field: 'id,code,status_dictText,action,', pageSize: '1' })).records).toEqual(whole);
    expect((await list({ field: 'nothing', pageSize: '1' })).records).toEqual(whole);
  });
});

describe(`selections, route conditions, paramsStr (${TEST_DB_KIND})`, () => {
  it('selections restricts to those ids, together with the filters', async () => {
    expect(await order({ selections: 's1,s3,' })).toEqual(['s3', 's1']);
    expect(await order({ selections: 's1,s3', code: 'S003' })).toEqual(['s3']);
    expect(await order({ selections: 'nope' })).toEqual([]);
    await rejects({ selections: "s1','s2" }, '参数 selections 中的 id 不正确');
  });
  it('a route condition is AND-ed with the params', async () => {
    const page = await runList(database.db, supplierList, { code: 'S00*' }, { where: eq(suppliers.status, '1') });
    expect(page).toMatchObject({ total: 2, records: [{ id: 's3' }, { id: 's1' }] });
  });
  it('paramsStr (the export link form) is expanded', async () => {
    const paramsStr = encodeURI(JSON.stringify({ code: 'S00*', column: 'code', order: 'asc', pageSize: 2 }));
    expect((await list({ paramsStr, token: 'x' })).records.map((r) => r.id)).toEqual(['s1', 's2']);
  });
});

describe(`building blocks (${TEST_DB_KIND})`, () => {
  it('iterateList gives every matching record in batches, in list order', async () => {
    const batches: string[][] = [];
    for await (const batch of iterateList(
      database.db,
      supplierList,
      { pageNo: '2', pageSize: '1' },
      { batchSize: 2, loadDict },
    )) {
      batches.push(batch.map((r) => r.id as string));
    }
    expect(batches).toEqual([['s5', 's4'], ['s3', 's2'], ['s1']]);
  });
  it('buildListFilter drives other queries with the same filter', async () => {
    const { where } = buildListFilter(supplierList, {
      status: '1',
      superQueryParams: JSON.stringify([{ field: 'contact', rule: 'not_empty' }]),
    });
    expect(await countRows(database.db, supplierList, where)).toBe(2);
  });
});
