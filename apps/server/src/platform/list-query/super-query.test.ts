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

type Item = { field: string; rule: string; val?: unknown; type?: string };
/** As the legacy client sends it: encodeURI(JSON), then the HTTP layer encodes again (Fastify decodes that). */
const encode = (items: unknown) => encodeURI(JSON.stringify(items));

async function ids(
  items: Item[],
  extra: Record<string, string> = {},
  entity: ListEntity = supplierList,
): Promise<string[]> {
  const page = await runList(database.db, entity, { pageSize: '1000', superQueryParams: encode(items), ...extra });
  return page.records.map((r) => r.id as string).sort();
}
const one = (field: string, rule: string, val?: unknown, entity?: ListEntity) =>
  ids([{ field, rule, val }], {}, entity);
const rejects = (params: Record<string, string>, message: string) =>
  expect(runList(database.db, supplierList, params)).rejects.toMatchObject({ status: 400, message });

describe(`superQueryParams rules (${TEST_DB_KIND})`, () => {
  it('eq / ne', async () => {
    expect(await one('code', 'eq', 'S001')).toEqual(['s1']);
    expect(await one('code', 'ne', 'S001')).toEqual(['s2', 's3', 's4', 's5']);
    expect(await one('contact', 'ne', '张三')).toEqual(['s2', 's3', 's4', 's5']);
    expect(await one('createTime', 'eq', '2026-01-02')).toEqual(['s3', 's4']);
    expect(await one('createTime', 'ne', '2026-01-02')).toEqual(['s1', 's2', 's5']);
    expect(await one('qty', 'eq', 10, probeList)).toEqual(['p1']);
    expect(await one('flag', 'eq', false, probeList)).toEqual(['p2']);
  });

  it('gt / ge / lt / le (a date on a date-time compares whole days)', async () => {
    expect(await one('createTime', 'gt', '2026-01-01')).toEqual(['s3', 's4', 's5']);
    expect(await one('createTime', 'ge', '2026-01-02')).toEqual(['s3', 's4', 's5']);
    expect(await one('createTime', 'lt', '2026-01-02')).toEqual(['s1', 's2']);
    expect(await one('createTime', 'le', '2026-01-02')).toEqual(['s1', 's2', 's3', 's4']);
    expect(await one('createTime', 'gt', '2026-01-02 08:30:15.250')).toEqual(['s5']);
    expect(await one('qualificationExpiry', 'le', '2026-01-31')).toEqual(['s1', 's4']);
    expect(await one('code', 'gt', 'S003')).toEqual(['s4', 's5']);
    expect(await one('qty', 'gt', '10', probeList)).toEqual(['p2']);
    expect(await one('price', 'le', 100, probeList)).toEqual(['p1', 'p2']);
    expect(await one('price', 'lt', '100', probeList)).toEqual(['p1']);
  });

  it('like / left_like (ends with) / right_like (starts with), literal metacharacters', async () => {
    expect(await one('name', 'like', '试剂')).toEqual(['s1']);
    expect(await one('name', 'like', '%')).toEqual(['s2']);
    expect(await one('name', 'like', '_')).toEqual(['s3']);
    expect(await one('code', 'left_like', '005')).toEqual(['s5']);
    expect(await one('code', 'right_like', 's00')).toEqual(['s1', 's2', 's3', 's4']);
    expect(await one('qty', 'like', '2', probeList)).toEqual(['p2']);
  });

  it('in, as a comma list or an array', async () => {
    expect(await one('code', 'in', 'S001,S004,')).toEqual(['s1', 's4']);
    expect(await one('code', 'in', ['S002', 'X005'])).toEqual(['s2', 's5']);
    expect(await one('qty', 'in', [10, 20], probeList)).toEqual(['p1', 'p2']);
    expect(await one('createTime', 'in', '2026-01-03')).toEqual(['s5']);
  });

  it('empty / not_empty (null, or empty text)', async () => {
    expect(await one('remark', 'empty')).toEqual(['s2', 's3', 's5']);
    expect(await one('remark', 'not_empty')).toEqual(['s1', 's4']);
    expect(await one('contact', 'empty')).toEqual(['s3']);
    expect(await one('qty', 'empty', undefined, probeList)).toEqual(['p3']);
    expect(await one('day', 'not_empty', undefined, probeList)).toEqual(['p1', 'p2']);
  });

  it('ignores a condition whose value is empty; type hints, _dictText and rule case are tolerated', async () => {
    expect(await one('code', 'eq', '')).toHaveLength(5);
    expect(await one('code', 'in', [])).toHaveLength(5);
    expect(await one('code', 'like', null)).toHaveLength(5);
    expect(await ids([{ field: 'status_dictText', rule: 'EQ', val: '2', type: 'list' }])).toEqual(['s2']);
  });
});

