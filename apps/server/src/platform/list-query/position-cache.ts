import { getTableName, sql, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { queryRows, type DbOrTx } from '../../db/client';
import { listCounts } from '../../db/schema';
import type { ListQuery } from './build-query';
import type { ListEntity } from './entity-spec';
import { countedTotal, countedTotalSql, offsetOf, toCount, TOTAL_KEY, type Row } from './page-query';
import { selectionOf } from './records';

/**
 * Deep pages of an unfiltered list sorted by create_time (the default sort) start from a known
 * position instead of counting rows up to the offset: every STEP-th key (create_time, id) in that
 * order is cached with the table's change vector (list_counts.changes of every slot). A page reads
 * from the nearest key before it and returns the change vector of its own snapshot: when that
 * differs from the cached one (a row was added, removed, or its create_time set since), the page
 * is not used (the caller falls back) and the keys are rebuilt in the background. Exact either way.
 */
export const POSITION_MIN_OFFSET = 10_000;
const STEP = 100;
const VERSION_KEY = '__version';
/** Least pause between two builds of one table's keys, and how many times the last build took. */
const MIN_REBUILD_MS = 1000;
const REBUILD_FACTOR = 10;

type Positions = { version: string; keys: [time: string, id: string][] };
type Entry = { positions?: Positions; building?: Promise<void>; nextBuildAt: number };
const entriesByDb = new WeakMap<object, Map<string, Entry>>();
const pending = new Set<Promise<void>>();
/** Pages answered from the cache (tests and measurements look at it). */
export const positionStats = { hits: 0 };

function changeVectorSql(entity: ListEntity): SQL {
  return sql`(select string_agg(${listCounts.slot}::text || ':' || ${listCounts.changes}::text, ',' order by ${listCounts.slot})
    from ${listCounts} where ${listCounts.tableName} = ${getTableName(entity.table)})`;
}

/** True for an unfiltered page deep enough, sorted by a non-null create_time, outside a transaction. */
export function usesPositions(db: DbOrTx, query: ListQuery): boolean {
  const column = query.sort.field.column;
  return (
    !query.where &&
    offsetOf(query) >= POSITION_MIN_OFFSET &&
    column.name === 'create_time' &&
    column.notNull &&
    !(db instanceof PgTransaction)
  );
}

async function build(db: DbOrTx, entity: ListEntity, query: ListQuery): Promise<Positions | undefined> {
  const t = query.sort.field.column;
  const id = entity.idColumn;
  const dir = sql.raw(query.sort.order);
  const [row] = await queryRows<{ version: string | null; keys: [string, string][] | null }>(
    db,
    sql`select
    ${changeVectorSql(entity)} as version,
    (select json_agg(json_build_array(k.t, k.i) order by k.pos) from (
      select ${t}::text as t, ${id} as i, row_number() over (order by ${t} ${dir}, ${id} ${dir}) - 1 as pos from ${entity.table}
    ) k where k.pos % ${STEP} = 0) as keys`,
  );
  return row?.version ? { version: row.version, keys: row.keys ?? [] } : undefined;
}

function entryOf(db: DbOrTx, key: string): Entry {
  let entries = entriesByDb.get(db);
  if (!entries) entriesByDb.set(db, (entries = new Map<string, Entry>()));
  let entry = entries.get(key);
  if (!entry) entries.set(key, (entry = { nextBuildAt: 0 }));
  return entry;
}

/** Starts a build unless one runs or the last one was too recent (a table written all the time is not rescanned nonstop). */
function rebuild(db: DbOrTx, entity: ListEntity, query: ListQuery, entry: Entry): void {
  if (entry.building || Date.now() < entry.nextBuildAt) return;
  const started = Date.now();
  const done = build(db, entity, query)
    .then((positions) => {
      entry.positions = positions;
    })
    .catch(() => {
      entry.positions = undefined;
    })
    .finally(() => {
      entry.building = undefined;
      entry.nextBuildAt = Date.now() + Math.max(MIN_REBUILD_MS, REBUILD_FACTOR * (Date.now() - started));
      pending.delete(done);
    });
  entry.building = done;
  pending.add(done);
}

/**
 * The page and its exact total from the position cache, or undefined when the cache cannot
 * answer (not built yet, or the table changed since): the caller then reads the page itself.
 */
export async function positionedPage(
  db: DbOrTx,
  entity: ListEntity,
  query: ListQuery,
): Promise<{ rows: Row[]; total: number } | undefined> {
  const entry = entryOf(db, `${getTableName(entity.table)}|${query.sort.order}`);
  const positions = entry.positions;
  if (!positions) {
    rebuild(db, entity, query, entry);
    return undefined;
  }
  const offset = offsetOf(query);
  const at = Math.floor(offset / STEP);
  const anchor = positions.keys[at];
  if (!anchor) {
    // Past the end when the keys were taken: an empty page if it still is.
    const total = await countedTotal(db, entity);
    if (total !== null && offset >= total) return { rows: [], total };
    rebuild(db, entity, query, entry);
    return undefined;
  }
  const t = query.sort.field.column;
  const id = entity.idColumn;
  const from =
    query.sort.order === 'desc'
      ? sql`(${t}, ${id}) <= (${anchor[0]}::timestamptz, ${anchor[1]})`
      : sql`(${t}, ${id}) >= (${anchor[0]}::timestamptz, ${anchor[1]})`;
  const rows = await db
    .select({
      ...selectionOf(query.fields),
      [TOTAL_KEY]: countedTotalSql(entity),
      [VERSION_KEY]: changeVectorSql(entity),
    })
    .from(entity.table)
    .where(from)
    .orderBy(...query.orderBy)
    .limit(query.pageSize)
    .offset(offset - at * STEP);
  if (rows.length > 0 && rows[0][VERSION_KEY] === positions.version) {
    positionStats.hits++;
    return { rows, total: toCount(rows[0][TOTAL_KEY]) ?? 0 };
  }
  rebuild(db, entity, query, entry);
  return undefined;
}

/** Resolves when no build of any position cache is running (tests). */
export async function positionBuildsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
