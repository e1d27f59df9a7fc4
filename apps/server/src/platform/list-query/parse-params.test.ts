import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { parseListQuery } from './build-query';
import { probeList, supplierList } from './list-query.fixture';
import {
  decodeJsonParam,
  expandParamsStr,
  normalizeParams,
  parseFields,
  parseIdList,
  parseOrderBy,
  parsePaging,
} from './parse-params';

const dialect = new PgDialect();
const orderText = (params: Record<string, string>, entity = supplierList) =>
  dialect.sqlToQuery(sql.join(parseOrderBy(entity, normalizeParams(params)), sql`, `)).sql;
const rejects400 = (fn: () => unknown, message: string) =>
  expect(fn).toThrow(expect.objectContaining({ status: 400, message }));

describe('normalizeParams', () => {
  it('trims values and drops empty ones', () => {
    expect([...normalizeParams({ a: ' x ', b: '', c: '   ', d: undefined, e: null, f: 3 })]).toEqual([
      ['a', 'x'],
      ['f', '3'],
    ]);
  });
  it('refuses a repeated name', () => {
    rejects400(() => normalizeParams({ code: ['a', 'b'] }), '查询参数重复: code');
  });
});

describe('paging', () => {
  const paging = (p: Record<string, string>) => parsePaging(normalizeParams(p));
  it('defaults to page 1 of 10', () => expect(paging({})).toEqual({ pageNo: 1, pageSize: 10 }));
  it('accepts the bounds', () => {
    expect(paging({ pageNo: '1', pageSize: '1' })).toEqual({ pageNo: 1, pageSize: 1 });
    expect(paging({ pageNo: '100000000', pageSize: '1000' })).toEqual({ pageNo: 100000000, pageSize: 1000 });
  });
  it.each(['0', '-1', '1.5', 'abc', '1e3', '100000001', '99999999999', ' 2x'])('refuses pageNo %j', (v) => {
    rejects400(() => paging({ pageNo: v }), '页码 pageNo 必须是不小于 1 的整数');
  });
  it.each(['0', '1001', '-10', '10.0', 'all'])('refuses pageSize %j', (v) => {
    rejects400(() => paging({ pageSize: v }), '每页条数 pageSize 必须是 1 到 1000 之间的整数');
  });
});

describe('sort', () => {
  it('defaults to createTime desc, id as tie-breaker', () => {
    expect(orderText({})).toBe('"suppliers"."create_time" desc, "suppliers"."id" desc');
  });
  it('sorts on an allowed field in the asked order', () => {
    expect(orderText({ column: 'code', order: 'asc' })).toBe('"suppliers"."code" asc, "suppliers"."id" asc');
    expect(orderText({ column: 'name', order: 'DESC' })).toBe('"suppliers"."name" desc, "suppliers"."id" desc');
    expect(orderText({ column: 'status_dictText', order: 'asc' })).toBe(
      '"suppliers"."status" asc, "suppliers"."id" asc',
    );
    expect(orderText({ column: 'code' })).toBe('"suppliers"."code" desc, "suppliers"."id" desc');
    expect(orderText({ order: 'asc' })).toBe('"suppliers"."create_time" asc, "suppliers"."id" asc');
    expect(orderText({ column: 'id', order: 'asc' })).toBe('"suppliers"."id" asc');
  });
  it.each(['remark', 'password', 'create_time', 'name; drop table x', '1', '__proto__', 'constructor'])(
    'refuses column %j',
    (c) => {
      rejects400(() => orderText({ column: c }), `不支持按该字段排序: ${c}`);
    },
  );
  it.each(['ascend', 'descend', 'asc;', 'up', 'asc nulls first'])('refuses order %j', (o) => {
    rejects400(() => orderText({ order: o }), `排序方式 order 只能是 asc 或 desc: ${o}`);
  });
  it('refuses a field declared sort: false', () => {
    rejects400(() => orderText({ column: 'hidden' }, probeList), '不支持按该字段排序: hidden');
  });
});

describe('field', () => {
  it('is ignored: every field, whatever it names (SPEC §3: list records are whole)', () => {
    for (const field of [undefined, 'id,code,status_dictText,action,rowIndex,', 'name', 'nothing,known']) {
      expect(parseFields(supplierList).map((f) => f.name)).toEqual([...supplierList.fields.keys()]);
      expect(() => normalizeParams({ field })).not.toThrow();
    }
  });
});

describe('id lists', () => {
  it('tolerates a trailing comma, spaces and duplicates', () => {
    expect(parseIdList('a1, b2,,a1,', 'ids')).toEqual(['a1', 'b2']);
    expect(parseIdList(undefined, 'ids')).toEqual([]);
  });
  it('refuses too many or malformed ids', () => {
    rejects400(
      () => parseIdList(Array.from({ length: 1001 }, (_, i) => `id${i}`).join(','), 'ids'),
      '参数 ids 中的 id 过多（最多 1000 个）',
    );
    for (const bad of ["1' or '1'='1", 'a b', 'x'.repeat(65), 'a;b', '\u0000']) {
      rejects400(() => parseIdList(bad, 'selections'), '参数 selections 中的 id 不正确');
    }
  });
});

describe('JSON params', () => {
  const value = [{ field: 'name', rule: 'like', val: '50% 纯' }];
  it('decodes raw, encodeURI-ed and twice-encoded JSON', () => {
    expect(decodeJsonParam(JSON.stringify(value))).toEqual(value);
    expect(decodeJsonParam(encodeURI(JSON.stringify(value)))).toEqual(value);
    expect(decodeJsonParam(encodeURIComponent(encodeURI(JSON.stringify(value))))).toEqual(value);
  });
  it('gives undefined for what is not JSON', () => {
    for (const bad of ['%E0%A4%A', '[{', 'abc', '%5B%7B', "'; drop table x"])
      expect(decodeJsonParam(bad)).toBeUndefined();
  });
  it('merges paramsStr, direct params winning; arrays become comma lists', () => {
    const paramsStr = encodeURI(JSON.stringify({ code: 'S00*', status: ['1', 2], pageNo: 3, x: null }));
    expect(expandParamsStr({ paramsStr, status: '2', token: 't' })).toEqual({
      code: 'S00*',
      status: '2',
      pageNo: 3,
      x: null,
      token: 't',
    });
    expect(expandParamsStr({ paramsStr: '' })).toEqual({});
  });
  it.each(['[1]', '"x"', '{"a":{"$ne":1}}', '{"a":[{}]}', 'not json'])('refuses paramsStr %j', (paramsStr) => {
    rejects400(() => expandParamsStr({ paramsStr }), '导出参数 paramsStr 不是有效的 JSON 对象');
  });
});

describe('parseListQuery', () => {
  it('has no where without filters, and the defaults', () => {
    const q = parseListQuery(supplierList, { _t: '1700000000', token: 'abc', field: '', column: '' });
    expect(q.where).toBeUndefined();
    expect(q).toMatchObject({ pageNo: 1, pageSize: 10 });
  });
  it('AND-s plain filters, the super query, selections and the route condition', () => {
    const q = parseListQuery(
      supplierList,
      {
        code: 'S001',
        superQueryParams: JSON.stringify([{ field: 'name', rule: 'eq', val: 'n' }]),
        selections: 's1,s2,',
      },
      { where: sql`true` },
    );
    const text = dialect.sqlToQuery(q.where!).sql;
    expect(text).toBe(
      '("suppliers"."code" = $1 and "suppliers"."name" = $2 and "suppliers"."id" in ($3, $4) and true)',
    );
  });
});
