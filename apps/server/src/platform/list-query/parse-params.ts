import { asc, desc, inArray, type SQL } from 'drizzle-orm';
import { badRequest } from '../reply';
import type { ListEntity, ListField, SortOrder } from './entity-spec';
import { LIST_MSG } from './messages';

/** Query params as Fastify parses a querystring (strings; arrays when a name repeats). */
export type RawParams = Record<string, unknown>;
/** Params after normalisation: trimmed, non-empty strings. */
export type ListParams = ReadonlyMap<string, string>;

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 1000;
const MAX_PAGE_NO = 100_000_000;
/** Most ids in `ids` / `selections`. */
export const MAX_IDS = 1000;
const ID_RE = /^[A-Za-z0-9_.:-]{1,64}$/;
/** Record ids: 1–64 letters, digits, `_ . : -` (32-char hex in practice). */
export const isRecordId = (id: string): boolean => ID_RE.test(id);

/**
 * Decodes a JSON parameter that may arrive URI-encoded (the legacy client calls encodeURI on it
 * before the HTTP layer encodes it again). Returns undefined when it is not valid JSON.
 */
export function decodeJsonParam(raw: string): unknown {
  let text = raw.trim();
  for (let i = 0; i < 3 && !/^[[{]/.test(text); i++) {
    try {
      text = decodeURIComponent(text).trim();
    } catch {
      return undefined;
    }
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Merges `paramsStr` (URI-encoded JSON of the query, as the export links send it) into the params;
 * params given directly win.
 */
export function expandParamsStr(raw: RawParams | null | undefined): RawParams {
  const params: RawParams = { ...(raw ?? {}) };
  const paramsStr = params.paramsStr;
  delete params.paramsStr;
  if (paramsStr === undefined || paramsStr === null || paramsStr === '') return params;
  const decoded = typeof paramsStr === 'string' ? decodeJsonParam(paramsStr) : undefined;
  if (!isPlainObject(decoded)) throw badRequest(LIST_MSG.badParamsStr);
  const merged: RawParams = {};
  for (const [key, value] of Object.entries(decoded)) {
    if (key === 'paramsStr') continue;
    if (Array.isArray(value) && value.every((v) => ['string', 'number', 'boolean'].includes(typeof v))) {
      merged[key] = value.join(',');
    } else if (isPlainObject(value) || Array.isArray(value)) {
      throw badRequest(LIST_MSG.badParamsStr);
    } else {
      merged[key] = value;
    }
  }
  return { ...merged, ...params };
}

/** Trims every value and drops empty ones; a repeated name is a 400. */
export function normalizeParams(raw: RawParams | null | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, value] of Object.entries(raw ?? {})) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      throw badRequest(LIST_MSG.repeatedParam(name));
    const text = String(value).trim();
    if (text !== '') out.set(name, text);
  }
  return out;
}

function positiveInt(raw: string | undefined, fallback: number, max: number, message: string): number {
  if (raw === undefined) return fallback;
  if (!/^\d{1,10}$/.test(raw)) throw badRequest(message);
  const n = Number(raw);
  if (n < 1 || n > max) throw badRequest(message);
  return n;
}

export function parsePaging(params: ListParams): { pageNo: number; pageSize: number } {
  return {
    pageNo: positiveInt(params.get('pageNo'), 1, MAX_PAGE_NO, LIST_MSG.badPageNo),
    pageSize: positiveInt(
      params.get('pageSize'),
      DEFAULT_PAGE_SIZE,
      MAX_PAGE_SIZE,
      LIST_MSG.badPageSize(MAX_PAGE_SIZE),
    ),
  };
}

/** The sort a list asks for: a sortable field and a direction (id is always the tie-breaker). */
export type ListSort = { readonly field: ListField; readonly order: SortOrder };

/** The sort from `column`/`order` (sortable fields only; `_dictText` stripped), else the entity's default. */
export function parseSort(entity: ListEntity, params: ListParams): ListSort {
  const column = params.get('column')?.replace(/_dictText$/, '');
  const name = column ?? entity.defaultSort.field;
  const field = entity.fields.get(name);
  if (!field || !field.sort) throw badRequest(LIST_MSG.badSortColumn(params.get('column') ?? name));
  const rawOrder = params.get('order');
  let order: SortOrder =
    column === undefined || column === entity.defaultSort.field ? entity.defaultSort.order : 'desc';
  if (rawOrder !== undefined) {
    const lower = rawOrder.toLowerCase();
    if (lower !== 'asc' && lower !== 'desc') throw badRequest(LIST_MSG.badSortOrder(rawOrder));
    order = lower;
  }
  return { field, order };
}

/** ORDER BY of a sort, always ending with id so that paging is stable. */
export function orderByOf(entity: ListEntity, sort: ListSort): SQL[] {
  const dir = sort.order === 'asc' ? asc : desc;
  return sort.field.column === entity.idColumn
    ? [dir(sort.field.column)]
    : [dir(sort.field.column), dir(entity.idColumn)];
}

/** ORDER BY from `column`/`order` (sortable fields only; `_dictText` stripped), always ending with id. */
export function parseOrderBy(entity: ListEntity, params: ListParams): SQL[] {
  return orderByOf(entity, parseSort(entity, params));
}

/**
 * The fields a list answers: always all of them. `field` (the original client's comma list of its
 * columns) is accepted and ignored, as the original server ignored it: that client edits from the
 * list record, so a narrowed record would open its edit forms half empty (SPEC §3: list records
 * are whole). Secrets are never list fields, so a whole record shows none.
 */
export function parseFields(entity: ListEntity): ListField[] {
  return [...entity.fields.values()];
}

/** A comma-joined id list (trailing comma tolerated), each id checked, at most `max`. */
export function parseIdList(raw: string | undefined, name: string, max = MAX_IDS): string[] {
  const ids = [
    ...new Set(
      (raw ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== ''),
    ),
  ];
  if (ids.length > max) throw badRequest(LIST_MSG.tooManyIds(name, max));
  if (ids.some((id) => !ID_RE.test(id))) throw badRequest(LIST_MSG.badId(name));
  return ids;
}

/** `selections`: only these ids (used by export). */
export function parseSelections(entity: ListEntity, params: ListParams): SQL | undefined {
  const ids = parseIdList(params.get('selections'), 'selections');
  return ids.length > 0 ? inArray(entity.idColumn, ids) : undefined;
}
