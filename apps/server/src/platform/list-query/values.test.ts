import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { AppError } from '../reply';
import { probeList, supplierList } from './list-query.fixture';
import { LIST_MSG } from './messages';
import { checkText, compare, escapeLike, inList, isEmpty, like, parseDateTime, splitList } from './values';

const dialect = new PgDialect();
const render = (s: SQL) => dialect.sqlToQuery(s);
const field = (name: string) => (probeList.fields.get(name) ?? supplierList.fields.get(name))!;

function error400(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    expect((e as AppError).status).toBe(400);
    return (e as AppError).message;
  }
  throw new Error('expected a 400');
}

describe('parseDateTime', () => {
  it.each([
    ['2026-01-31', 'day'],
    ['2024-02-29', 'day'],
    ['2026-01-31 10:05', 'minute'],
    ['2026-01-31T10:05:59', 'second'],
    ['2026-01-31 10:05:59.123', 'exact'],
    ['2026-01-31T02:05:59.123456Z', 'exact'],
    ['2026-01-31 10:05:59+08', 'second'],
    ['2026-01-31 10:05:59+05:30', 'second'],
  ])('accepts %s as a %s', (raw, unit) => {
    expect(parseDateTime(raw, 'f', 'x')).toMatchObject({ date: raw.slice(0, 10), unit });
  });

  it.each([
    '2026-02-30',
    '2023-02-29',
    '2026-13-01',
    '2026-00-10',
    '0000-01-01',
    '2026-1-1',
    '2026-01-01 24:00',
    '2026-01-01 10:60',
    '2026-01-01 10:00:60',
    '2026-01-01+08',
    '2026-01-01 10:00+15',
    'today',
    '',
    '20260101',
    "2026-01-01' or '1'='1",
    '2026-01-01 10:00:00.1234567',
  ])('refuses %j naming the field', (raw) => {
    expect(error400(() => parseDateTime(raw, 'createTime', '日期'))).toBe('查询字段 createTime 的值不正确，应为日期');
  });
});

describe('value checks', () => {
  it('escapes LIKE metacharacters', () => {
    expect(escapeLike('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });

  it('limits length and refuses NUL', () => {
    expect(checkText('x'.repeat(500), 'f')).toHaveLength(500);
    expect(error400(() => checkText('x'.repeat(501), 'name'))).toContain('name');
    expect(error400(() => checkText('a\u0000b', 'name'))).toBe('查询字段 name 的值包含非法字符');
  });

  it('splits lists, trimming and dropping empties, at most 1000 items', () => {
    expect(splitList(' a , ,b,', 'f')).toEqual(['a', 'b']);
    expect(splitList(',,,', 'f')).toEqual([]);
    expect(error400(() => splitList('a,'.repeat(1001), 'code'))).toBe('查询字段 code 的取值过多（最多 1000 个）');
  });

  it.each([
    ['qty', 'abc'],
    ['qty', '1.5'],
    ['qty', '2147483648'],
    ['qty', '1e3'],
    ['small', '32768'],
    ['small', '-32769'],
    ['big', '9223372036854775808'],
    ['price', '1e5'],
    ['price', '12.5x'],
    ['price', '.5'],
    ['ratio', 'NaN'],
    ['ratio', 'Infinity'],
    ['flag', 'yes'],
    ['day', '2026-02-30'],
    ['atPlain', 'now'],
  ])('refuses %s = %j with a 400 naming the field', (name, raw) => {
    expect(error400(() => compare(field(name), 'eq', raw, name))).toMatch(new RegExp(`^查询字段 ${name} 的值不正确`));
  });

  it.each([
    ['qty', '-2147483648'],
    ['small', '+32767'],
    ['big', '-9223372036854775808'],
    ['price', '-0.01'],
    ['ratio', '3.14159'],
    ['flag', 'TRUE'],
    ['flag', '0'],
    ['day', '2026-02-28 23:00:00'],
  ])('accepts %s = %j', (name, raw) => {
    expect(() => compare(field(name), 'eq', raw, name)).not.toThrow();
  });
});

describe('generated SQL binds every value', () => {
  const payload = "x'); drop table suppliers; -- /* pg_sleep(5) union select";
  it('never puts the value into the SQL text', () => {
    const name = field('name');
    for (const s of [
      compare(name, 'eq', payload, 'name'),
      compare(name, 'ne', payload, 'name'),
      compare(name, 'gt', payload, 'name'),
      inList(name, [payload, 'b'], 'name')!,
      inList(name, [payload], 'name', true)!,
      like(name, payload, 'contains', 'name'),
      like(field('qty'), payload, 'starts', 'qty'),
    ]) {
      const q = render(s);
      expect(q.sql).not.toMatch(/drop|pg_sleep|union|--|\/\*/);
      expect(q.params.some((v) => String(v).includes('drop table suppliers; -- /* pg'))).toBe(true);
    }
  });

  it('compares a day on a timestamptz as the span of that day', () => {
    const q = render(compare(field('createTime'), 'eq', '2026-01-01', 'createTime'));
    expect(q.sql).toBe(
      `("list_probe"."create_time" >= $1::timestamptz and "list_probe"."create_time" < ($2::timestamptz + interval '1 day'))`,
    );
    expect(q.params).toEqual(['2026-01-01', '2026-01-01']);
    expect(render(compare(field('atPlain'), 'le', '2026-01-01 10:00', 'atPlain')).sql).toBe(
      `"list_probe"."at_plain" < ($1::timestamp + interval '1 minute')`,
    );
  });

  it('empty means null, or empty text for strings', () => {
    expect(render(isEmpty(field('qty'))).sql).toBe('"list_probe"."qty" is null');
    expect(render(isEmpty(field('label'), true)).sql).toBe(
      `("list_probe"."label" is not null and "list_probe"."label" <> '')`,
    );
  });
});

describe('messages', () => {
  it('show names from input without control characters and at bounded length', () => {
    expect(LIST_MSG.unknownField('a\u0000b\nc')).toBe('未知的查询字段: a?b?c');
    expect(LIST_MSG.unknownField('x'.repeat(1000))).toBe(`未知的查询字段: ${'x'.repeat(64)}…`);
  });
});
