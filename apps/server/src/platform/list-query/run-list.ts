import { and, count } from 'drizzle-orm';
import type { Page } from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { parseListQuery, type ListQuery, type ListQueryOptions } from './build-query';
import type { ListEntity } from './entity-spec';
import { afterKey } from './keyset';
import {
  countedTotal,
  countRows,
  offsetOf,
  selectPage,
  selectUnfilteredPage,
  toCount,
  TOTAL_KEY,
  type Row,
} from './page-query';
import type { RawParams } from './parse-params';
import { positionedPage, usesPositions } from './position-cache';
import { loadDicts, selectionOf, toRecord, type DictLoader, type ListRecord } from './records';

export type RunListOptions = ListQueryOptions & {
  /** Dictionary maps for fields with a dict code (records then carry `<field>_dictText`). */
  loadDict?: DictLoader;
};

/**
 * Nothing filters: the exact total is the count the database keeps (list_counts), read in the
 * page's own statement; deep pages start from the position cache when it is current.
 */
async function unfilteredPage(
  db: DbOrTx,
  entity: ListEntity,
  query: ListQuery,
): Promise<{ rows: Row[]; total: number }> {
  if (usesPositions(db, query)) {
    const hit = await positionedPage(db, entity, query);
    if (hit) return hit;
  }
  const rows = await selectUnfilteredPage(db, entity, query);
  const counted = rows.length > 0 ? toCount(rows[0][TOTAL_KEY]) : await countedTotal(db, entity);
  if (counted !== null) return { rows, total: counted };
  const [row] = await db.select({ total: count() }).from(entity.table);
  return { rows, total: row?.total ?? 0 };
}

/**
 * A filter: the page first; a page that is not full is the last one, so its total is known
 * (no count for the many searches that fit on one page); otherwise count(*) with the filter.
 */
async function filteredPage(db: DbOrTx, entity: ListEntity, query: ListQuery): Promise<{ rows: Row[]; total: number }> {
  const rows = await selectPage(db, entity, query);
  const offset = offsetOf(query);
  if (rows.length > 0 ? rows.length < query.pageSize : offset === 0) return { rows, total: offset + rows.length };
  return { rows, total: await countRows(db, entity, query.where) };
}

/**
 * One page of an entity's list: `{ records, total }` with the exact total (see README.md for how
 * it stays cheap). Throws AppError 400 for params outside the entity's allow-list.
 */
export async function runList(
  db: DbOrTx,
  entity: ListEntity,
  params: RawParams | null | undefined,
  opts: RunListOptions = {},
): Promise<Page<ListRecord>> {
  const query = parseListQuery(entity, params, opts);
  const [{ rows, total }, dicts] = await Promise.all([
    query.where ? filteredPage(db, entity, query) : unfilteredPage(db, entity, query),
    loadDicts(query.fields, opts.loadDict),
  ]);
  return { records: rows.map((row) => toRecord(query.fields, row, dicts)), total };
}

const SORT_KEY = '__sortKey';
const ID_KEY = '__idKey';

/**
 * Every matching record in the list's order, in batches (for export: memory stays flat). Ignores
 * pageNo/pageSize. Each batch continues after the last key (sort value, id) of the one before, so
 * every batch costs the same however deep, and rows written meanwhile never shift a batch.
 */
export async function* iterateList(
  db: DbOrTx,
  entity: ListEntity,
  params: RawParams | null | undefined,
  opts: RunListOptions & { batchSize?: number } = {},
): AsyncGenerator<ListRecord[]> {
  const batchSize = opts.batchSize ?? 1000;
  const query = parseListQuery(entity, params, opts);
  const dicts = await loadDicts(query.fields, opts.loadDict);
  const selection = { ...selectionOf(query.fields), [SORT_KEY]: query.sort.field.column, [ID_KEY]: entity.idColumn };
  let after: ReturnType<typeof afterKey> | undefined;
  for (;;) {
    const rows: Row[] = await db
      .select(selection)
      .from(entity.table)
      .where(and(query.where, after))
      .orderBy(...query.orderBy)
      .limit(batchSize);
    if (rows.length > 0) yield rows.map((row) => toRecord(query.fields, row, dicts));
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1];
    after = afterKey(entity, query.sort, last[SORT_KEY], last[ID_KEY]);
  }
}

export { countRows, selectPage };
