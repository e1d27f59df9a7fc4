import type { SQL } from 'drizzle-orm';
import { badRequest } from '../reply';
import { RESERVED_PARAMS, type ListEntity, type ListField } from './entity-spec';
import { LIST_MSG } from './messages';
import type { ListParams } from './parse-params';
import { compare, inList, like, splitList } from './values';

/**
 * The condition a plain query value asks for:
 * `*abc*` contains, `abc*` starts with, `*abc` ends with, `!abc` not equal (`!a,b` not in),
 * `a,b` in, anything else equals. Returns undefined when nothing is left to match.
 */
export function valueCondition(field: ListField, value: string, label: string): SQL | undefined {
  if (value.length >= 2 && value.startsWith('*') && value.endsWith('*')) {
    const term = value.slice(1, -1).trim();
    return term ? like(field, term, 'contains', label) : undefined;
  }
  if (value.startsWith('*')) {
    const term = value.slice(1).trim();
    return term ? like(field, term, 'ends', label) : undefined;
  }
  if (value.endsWith('*')) {
    const term = value.slice(0, -1).trim();
    return term ? like(field, term, 'starts', label) : undefined;
  }
  if (value.startsWith('!')) {
    const rest = value.slice(1).trim();
    if (!rest) return undefined;
    return rest.includes(',') ? inList(field, splitList(rest, label), label, true) : compare(field, 'ne', rest, label);
  }
  if (value.includes(',')) {
    const items = splitList(value, label);
    return items.length === 1 ? compare(field, 'eq', items[0], label) : inList(field, items, label);
  }
  return compare(field, 'eq', value, label);
}

/** The searchable field a param names; `_begin`/`_end` name a range on the field before it. */
function resolveParam(entity: ListEntity, name: string): { field: ListField; range?: 'begin' | 'end' } {
  const range = /_begin$/.test(name) ? 'begin' : /_end$/.test(name) ? 'end' : undefined;
  const fieldName = range ? name.slice(0, name.lastIndexOf('_')) : name;
  const field = entity.fields.get(name) ?? entity.fields.get(fieldName);
  if (!field) throw badRequest(LIST_MSG.unknownField(name));
  if (!field.search) throw badRequest(LIST_MSG.notSearchable(name));
  return field.name === name ? { field } : { field, range };
}

/**
 * Conditions for every non-reserved param: each must name a searchable field of the entity
 * (or its `_begin`/`_end` range), otherwise 400. Ranges are inclusive; a date-only `_end` on a
 * date-time field covers that whole day.
 */
export function plainConditions(entity: ListEntity, params: ListParams): SQL[] {
  const out: SQL[] = [];
  for (const [name, value] of params) {
    if (RESERVED_PARAMS.has(name)) continue;
    const { field, range } = resolveParam(entity, name);
    const condition = range
      ? compare(field, range === 'begin' ? 'ge' : 'le', value, name)
      : valueCondition(field, value, name);
    if (condition) out.push(condition);
  }
  return out;
}
