import { performance } from 'node:perf_hooks';
import { count } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DB_KIND } from '../../../test/test-database';
import type { Database } from '../../db/client';
import { suppliers } from '../../db/schema';
import { AppError } from '../reply';
import { parseListQuery } from './build-query';
import type { ListEntity } from './entity-spec';
import { insertFixtureRows, loadDict, probeList, probes, supplierList } from './list-query.fixture';
import { runList } from './run-list';
import { SUPER_QUERY_RULES } from './super-query';

/** Hostile strings, used as names and as values. */
const CORPUS: string[] = [
  "'",
  "''",
  '"',
  '`',
  "' or '1'='1",
  "1' or 1=1 --",
  'x" or "1"="1',
  "'; drop table suppliers; --",
  '1; drop table suppliers',
  "S001'; delete from suppliers where '1'='1",
  '--',
  '-- comment',
  '/*',
  '*/',
  '/* comment */ 1',
  "x' /*",
  'pg_sleep(5)',
  "'; select pg_sleep(5); --",
  '1 and pg_sleep(5) is null',
  "'||pg_sleep(5)||'",
  '(select pg_sleep(5))',
  '1 union select username, password_hash from users --',
  "' union select null, null --",
  'union all select 1',
  '%',
  '_',
  '%%',
  '\\',
  '\\\\',
  "\\'",
  "\\'; drop table x; --",
  '\u0000',
  'a\u0000b',
  '\u200b',
  'a\u200bb',
  '\u202e',
  '\ufeff',
  'e\u0301',
  '😀',
  '\ud800',
  'ＳＥＬＥＣＴ',
  '\u2028',
  'a\r\nb',
  '\t',
  'x'.repeat(10_000),
  '*'.repeat(1000),
  ','.repeat(5000),
  'a,'.repeat(2000),
  '!'.repeat(100),
  '{"$ne":1}',
  '{"$gt":""}',
  '[1,2]',
  '{}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '99999999999999999999999999999999',
  '$1',
  '$$',
  '$$; drop table x; $$',
  '${x}',
  '?',
  ':name',
  '__proto__',
  'constructor',
  'toString',
  'hasOwnProperty',
  '2026-01-01; drop table x',
  "2026-01-01' --",
  '2026-01-01 00:00:00 or 1=1',
  'now()',
  'current_date',
  'true; --',
  '1) or (1=1',
  "E'\\x27'",
];

const dialect = new PgDialect();
let database: Database;
let slowest = 0;
let attempts = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  await insertFixtureRows(database.db);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

/** Runs a list query; passes when it answers a normal page or a 400 AppError; anything else fails. */
async function attempt(entity: ListEntity, params: Record<string, string>): Promise<'ok' | '400'> {
  attempts++;
  const t0 = performance.now();
  try {
    const where = parseListQuery(entity, params).where;
    if (where) expect(dialect.sqlToQuery(where).sql).not.toMatch(/drop|delete|pg_sleep|union|select|--|\/\*|;/i);
    const page = await runList(database.db, entity, params, { loadDict });
    expect(Array.isArray(page.records) && Number.isInteger(page.total)).toBe(true);
    return 'ok';
  } catch (error) {
    if (error instanceof AppError && error.status === 400) {
      expect(error.message).toMatch(/[\u4e00-\u9fa5]/);
      return '400';
    }
    throw new Error(`${JSON.stringify(params).slice(0, 200)} → ${String(error)}`, { cause: error });
  } finally {
    slowest = Math.max(slowest, performance.now() - t0);
  }
}

const FIELDS: Array<[ListEntity, string[]]> = [
  [supplierList, ['code', 'name', 'status', 'qualificationExpiry', 'createTime']],
  [probeList, ['small', 'qty', 'big', 'price', 'ratio', 'flag', 'day', 'atPlain']],
];

describe(`injection corpus (${TEST_DB_KIND})`, () => {
  it('as values of plain params, in every rule form: a page or a 400', async () => {
    for (const [entity, names] of FIELDS) {
      for (const name of names) {
        for (const p of CORPUS) {
          for (const value of [p, `*${p}*`, `${p}*`, `!${p}`, `${p},S001`]) await attempt(entity, { [name]: value });
          await attempt(entity, { [`${name}_begin`]: p, [`${name}_end`]: p });
        }
      }
    }
  }, 300_000);

  it('as super query values for every rule: a page or a 400', async () => {
    for (const [entity, name] of [
      [supplierList, 'name'],
      [supplierList, 'createTime'],
      [probeList, 'qty'],
      [probeList, 'flag'],
    ] as const) {
      for (const p of CORPUS) {
        for (const rule of SUPER_QUERY_RULES) {
          await attempt(entity, {
            superQueryParams: JSON.stringify([{ field: name, rule, val: p }]),
            superQueryMatchType: 'or',
          });
        }
      }
    }
  }, 300_000);

  it('as names (param, range, super query field and rule, sort column, order, match type): always a 400', async () => {
    for (const p of CORPUS) {
      const cases: Record<string, string>[] = [
        { [p]: 'x' },
        { [`${p}_begin`]: '1' },
        { [`code${p}`]: 'x' },
        { superQueryParams: JSON.stringify([{ field: p, rule: 'eq', val: 'x' }]) },
        { superQueryParams: JSON.stringify([{ field: 'code', rule: p, val: 'x' }]) },
      ];
      // Blank values are ignored like every empty param; the rest of these must be refused.
      if (p.trim() !== '')
        cases.push(
          { column: p },
          { column: 'code', order: p },
          { superQueryMatchType: p },
          { pageNo: p },
          { pageSize: p },
        );
      for (const params of cases)
        expect(await attempt(supplierList, params), JSON.stringify(params).slice(0, 80)).toBe('400');
    }
  }, 300_000);

  it('as field, selections, superQueryParams and paramsStr themselves: a page or a 400', async () => {
    for (const p of CORPUS) {
      const cases: Record<string, string>[] = [
        { field: p },
        { selections: p },
        { superQueryParams: p },
        { paramsStr: p },
        { paramsStr: JSON.stringify({ code: p }) },
      ];
      for (const params of cases) {
        await attempt(supplierList, params);
      }
    }
    expect(await attempt(supplierList, { paramsStr: JSON.stringify({ [`code' or 1=1 --`]: 'x' }) })).toBe('400');
  }, 300_000);

  it('left every table intact, and no query was slow', async () => {
    const [s] = await database.db.select({ n: count() }).from(suppliers);
    const [p] = await database.db.select({ n: count() }).from(probes);
    expect([s?.n, p?.n]).toEqual([5, 3]);
    expect(attempts).toBeGreaterThan(5000);
    expect(slowest).toBeLessThan(2000);
  });
});
