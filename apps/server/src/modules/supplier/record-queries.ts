import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  loadDicts,
  parseListQuery,
  selectPage,
  toRecord,
  type DictLoader,
  type ListEntity,
  type ListRecord,
} from '../../platform/list-query';

/** One record of an entity as list pages answer it (formatted, with dictionary texts), or undefined. */
export async function findRecord(
  db: DbOrTx,
  entity: ListEntity,
  where: SQL,
  loadDict?: DictLoader,
): Promise<ListRecord | undefined> {
  const query = parseListQuery(entity, { pageSize: '1' }, { where });
  const [rows, dicts] = await Promise.all([selectPage(db, entity, query), loadDicts(query.fields, loadDict)]);
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
