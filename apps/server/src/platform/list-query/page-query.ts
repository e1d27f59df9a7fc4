import { createHash } from 'node:crypto';
import { count, eq, getTableName, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from '../../db/client';
import { listCounts } from '../../db/schema';
import type { ListQuery } from './build-query';
import type { ListEntity } from './entity-spec';
import { selectionOf } from './records';

/**
 * From this offset on, a page first picks its ids (an index-only scan where an index covers the
 * sort, narrow tuples otherwise) and then reads just those rows, instead of reading and throwing
 * away every row before the offset.
 */
export const DEFERRED_JOIN_OFFSET = 1000;
/** Key of the exact total that unfiltered pages carry along in their first row. */
export const TOTAL_KEY = '__total';
/** Most prepared page statements kept per database (`field` lists make shapes without bound). */
const MAX_PREPARED = 256;

export type Row = Record<string, unknown>;

export const offsetOf = (q: Pick<ListQuery, 'pageNo' | 'pageSize'>): number => (q.pageNo - 1) * q.pageSize;

/** A sum of bigints arrives as text (PostgreSQL) or number (PGlite); null without a counter. */
export const toCount = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** The exact row count the database keeps for the table (list_counts), as a scalar subquery; null without a counter. */
export function countedTotalSql(entity: ListEntity): SQL {
  return sql`(select sum(${listCounts.rowCount}) from ${listCounts} where ${listCounts.tableName} = ${getTableName(entity.table)})`;
}

/** The table's exact row count from list_counts, or null when no counter is installed for it. */
export async function countedTotal(db: DbOrTx, entity: ListEntity): Promise<number | null> {
  const [row] = await queryRows<{ n: unknown }>(db, sql`select ${countedTotalSql(entity)} as n`);
  return toCount(row?.n);
}

/** The exact number of rows matching a filter (count(*); the table's counter when nothing filters). */
export async function countRows(db: DbOrTx, entity: ListEntity, where: SQL | undefined): Promise<number> {
  if (!where) {
    const counted = await countedTotal(db, entity);
    if (counted !== null) return counted;
  }
  const [row] = await db.select({ total: count() }).from(entity.table).where(where);
  return row?.total ?? 0;
}

/** The page's rows, keyed by API name, unformatted; `extra` adds columns (e.g. the total). */
function pageBuilder(
  db: DbOrTx,
  entity: ListEntity,
  query: ListQuery,
  limit: unknown,
  offset: unknown,
  deferred: boolean,
  extra: Record<string, SQL> = {},
) {
  const selection = { ...selectionOf(query.fields), ...extra };
  if (!deferred) {
    return db
      .select(selection)
      .from(entity.table)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(limit as number)
      .offset(offset as number);
  }
  const keys = db
    .select({ key: entity.idColumn })
    .from(entity.table)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(limit as number)
    .offset(offset as number)
    .as('page_keys');
  return db
    .select(selection)
    .from(entity.table)
    .innerJoin(keys, eq(entity.idColumn, keys.key))
    .orderBy(...query.orderBy);
}

/** The rows of one page, keyed by API name, unformatted. */
export function selectPage(db: DbOrTx, entity: ListEntity, query: ListQuery): Promise<Row[]> {
  const offset = offsetOf(query);
  return pageBuilder(db, entity, query, query.pageSize, offset, offset >= DEFERRED_JOIN_OFFSET);
}

type PreparedPage = { execute(values: { limit: number; offset: number }): Promise<Row[]> };
const preparedByDb = new WeakMap<object, Map<string, PreparedPage>>();

/**
 * An unfiltered page with the table's exact total alongside (TOTAL_KEY, in every row): one round
 * trip. Built and prepared once per shape (fields, sort, deferred or not) and database, so a
 * request neither rebuilds the SQL nor has PostgreSQL parse it again.
 */
export function selectUnfilteredPage(db: DbOrTx, entity: ListEntity, query: ListQuery): Promise<Row[]> {
  const offset = offsetOf(query);
  const deferred = offset >= DEFERRED_JOIN_OFFSET;
  const values = { limit: query.pageSize, offset };
  const extra = { [TOTAL_KEY]: countedTotalSql(entity) };
  const build = () =>
    pageBuilder(db, entity, query, sql.placeholder('limit'), sql.placeholder('offset'), deferred, extra);
  if (db instanceof PgTransaction) return build().execute(values);
  let cache = preparedByDb.get(db);
  if (!cache) preparedByDb.set(db, (cache = new Map<string, PreparedPage>()));
  const columns = query.fields.map((f) => `${f.name}:${f.column.name}`).join(',');
  const key = `${getTableName(entity.table)}|${columns}|${query.sort.field.column.name}|${query.sort.order}|${deferred}`;
  let prepared = cache.get(key);
  if (!prepared) {
    const builder = build();
    const name = `lq_${createHash('sha1').update(builder.toSQL().sql).digest('hex').slice(0, 24)}`;
    prepared = builder.prepare(name);
    if (cache.size < MAX_PREPARED) cache.set(key, prepared);
  }
  return prepared.execute(values);
}
