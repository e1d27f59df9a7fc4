import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListField } from './entity-spec';
import { toDateTime } from '../time';

export type ListRecord = Record<string, unknown>;
/**
 * Gives a dictionary's value → text map. Injected by the caller (the dictionary module's cache),
 * so the engine does not depend on it. Called once per dictionary code per request.
 */
export type DictLoader = (code: string) => ReadonlyMap<string, string> | Promise<ReadonlyMap<string, string>>;
export type DictMaps = ReadonlyMap<string, ReadonlyMap<string, string>>;

export const DICT_TEXT_SUFFIX = '_dictText';

/** The select object for these fields, keyed by API name. */
export function selectionOf(fields: readonly ListField[]): Record<string, AnyPgColumn> {
  return Object.fromEntries(fields.map((f) => [f.name, f.column]));
}

/** Timestamps (strings in the session time zone) become 'YYYY-MM-DD HH:mm:ss'; numeric strings numbers. */
export function formatValue(field: ListField, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (field.type === 'datetime' && typeof value === 'string') return toDateTime(value);
  if (field.type === 'number' && typeof value === 'string') return Number(value);
  return value;
}

/** Loads the maps of the dictionaries these fields use. */
export async function loadDicts(fields: readonly ListField[], loadDict: DictLoader | undefined): Promise<DictMaps> {
  const maps = new Map<string, ReadonlyMap<string, string>>();
  if (!loadDict) return maps;
  for (const code of new Set(fields.flatMap((f) => (f.dict ? [f.dict] : [])))) maps.set(code, await loadDict(code));
  return maps;
}

/** Dictionary text of a value; comma-joined values map each part; a value without text stays as it is. */
export function dictTextOf(map: ReadonlyMap<string, string> | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  // A dictionary field holds a code: a string, or a number for numeric columns.
  return String(value as string | number)
    .split(',')
    .map((part) => map?.get(part.trim()) ?? part)
    .join(',');
}

/** A row (keyed by API name) as the API answers it, with `<field>_dictText` for dictionary fields. */
export function toRecord(fields: readonly ListField[], row: Record<string, unknown>, dicts: DictMaps): ListRecord {
  const record: ListRecord = {};
  for (const field of fields) {
    const value = formatValue(field, row[field.name]);
    record[field.name] = value;
    if (field.dict) record[field.name + DICT_TEXT_SUFFIX] = dictTextOf(dicts.get(field.dict), value);
  }
  return record;
}
