import type { SuperQueryRule } from '@lims/contracts';
import type { SearchField } from './search-fields';

/**
 * 高级查询 (JeecgBoot's j-super-query) as pure rules: the fields a list offers, the rules each field
 * type takes, the values they need, and the `superQueryParams` the list engine reads.
 */

/** A field's type as the server's list engine checks it (`GET /sys/list/fields`). */
export type ServerFieldType = 'string' | 'number' | 'date' | 'datetime' | 'boolean';
export type ServerField = { name: string; type: ServerFieldType; dict?: string };

/** A field of the builder: the server's type, or a dictionary / fixed choice list. */
export type QueryFieldType = ServerFieldType | 'dict' | 'select';
export type QueryField = {
  name: string;
  label: string;
  type: QueryFieldType;
  dictCode?: string;
  options?: ReadonlyArray<{ label: string; value: string }>;
};

export type QueryRule = SuperQueryRule;

export const RULE_LABELS: Record<QueryRule, string> = {
  eq: '等于',
  ne: '不等于',
  gt: '大于',
  ge: '大于等于',
  lt: '小于',
  le: '小于等于',
  like: '包含',
  right_like: '以…开头',
  left_like: '以…结尾',
  in: '在…中',
  empty: '为空',
  not_empty: '不为空',
};

/** The rules offered per field type: each one the server takes for that type. */
export const RULES_BY_TYPE: Record<QueryFieldType, readonly QueryRule[]> = {
  string: ['eq', 'like', 'right_like', 'left_like', 'ne', 'in', 'empty', 'not_empty'],
  number: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'empty', 'not_empty'],
  date: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'empty', 'not_empty'],
  datetime: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'empty', 'not_empty'],
  boolean: ['eq', 'ne'],
  dict: ['eq', 'ne', 'in', 'empty', 'not_empty'],
  select: ['eq', 'ne', 'in', 'empty', 'not_empty'],
};

export const rulesFor = (type: QueryFieldType): readonly QueryRule[] => RULES_BY_TYPE[type];
/** Rules that take no value. */
export const needsValue = (rule: QueryRule): boolean => rule !== 'empty' && rule !== 'not_empty';

export type MatchType = 'and' | 'or';
export const MATCH_LABELS: Record<MatchType, string> = { and: '全部满足（AND）', or: '任意满足（OR）' };

/** One condition as the builder holds it: `in` values are a string array, the others one string. */
export type QueryCondition = { field?: string; rule?: QueryRule; val?: string | string[] | null };
export type SuperQuery = { matchType: MatchType; conditions: QueryCondition[] };
export type SavedQuery = SuperQuery & { name: string };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const NUMBER = /^[+-]?\d+(\.\d+)?$/;

/** What the builder reads of a page's columns. */
export type ColumnLike = { dataIndex?: unknown; title?: unknown; sorter?: unknown };

/** The field names a page's search fields and columns show, with their labels (first one wins). */
function labelledNames(
  searchFields: readonly SearchField[],
  columns: readonly ColumnLike[],
): Array<{ name: string; label: string; search?: SearchField; sortable: boolean }> {
  const out = new Map<string, { name: string; label: string; search?: SearchField; sortable: boolean }>();
  for (const f of searchFields) {
    if (f.type === 'custom') continue;
    out.set(f.name, { name: f.name, label: f.label, search: f, sortable: false });
  }
  for (const c of columns) {
    const name = typeof c.dataIndex === 'string' ? c.dataIndex : undefined;
    const label = typeof c.title === 'string' ? c.title : undefined;
    if (!name || !label) continue;
    const known = out.get(name);
    if (known) known.sortable ||= Boolean(c.sorter);
    else out.set(name, { name, label, sortable: Boolean(c.sorter) });
  }
  return [...out.values()];
}

function typeOfSearch(f: SearchField | undefined): Pick<QueryField, 'type' | 'dictCode' | 'options'> | undefined {
  if (f?.type === 'dict') return { type: 'dict', dictCode: f.dictCode };
  if (f?.type === 'select') return { type: 'select', options: f.options };
  if (f?.type === 'date' || f?.type === 'dateRange') return { type: 'date' };
  return undefined;
}

/**
 * The builder's fields: the page's search fields and columns. With the server's description only
 * the fields it accepts, typed as it checks them (a dictionary field gets its dictionary select);
 * without it (a list the server does not describe) the search fields and sortable columns, typed
 * from the search form (names ending in Time are date-times).
 */
