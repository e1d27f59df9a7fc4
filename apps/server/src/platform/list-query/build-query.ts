import { and, type SQL } from 'drizzle-orm';
import { plainConditions } from './conditions';
import type { ListEntity, ListField } from './entity-spec';
import {
  expandParamsStr,
  normalizeParams,
  orderByOf,
  parseFields,
  parsePaging,
  parseSelections,
  parseSort,
  type ListSort,
  type RawParams,
} from './parse-params';
import { superQueryFilter } from './super-query';

export type ListQueryOptions = {
  /** A fixed condition the route adds (e.g. a parent id or a data scope); AND-ed with the rest. */
  where?: SQL;
};

/** Everything a list, an export or a filtered delete needs, built once from the params. */
export type ListQuery = {
  /** Plain filters AND super query AND selections AND options.where; undefined when nothing filters. */
  where: SQL | undefined;
  /** The requested (or default) sort. */
  sort: ListSort;
  /** ORDER BY of the sort, always ending with id so that paging is stable. */
  orderBy: SQL[];
  pageNo: number;
  pageSize: number;
  /** The fields to return (`field`), id always among them. */
  fields: ListField[];
};

/**
 * Parses list params for an entity. Throws AppError 400 (message naming the field, rule or
 * parameter) for anything outside the entity's allow-list or not fitting a field's type.
 * Accepts `paramsStr` (URI-encoded JSON of the params) as export links send it.
 */
export function parseListQuery(
  entity: ListEntity,
  raw: RawParams | null | undefined,
  opts: ListQueryOptions = {},
): ListQuery {
  const params = normalizeParams(expandParamsStr(raw));
  const where = and(
    ...plainConditions(entity, params),
    superQueryFilter(entity, params),
    parseSelections(entity, params),
    opts.where,
  );
  const sort = parseSort(entity, params);
  return { where, sort, orderBy: orderByOf(entity, sort), ...parsePaging(params), fields: parseFields(entity) };
}

/** Just the filter and the order: the building blocks export and delete reuse. */
export function buildListFilter(
  entity: ListEntity,
  raw: RawParams | null | undefined,
  opts: ListQueryOptions = {},
): { where: SQL | undefined; orderBy: SQL[] } {
  const { where, orderBy } = parseListQuery(entity, raw, opts);
  return { where, orderBy };
}
