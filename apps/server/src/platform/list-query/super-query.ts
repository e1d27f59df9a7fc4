import { and, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { badRequest } from '../reply';
import type { ListEntity, ListField } from './entity-spec';
import { SUPER_QUERY_RULES, type SuperQueryRule } from '@lims/contracts';
import { LIST_MSG } from './messages';
import { decodeJsonParam, type ListParams } from './parse-params';
import { compare, inList, isEmpty, like, MAX_LIST_ITEMS, splitList, type CompareOp } from './values';

export const MAX_SUPER_QUERY_CONDITIONS = 50;

export { SUPER_QUERY_RULES, type SuperQueryRule };

const scalar = z.union([z.string(), z.number(), z.boolean()]);
/** One condition; `type` (and the later `dbType`) are hints only: the spec decides the type. */
const itemSchema = z.object({
  field: z.string().min(1),
  rule: z.string().min(1),
  val: z.union([scalar, z.null(), z.array(scalar).max(MAX_LIST_ITEMS)]).optional(),
  type: z.unknown().optional(),
});
export type SuperQueryItem = z.infer<typeof itemSchema>;

const COMPARE_RULES: ReadonlySet<string> = new Set(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);
const LIKE_MODE = { like: 'contains', left_like: 'ends', right_like: 'starts' } as const;

/** Decodes and validates `superQueryParams`: a JSON array of at most 50 `{field, rule, val, type?}`. */
export function parseSuperQueryItems(raw: string): SuperQueryItem[] {
  const decoded = decodeJsonParam(raw);
  if (!Array.isArray(decoded)) throw badRequest(LIST_MSG.badSuperQuery);
  if (decoded.length > MAX_SUPER_QUERY_CONDITIONS)
    throw badRequest(LIST_MSG.tooManySuperQuery(MAX_SUPER_QUERY_CONDITIONS));
  return decoded.map((item, index) => {
    const parsed = itemSchema.safeParse(item);
    if (!parsed.success) throw badRequest(LIST_MSG.badSuperQueryItem(index));
    return parsed.data;
  });
}

function resolveField(entity: ListEntity, name: string): ListField {
  const field = entity.fields.get(name.trim().replace(/_dictText$/, ''));
  if (!field) throw badRequest(LIST_MSG.unknownSuperField(name));
  if (!field.search) throw badRequest(LIST_MSG.notSearchable(name));
  return field;
}

/** The SQL for one condition; undefined when its value is empty (ignored, like plain params). */
export function superQueryCondition(entity: ListEntity, item: SuperQueryItem): SQL | undefined {
  const field = resolveField(entity, item.field);
  const rule = item.rule.trim().toLowerCase();
  if (!(SUPER_QUERY_RULES as readonly string[]).includes(rule)) throw badRequest(LIST_MSG.unknownSuperRule(item.rule));
  if (rule === 'empty' || rule === 'not_empty') return isEmpty(field, rule === 'not_empty');
  const label = field.name;
  const val = item.val;
  if (rule === 'in') {
    const items = Array.isArray(val)
      ? val.map((v) => String(v).trim()).filter((v) => v !== '')
      : splitList(val === undefined || val === null ? '' : String(val), label);
    return inList(field, items, label);
  }
  const text = val === undefined || val === null ? '' : (Array.isArray(val) ? val.join(',') : String(val)).trim();
  if (text === '') return undefined;
  if (COMPARE_RULES.has(rule)) return compare(field, rule as CompareOp, text, label);
  return like(field, text, LIKE_MODE[rule as keyof typeof LIKE_MODE], label);
}

/**
 * `superQueryParams` + `superQueryMatchType` as one condition: the conditions AND-ed ('and', the
 * default) or OR-ed ('or'). The caller AND-s the result with the plain filters.
 */
export function superQueryFilter(entity: ListEntity, params: ListParams): SQL | undefined {
  const rawMatch = params.get('superQueryMatchType');
  const match = rawMatch === undefined ? 'and' : rawMatch.toLowerCase();
  if (match !== 'and' && match !== 'or') throw badRequest(LIST_MSG.badMatchType(rawMatch ?? ''));
  const raw = params.get('superQueryParams');
  if (raw === undefined) return undefined;
  const conditions = parseSuperQueryItems(raw)
    .map((item) => superQueryCondition(entity, item))
    .filter((c): c is SQL => c !== undefined);
  if (conditions.length === 0) return undefined;
  return match === 'or' ? or(...conditions) : and(...conditions);
}
