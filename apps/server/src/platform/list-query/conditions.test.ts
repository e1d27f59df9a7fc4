import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DB_KIND } from '../../../test/test-database';
import type { Database } from '../../db/client';
import type { ListEntity } from './entity-spec';
import { insertFixtureRows, probeList, supplierList } from './list-query.fixture';
import { runList } from './run-list';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtureRows(database.db);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

/** The ids a query finds, sorted (order is tested elsewhere). */
async function ids(params: Record<string, string>, entity: ListEntity = supplierList): Promise<string[]> {
  const page = await runList(database.db, entity, { pageSize: '1000', ...params });
  expect(page.total).toBe(page.records.length);
  return page.records.map((r) => r.id as string).sort();
}
const probeIds = (params: Record<string, string>) => ids(params, probeList);
const rejects = (params: Record<string, string>, message: string, entity: ListEntity = supplierList) =>
  expect(runList(database.db, entity, params)).rejects.toMatchObject({ status: 400, message });

describe(`plain query rules (${TEST_DB_KIND})`, () => {
  it('plain value: equals, trimmed; empty values ignored', async () => {
    expect(await ids({ code: 'S001' })).toEqual(['s1']);
    expect(await ids({ code: '  S001  ' })).toEqual(['s1']);
    expect(await ids({ code: 's001' })).toEqual([]);
    expect(await ids({ code: '', name: '   ' })).toEqual(['s1', 's2', 's3', 's4', 's5']);
    expect(await ids({ name: "O'Brien 实验" })).toEqual(['s5']);
  });

  it('*abc* contains, case-insensitive, with %, _ and \\ taken literally', async () => {
    expect(await ids({ name: '*试剂*' })).toEqual(['s1']);
    expect(await ids({ name: "*o'brien*" })).toEqual(['s5']);
    expect(await ids({ name: '*%*' })).toEqual(['s2']);
    expect(await ids({ name: '*_*' })).toEqual(['s3']);
    expect(await ids({ name: '*\\*' })).toEqual(['s4']);
    expect(await ids({ name: '*%纯净*' })).toEqual(['s2']);
  });

  it('abc* starts with, *abc ends with', async () => {
    expect(await ids({ code: 'S00*' })).toEqual(['s1', 's2', 's3', 's4']);
    expect(await ids({ code: 's00*' })).toEqual(['s1', 's2', 's3', 's4']);
    expect(await ids({ code: '*005' })).toEqual(['s5']);
    expect(await ids({ name: '100%*' })).toEqual(['s2']);
    expect(await ids({ name: '1_0*' })).toEqual([]);
  });

  it('a lone wildcard or ! matches nothing in particular (ignored)', async () => {
    for (const v of ['*', '**', '* *', '!', '! ', ',', ' , ']) expect(await ids({ code: v })).toHaveLength(5);
  });

  it('!abc not equal (rows without a value included), !a,b not in', async () => {
    expect(await ids({ code: '!S001' })).toEqual(['s2', 's3', 's4', 's5']);
    expect(await ids({ contact: '!张三' })).toEqual(['s2', 's3', 's4', 's5']);
    expect(await ids({ status: '!1,2' })).toEqual(['s4']);
  });

  it('a,b in', async () => {
    expect(await ids({ code: 'S001,S003' })).toEqual(['s1', 's3']);
    expect(await ids({ code: ' S001 , S003 ,' })).toEqual(['s1', 's3']);
    expect(await ids({ code: 'S001,' })).toEqual(['s1']);
    expect(await ids({ supplierType: '1,2' })).toEqual(['s1', 's3']);
  });

  it('_begin/_end on dates (inclusive) and on date-times (a date covers its whole day)', async () => {
    expect(await ids({ qualificationExpiry_begin: '2026-01-31', qualificationExpiry_end: '2026-02-01' })).toEqual([
      's1',
      's2',
    ]);
    expect(await ids({ createTime_begin: '2026-01-01', createTime_end: '2026-01-01' })).toEqual(['s1', 's2']);
    expect(await ids({ createTime_end: '2026-01-02 08:30:15' })).toEqual(['s1', 's2', 's3', 's4']);
    expect(await ids({ createTime_end: '2026-01-02 08:30:14' })).toEqual(['s1', 's2', 's3']);
    expect(await ids({ createTime_begin: '2026-01-02 08:30' })).toEqual(['s4', 's5']);
    expect(await ids({ createTime_begin: '2026-01-02T00:30:15.250Z' })).toEqual(['s4', 's5']);
    expect(await ids({ createTime_begin: '2026-01-02T00:30:15.251Z' })).toEqual(['s5']);
    expect(await ids({ code_begin: 'S002', code_end: 'S003' })).toEqual(['s2', 's3']);
  });

  it('a date on a date-time field means that day; a list of dates, those days', async () => {
    expect(await ids({ createTime: '2026-01-02' })).toEqual(['s3', 's4']);
    expect(await ids({ createTime: '2026-01-01,2026-01-03' })).toEqual(['s1', 's2', 's5']);
    expect(await ids({ createTime: '!2026-01-01' })).toEqual(['s3', 's4', 's5']);
    expect(await ids({ createTime: '2026-01-02 08:30:15' })).toEqual(['s4']);
    expect(await ids({ createTime: '2026-01-02 08:30:15.25' })).toEqual(['s4']);
    expect(await ids({ createTime: '2026-01*' })).toEqual(['s1', 's2', 's3', 's4', 's5']);
  });

  it('numbers, booleans, dates and timestamps without zone', async () => {
    expect(await probeIds({ qty: '10' })).toEqual(['p1']);
    expect(await probeIds({ qty_begin: '15' })).toEqual(['p2']);
    expect(await probeIds({ qty: '10,20' })).toEqual(['p1', 'p2']);
    expect(await probeIds({ qty: '!10' })).toEqual(['p2', 'p3']);
    expect(await probeIds({ small: '-3' })).toEqual(['p2']);
    expect(await probeIds({ big: '9000000000' })).toEqual(['p1']);
    expect(await probeIds({ price: '12.5' })).toEqual(['p1']);
    expect(await probeIds({ price_end: '50', price_begin: '0.01' })).toEqual(['p1']);
    expect(await probeIds({ price: '9'.repeat(30) })).toEqual([]);
    expect(await probeIds({ ratio: '1.25' })).toEqual(['p2']);
    expect(await probeIds({ flag: 'true' })).toEqual(['p1']);
    expect(await probeIds({ flag: '0' })).toEqual(['p2']);
    expect(await probeIds({ flag: '!1' })).toEqual(['p2', 'p3']);
    expect(await probeIds({ day: '2026-01-02' })).toEqual(['p2']);
    expect(await probeIds({ day_end: '2026-01-01 23:00' })).toEqual(['p1']);
    expect(await probeIds({ atPlain_end: '2026-01-01' })).toEqual(['p1']);
    expect(await probeIds({ atPlain: '2026-01-02 00:00' })).toEqual(['p2']);
    expect(await probeIds({ qty: '*1*' })).toEqual(['p1']);
    expect(await probeIds({ day: '2026-01*' })).toEqual(['p1', 'p2']);
  });

  it('a value that does not fit the field type is a 400 naming the field', async () => {
    await rejects({ qty: 'abc' }, '查询字段 qty 的值不正确，应为整数', probeList);
    await rejects({ qty_begin: '1.5' }, '查询字段 qty_begin 的值不正确，应为整数', probeList);
    await rejects({ price: '12,5x' }, '查询字段 price 的值不正确，应为数字', probeList);
    await rejects({ flag: 'yes' }, '查询字段 flag 的值不正确，应为布尔值（true/false/1/0）', probeList);
    await rejects({ day: '2026-02-30' }, '查询字段 day 的值不正确，应为日期（YYYY-MM-DD）', probeList);
    await rejects(
      { createTime_end: 'yesterday' },
      '查询字段 createTime_end 的值不正确，应为时间（YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）',
    );
    await rejects(
      { qualificationExpiry: '!2026-13-01' },
      '查询字段 qualificationExpiry 的值不正确，应为日期（YYYY-MM-DD）',
    );
  });

  it('unknown or non-searchable names are a 400 naming them; reserved params are not filters', async () => {
    await rejects({ foo: '1' }, '未知的查询字段: foo');
    await rejects({ code_from: 'S' }, '未知的查询字段: code_from');
    await rejects({ foo_begin: '1' }, '未知的查询字段: foo_begin');
    await rejects({ credit_code: '1' }, '未知的查询字段: credit_code');
    await rejects({ status_dictText: '合格' }, '未知的查询字段: status_dictText');
    await rejects({ hidden: 'h' }, '字段不支持查询: hidden', probeList);
    await rejects({ hidden_end: 'h' }, '字段不支持查询: hidden_end', probeList);
    expect(await ids({ _t: '123', token: 'abc', order: 'asc', column: 'code', field: 'id' })).toHaveLength(5);
  });
});