export function queryFieldsOf(
  searchFields: readonly SearchField[],
  columns: readonly ColumnLike[],
  server: readonly ServerField[] | undefined,
): QueryField[] {
  const byName = server ? new Map(server.map((f) => [f.name, f])) : undefined;
  const out: QueryField[] = [];
  for (const c of labelledNames(searchFields, columns)) {
    const fromSearch = typeOfSearch(c.search);
    if (byName) {
      const s = byName.get(c.name);
      if (!s) continue;
      if (s.dict) out.push({ name: c.name, label: c.label, type: 'dict', dictCode: s.dict });
      else if (s.type === 'string' && fromSearch && fromSearch.type !== 'date')
        out.push({ name: c.name, label: c.label, ...fromSearch });
      else out.push({ name: c.name, label: c.label, type: s.type });
    } else if (c.search || c.sortable) {
      const type = fromSearch ?? { type: /Time$/.test(c.name) ? ('datetime' as const) : ('string' as const) };
      out.push({ name: c.name, label: c.label, ...type });
    }
  }
  return out;
}

const valueList = (val: QueryCondition['val']): string[] =>
  (Array.isArray(val) ? val : typeof val === 'string' ? val.split(/[,，]/) : [])
    .map((v) => v.trim())
    .filter((v) => v !== '');

/** What is wrong with a condition (Chinese, naming it by number), or undefined. */
export function conditionError(c: QueryCondition, index: number, fields: readonly QueryField[]): string | undefined {
  const n = `第 ${index + 1} 个条件`;
  const field = fields.find((f) => f.name === c.field);
  if (!field) return `${n}：请选择字段`;
  if (!c.rule || !rulesFor(field.type).includes(c.rule)) return `${n}：请选择匹配规则`;
  if (!needsValue(c.rule)) return undefined;
  if (c.rule === 'in') return valueList(c.val).length ? undefined : `${n}：请填写值`;
  const v = typeof c.val === 'string' ? c.val.trim() : '';
  if (!v) return `${n}：请填写值`;
  if (field.type === 'number' && !NUMBER.test(v)) return `${n}：${field.label}应为数字`;
  if (field.type === 'date' && !DATE.test(v)) return `${n}：${field.label}应为日期（YYYY-MM-DD）`;
  if (field.type === 'datetime' && !DATETIME.test(v) && !DATE.test(v))
    return `${n}：${field.label}应为时间（YYYY-MM-DD HH:mm:ss）`;
  if (v.length > 500) return `${n}：值过长（最多 500 个字符）`;
  return undefined;
}

/** The list params of a query: `superQueryParams` (URI-encoded JSON of `{field, rule, val, type}`) and the match type. */
export function superQueryParams(
  query: SuperQuery,
  fields: readonly QueryField[],
): { superQueryParams: string; superQueryMatchType: MatchType } {
  const items = query.conditions.map((c) => {
    const field = fields.find((f) => f.name === c.field);
    const rule = c.rule!;
    const val = !needsValue(rule) ? '' : rule === 'in' ? valueList(c.val) : String(c.val ?? '').trim();
    return { field: c.field!, rule, val, type: field?.type ?? 'string' };
  });
  return { superQueryParams: encodeURIComponent(JSON.stringify(items)), superQueryMatchType: query.matchType };
}

/** A server message about a field, with the field's label instead of its API name. */
export function labelMessage(message: string, fields: readonly QueryField[]): string {
  let out = message;
  for (const f of fields) out = out.replace(new RegExp(`(?<=[\\s:：])${f.name}(?![A-Za-z0-9_])`, 'g'), f.label);
  return out;
}

/** Saved queries read from the preference store: anything malformed is left out. */
export function readSaved(value: unknown): SavedQuery[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (q): q is SavedQuery =>
      typeof q === 'object' &&
      q !== null &&
      typeof (q as SavedQuery).name === 'string' &&
      ((q as SavedQuery).matchType === 'and' || (q as SavedQuery).matchType === 'or') &&
      Array.isArray((q as SavedQuery).conditions),
  );
}

/**
 * The preference key of a list's saved 高级查询 (`query:<route path>`; a list inside a drawer adds
 * its list url).
 */
export function savedQueriesKey(pathname: string, listUrl?: string | false): string {
  const suffix = listUrl === false ? '' : `:${listUrl ?? ''}`;
  return `query:${pathname.replace(/[^A-Za-z0-9:._/-]/g, '_')}${suffix}`.slice(0, 100);
}
