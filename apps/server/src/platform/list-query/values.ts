import { eq, gt, gte, ilike, inArray, isNull, lt, lte, ne, not, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { badRequest } from '../reply';
import type { ListField, NumberKind } from './entity-spec';
import { LIST_MSG, TYPE_TEXT } from './messages';

export type CompareOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
export type LikeMode = 'contains' | 'starts' | 'ends';

/** Longest single value (or list item) accepted, in characters. */
export const MAX_VALUE_LENGTH = 500;
/** Most items in an `in` list. */
export const MAX_LIST_ITEMS = 1000;

/** Text checks every value passes: bounded length, no NUL (PostgreSQL text cannot hold it). */
export function checkText(raw: string, label: string): string {
  if (raw.length > MAX_VALUE_LENGTH) throw badRequest(LIST_MSG.valueTooLong(label, MAX_VALUE_LENGTH));
  if (raw.includes('\u0000')) throw badRequest(LIST_MSG.illegalChar(label));
  return raw;
}

/** Splits a comma list, trimming items and dropping empty ones. */
export function splitList(raw: string, label: string): string[] {
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length > MAX_LIST_ITEMS) throw badRequest(LIST_MSG.tooManyValues(label, MAX_LIST_ITEMS));
  return items;
}

/** Escapes %, _ and \ so that a term is matched literally inside LIKE (backslash is PostgreSQL's default escape). */
export const escapeLike = (term: string): string => term.replace(/[\\%_]/g, (c) => `\\${c}`);

const INT_RANGE: Record<Exclude<NumberKind, 'decimal'>, bigint> = {
  smallint: 32_767n,
  integer: 2_147_483_647n,
  bigint: 9_223_372_036_854_775_807n,
};

function parseNumber(raw: string, kind: NumberKind, label: string): string {
  if (kind === 'decimal') {
    if (!/^[+-]?\d{1,30}(\.\d{1,30})?$/.test(raw)) throw badRequest(LIST_MSG.badValue(label, TYPE_TEXT.number));
    return raw.replace(/^\+/, '');
  }
  if (!/^[+-]?\d{1,20}$/.test(raw)) throw badRequest(LIST_MSG.badValue(label, TYPE_TEXT.integer));
  const n = BigInt(raw);
  const max = INT_RANGE[kind];
  if (n > max || n < -max - 1n) throw badRequest(LIST_MSG.badValue(label, TYPE_TEXT.integer));
  return n.toString();
}

function parseBoolean(raw: string, label: string): boolean {
  const v = raw.toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw badRequest(LIST_MSG.badValue(label, TYPE_TEXT.boolean));
}

