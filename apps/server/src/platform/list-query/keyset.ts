import { gt, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { ListEntity } from './entity-spec';
import type { ListSort } from './parse-params';

/**
 * The rows after the row with sort value `value` and id `id`, in the order of `sort` (then id,
 * in the same direction). PostgreSQL puts nulls last ascending and first descending, so a null
 * value continues among the nulls (by id) and, ascending, nulls follow every non-null value.
 * `value` is the column's raw driver value (text of a timestamp, numeric, date), bound as is.
 */
export function afterKey(entity: ListEntity, sort: ListSort, value: unknown, id: unknown): SQL {
  const column = sort.field.column;
  const idColumn = entity.idColumn;
  const asc = sort.order === 'asc';
  if (column === idColumn) return asc ? gt(idColumn, id) : lt(idColumn, id);
  const after = asc
    ? sql`(${column}, ${idColumn}) > (${value}, ${id})`
    : sql`(${column}, ${idColumn}) < (${value}, ${id})`;
  const nullable = !column.notNull;
  if (value === null || value === undefined) {
    const amongNulls = sql`(${isNull(column)} and ${asc ? gt(idColumn, id) : lt(idColumn, id)})`;
    return asc ? amongNulls : or(amongNulls, isNotNull(column))!;
  }
  return asc && nullable ? or(after, isNull(column))! : after;
}