describe(`superQueryMatchType (${TEST_DB_KIND})`, () => {
  const two: Item[] = [
    { field: 'code', rule: 'eq', val: 'S001' },
    { field: 'code', rule: 'eq', val: 'S002' },
  ];
  it('and is the default', async () => {
    expect(await ids(two)).toEqual([]);
    expect(await ids(two, { superQueryMatchType: 'and' })).toEqual([]);
    expect(
      await ids([
        { field: 'status', rule: 'eq', val: '1' },
        { field: 'code', rule: 'right_like', val: 'S' },
      ]),
    ).toEqual(['s1', 's3']);
  });
  it('or joins the conditions, then AND-s them with the plain filters', async () => {
    expect(await ids(two, { superQueryMatchType: 'or' })).toEqual(['s1', 's2']);
    expect(await ids(two, { superQueryMatchType: 'OR' })).toEqual(['s1', 's2']);
    expect(await ids(two, { superQueryMatchType: 'or', status: '1' })).toEqual(['s1']);
    expect(await ids(two, { superQueryMatchType: 'or', code: '!S001' })).toEqual(['s2']);
  });
  it('refuses anything else', async () => {
    await rejects({ superQueryMatchType: 'xor' }, '高级查询匹配方式 superQueryMatchType 只能是 and 或 or: xor');
    await rejects(
      { superQueryParams: encode(two), superQueryMatchType: "or' or 1=1" },
      "高级查询匹配方式 superQueryMatchType 只能是 and 或 or: or' or 1=1",
    );
  });
});

describe(`malformed superQueryParams (${TEST_DB_KIND})`, () => {
  it('accepts raw JSON and twice-encoded JSON', async () => {
    const items = [{ field: 'code', rule: 'eq', val: 'S003' }];
    expect((await runList(database.db, supplierList, { superQueryParams: JSON.stringify(items) })).total).toBe(1);
    expect(
      (await runList(database.db, supplierList, { superQueryParams: encodeURIComponent(encode(items)) })).total,
    ).toBe(1);
  });
  it('is a 400 naming the problem', async () => {
    const bad = '高级查询参数 superQueryParams 不是有效的 JSON 数组';
    await rejects({ superQueryParams: '[{' }, bad);
    await rejects({ superQueryParams: '%E0%A4%A' }, bad);
    await rejects({ superQueryParams: encode({ field: 'code', rule: 'eq', val: 'x' }) }, bad);
    await rejects({ superQueryParams: '"x"' }, bad);
    await rejects(
      { superQueryParams: encode([{ field: 'code', val: 'x' }]) },
      '高级查询第 1 个条件格式不正确（需要 field、rule、val）',
    );
    await rejects(
      { superQueryParams: encode([{ field: 'code', rule: 'eq', val: 'a' }, 'x']) },
      '高级查询第 2 个条件格式不正确（需要 field、rule、val）',
    );
    await rejects(
      { superQueryParams: encode([{ field: 'code', rule: 'eq', val: { $ne: 1 } }]) },
      '高级查询第 1 个条件格式不正确（需要 field、rule、val）',
    );
    await rejects(
      { superQueryParams: encode([{ field: 'password', rule: 'eq', val: 'x' }]) },
      '高级查询字段不存在: password',
    );
    await rejects(
      { superQueryParams: encode([{ field: 'code', rule: 'regex', val: '.*' }]) },
      '不支持的高级查询规则: regex',
    );
    await rejects(
      { superQueryParams: encode([{ field: 'code', rule: 'eq', val: 'x\u0000' }]) },
      '查询字段 code 的值包含非法字符',
    );
    await rejects(
      { superQueryParams: encode([{ field: 'createTime', rule: 'gt', val: 'now()' }]) },
      '查询字段 createTime 的值不正确，应为时间（YYYY-MM-DD 或 YYYY-MM-DD HH:mm:ss）',
    );
  });
  it('allows at most 50 conditions', async () => {
    const item = { field: 'code', rule: 'ne', val: 'x' };
    expect((await runList(database.db, supplierList, { superQueryParams: encode(Array(50).fill(item)) })).total).toBe(
      5,
    );
    await rejects({ superQueryParams: encode(Array(51).fill(item)) }, '高级查询条件过多（最多 50 个）');
  });
  it('refuses a field declared search: false', async () => {
    await expect(
      runList(database.db, probeList, { superQueryParams: encode([{ field: 'hidden', rule: 'eq', val: 'h' }]) }),
    ).rejects.toMatchObject({ status: 400, message: '字段不支持查询: hidden' });
  });
});