type DateTimeUnit = 'day' | 'minute' | 'second' | 'exact';
type ParsedDateTime = { date: string; text: string; unit: DateTimeUnit };
const DATETIME_RE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** A calendar-checked date or date-time (so PostgreSQL never sees 2026-02-30 or 25:00). */
export function parseDateTime(raw: string, label: string, expected: string): ParsedDateTime {
  const m = DATETIME_RE.exec(raw);
  const fail = () => badRequest(LIST_MSG.badValue(label, expected));
  if (!m) throw fail();
  const [, y, mo, d, hh, mi, ss, frac, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (year < 1 || !days || Number(d) < 1 || Number(d) > days) throw fail();
  if (hh !== undefined && (Number(hh) > 23 || Number(mi) > 59 || Number(ss ?? 0) > 59)) throw fail();
  if (zone && zone !== 'Z' && (Number(zone.slice(1, 3)) > 14 || Number(zone.replace(':', '').slice(3) || 0) > 59))
    throw fail();
  const unit: DateTimeUnit =
    hh === undefined ? 'day' : ss === undefined ? 'minute' : frac === undefined ? 'second' : 'exact';
  return { date: `${y}-${mo}-${d}`, text: raw.replace('T', ' '), unit };
}

type Operand = { kind: 'scalar'; value: string | boolean } | { kind: 'span'; start: SQL; end: SQL; exact: boolean };

function timestampOf(field: ListField, text: string): SQL {
  return field.withTimeZone ? sql`${text}::timestamptz` : sql`${text}::timestamp`;
}

function spanEnd(start: SQL, unit: DateTimeUnit): SQL {
  if (unit === 'day') return sql`(${start} + interval '1 day')`;
  if (unit === 'minute') return sql`(${start} + interval '1 minute')`;
  if (unit === 'second') return sql`(${start} + interval '1 second')`;
  return start;
}

/** Checks a raw value against the field's type; date-times become the span they name (a day, a minute, a second). */
function operand(field: ListField, raw: string, label: string): Operand {
  checkText(raw, label);
  switch (field.type) {
    case 'string':
      return { kind: 'scalar', value: raw };
    case 'number':
      return { kind: 'scalar', value: parseNumber(raw, field.numberKind ?? 'decimal', label) };
    case 'boolean':
      return { kind: 'scalar', value: parseBoolean(raw, label) };
    case 'date':
      return { kind: 'scalar', value: parseDateTime(raw, label, TYPE_TEXT.date).date };
    case 'datetime': {
      const parsed = parseDateTime(raw, label, TYPE_TEXT.datetime);
      const start = timestampOf(field, parsed.text);
      return { kind: 'span', start, end: spanEnd(start, parsed.unit), exact: parsed.unit === 'exact' };
    }
  }
}

/** `field <op> value`, typed and bound; `ne` keeps rows where the field is empty (null). */
export function compare(field: ListField, op: CompareOp, raw: string, label: string): SQL {
  const col = field.column;
  const o = operand(field, raw, label);
  if (o.kind === 'scalar' || o.exact) {
    const v = o.kind === 'scalar' ? o.value : o.start;
    switch (op) {
      case 'eq':
        return eq(col, v);
      case 'ne':
        return or(isNull(col), ne(col, v))!;
      case 'gt':
        return gt(col, v);
      case 'ge':
        return gte(col, v);
      case 'lt':
        return lt(col, v);
      case 'le':
        return lte(col, v);
    }
  }
  const within = sql`(${col} >= ${o.start} and ${col} < ${o.end})`;
  switch (op) {
    case 'eq':
      return within;
    case 'ne':
      return or(isNull(col), not(within))!;
    case 'gt':
      return gte(col, o.end);
    case 'ge':
      return gte(col, o.start);
    case 'lt':
      return lt(col, o.start);
    case 'le':
      return lt(col, o.end);
  }
}

/** `field in (…)` (or `not in`, keeping nulls), each item checked like a single value. */
export function inList(field: ListField, items: string[], label: string, negate = false): SQL | undefined {
  if (items.length === 0) return undefined;
  if (items.length > MAX_LIST_ITEMS) throw badRequest(LIST_MSG.tooManyValues(label, MAX_LIST_ITEMS));
  if (field.type === 'datetime') {
    const any = or(...items.map((item) => compare(field, 'eq', item, label)))!;
    return negate ? or(isNull(field.column), not(any))! : any;
  }
  const values = items.map((item) => {
    const o = operand(field, item, label);
    if (o.kind !== 'scalar') throw new Error('list-query: unexpected span');
    return o.value;
  });
  return negate ? or(isNull(field.column), notInArray(field.column, values))! : inArray(field.column, values);
}

/** Case-insensitive contains / starts with / ends with; the term is matched literally. */
export function like(field: ListField, term: string, mode: LikeMode, label: string): SQL {
  const escaped = escapeLike(checkText(term, label));
  const pattern = mode === 'contains' ? `%${escaped}%` : mode === 'starts' ? `${escaped}%` : `%${escaped}`;
  return field.type === 'string' ? ilike(field.column, pattern) : ilike(sql`${field.column}::text`, pattern);
}

/** Empty means null (or '' for text). */
export function isEmpty(field: ListField, negate = false): SQL {
  const col = field.column;
  if (field.type !== 'string') return negate ? sql`${col} is not null` : isNull(col);
  return negate ? sql`(${col} is not null and ${col} <> '')` : sql`(${col} is null or ${col} = '')`;
}
