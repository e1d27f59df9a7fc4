import { getTableColumns } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

export type FieldType = 'string' | 'number' | 'date' | 'datetime' | 'boolean';
/** How a number column is checked before it reaches SQL (ranges differ, decimals only where allowed). */
export type NumberKind = 'smallint' | 'integer' | 'bigint' | 'decimal';
export type SortOrder = 'asc' | 'desc';

/** A field as a spec declares it: the column alone, or the column with flags (search and sort default to true). */
export type FieldInput = AnyPgColumn | { column: AnyPgColumn; type?: FieldType; search?: boolean; sort?: boolean };

export type ListField = {
  /** The API name (camelCase), as records carry it and params name it. */
  readonly name: string;
  readonly column: AnyPgColumn;
  readonly type: FieldType;
  readonly numberKind?: NumberKind;
  /** For datetime fields: timestamptz (true) or timestamp (false). */
  readonly withTimeZone: boolean;
  readonly search: boolean;
  readonly sort: boolean;
  /** Dictionary code: records also carry `<name>_dictText`. */
  readonly dict?: string;
};

export type ListEntity = {
  readonly table: PgTable;
  readonly idColumn: AnyPgColumn;
  /** A Map, so that names such as `constructor` or `__proto__` never resolve to anything. */
  readonly fields: ReadonlyMap<string, ListField>;
  readonly defaultSort: { readonly field: string; readonly order: SortOrder };
};

export type ListEntityInput<F extends Record<string, FieldInput>> = {
  table: PgTable;
  fields: F;
  /** field → dictionary code */
  dict?: Partial<Record<Extract<keyof F, string> | AuditField, string>>;
  defaultSort?: { field: string; order: SortOrder };
};

/** Query parameters that are never filters. */
export const RESERVED_PARAMS: ReadonlySet<string> = new Set([
  'pageNo',
  'pageSize',
  'column',
  'order',
  'field',
  'superQueryParams',
  'superQueryMatchType',
  '_t',
  'paramsStr',
  'selections',
  'token',
]);

const AUDIT_FIELDS = ['id', 'createTime', 'createBy', 'updateTime', 'updateBy', 'version'] as const;
type AuditField = (typeof AUDIT_FIELDS)[number];
const NAME_RE = /^[a-z][A-Za-z0-9]*$/;

/** The field type and checks a column's SQL type calls for. */
export function describeColumn(column: AnyPgColumn): Pick<ListField, 'type' | 'numberKind' | 'withTimeZone'> {
  const sqlType = column.getSQLType().toLowerCase();
  const plain = { withTimeZone: false };
  if (/^(varchar|character varying|char|character|text|uuid|citext)\b/.test(sqlType))
    return { type: 'string', ...plain };
  if (/^(smallint|smallserial)$/.test(sqlType)) return { type: 'number', numberKind: 'smallint', ...plain };
  if (/^(integer|serial)$/.test(sqlType)) return { type: 'number', numberKind: 'integer', ...plain };
  if (/^(bigint|bigserial)$/.test(sqlType)) return { type: 'number', numberKind: 'bigint', ...plain };
  if (/^(numeric|decimal|real|double precision)\b/.test(sqlType))
    return { type: 'number', numberKind: 'decimal', ...plain };
  if (sqlType === 'boolean') return { type: 'boolean', ...plain };
  if (sqlType === 'date') return { type: 'date', ...plain };
  if (sqlType.startsWith('timestamp')) return { type: 'datetime', withTimeZone: sqlType.includes('with time zone') };
  throw new Error(`list-query: unsupported column type ${sqlType} (${column.name})`);
}

function toField(name: string, input: FieldInput, dict: string | undefined): ListField {
  const opts: Exclude<FieldInput, AnyPgColumn> = 'getSQLType' in input ? { column: input } : input;
  const described = describeColumn(opts.column);
  if (opts.type && opts.type !== described.type) {
    throw new Error(`list-query: field ${name} declared ${opts.type} but its column is ${described.type}`);
  }
  return {
    name,
    column: opts.column,
    ...described,
    search: opts.search ?? true,
    sort: opts.sort ?? true,
    ...(dict ? { dict } : {}),
  };
}

/**
 * Declares a list entity once: its table and the allow-list of API fields. `id` and the audit
 * fields (createTime, createBy, updateTime, updateBy) are added when the table has them.
 * Default sort: createTime desc (id desc when the table has no createTime).
 */
export function defineListEntity<F extends Record<string, FieldInput>>(input: ListEntityInput<F>): ListEntity {
  const columns = getTableColumns(input.table) as Record<string, AnyPgColumn>;
  const idColumn = columns.id;
  if (!idColumn) throw new Error('list-query: the table needs an id column');
  const dict = (input.dict ?? {}) as Record<string, string | undefined>;
  const fields = new Map<string, ListField>();
  const addAudit = (name: AuditField) => {
    const column = columns[name];
    if (column && !fields.has(name) && !Object.hasOwn(input.fields, name))
      fields.set(name, toField(name, column, dict[name]));
  };
  addAudit('id');
  for (const [name, field] of Object.entries(input.fields)) {
    if (!NAME_RE.test(name) || RESERVED_PARAMS.has(name)) throw new Error(`list-query: bad field name ${name}`);
    fields.set(name, toField(name, field, dict[name]));
  }
  for (const name of AUDIT_FIELDS) addAudit(name);
  for (const name of Object.keys(dict)) {
    if (!fields.has(name)) throw new Error(`list-query: dict for unknown field ${name}`);
  }
  const defaultSort = input.defaultSort ?? {
    field: fields.has('createTime') ? 'createTime' : 'id',
    order: 'desc' as const,
  };
  if (!fields.get(defaultSort.field)?.sort)
    throw new Error(`list-query: default sort ${defaultSort.field} is not sortable`);
  return { table: input.table, idColumn, fields, defaultSort };
}
