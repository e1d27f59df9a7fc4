import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { parseListQuery } from './build-query';
import type { ListEntity } from './entity-spec';
import { loadDicts, toRecord, type DictLoader, type ListRecord } from './records';
import { selectPage } from './run-list';

/**
 * The one way to read a record by id (every queryById): through the entity's allow-list, within
 * `where` (the user's data scope), formatted as its list answers it (times, dictionary texts).
 * Undefined when there is no such record or it lies outside the scope.
 */
export async function findById(
  db: DbOrTx,
  entity: ListEntity,
  id: string | undefined,
  options: { where?: SQL; loadDict?: DictLoader } = {},
): Promise<ListRecord | undefined> {
  const where = and(eq(entity.idColumn, id ?? ''), options.where)!;
  const query = parseListQuery(entity, { pageSize: '1' }, { where });
  const [rows, dicts] = await Promise.all([selectPage(db, entity, query), loadDicts(query.fields, options.loadDict)]);
  return rows[0] ? toRecord(query.fields, rows[0], dicts) : undefined;
}

/** List params matching `keyword` (contains) in any of `fields`, through the list engine's super query. */
export function keywordParams(keyword: string | undefined, fields: readonly string[]): Record<string, string> {
  const term = keyword?.trim();
  if (!term) return {};
  return {
    superQueryParams: JSON.stringify(fields.map((field) => ({ field, rule: 'like', val: term }))),
    superQueryMatchType: 'or',
  };
}
