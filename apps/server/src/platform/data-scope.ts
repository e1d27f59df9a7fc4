import { and, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DataRuleCondition, PermissionCode } from '@lims/contracts';
import type { ListEntity } from './list-query';
import { superQueryCondition, type SuperQueryItem } from './list-query/super-query';
import type { ScopeRule, ScopeRules } from './permission-cache';
import { AppError } from './reply';
import { dateTimeIn } from './time';
import type { SessionUser } from './sessions';

/**
 * Data rules (数据规则) as row conditions. A route declares `config.dataScope` (the list entity and
 * the list code of its menu); the data-scope plugin puts the user's condition on `request.dataScope`
 * (undefined when no rule narrows), which the handler adds to its list, read, export or write.
 * The rules come from the permission cache; only their placeholders are resolved per request.
 */
export type DataScopeSpec = { readonly entity: ListEntity; readonly code: PermissionCode };

/** Matches nothing: what a rule that cannot be applied safely turns into (fail closed). */
const NOTHING: SQL = sql`false`;

const COMPARE: Partial<Record<DataRuleCondition, string>> = {
  '=': 'eq',
  '!=': 'ne',
  '>': 'gt',
  '>=': 'ge',
  '<': 'lt',
  '<=': 'le',
  IN: 'in',
};

/** The values of the rule placeholders for this user now ('YYYY-MM-DD HH:mm:ss' in the configured zone). */
export function placeholderValues(
  user: SessionUser,
  timeZone: string,
  now = new Date(),
): Record<string, string | null> {
  const time = dateTimeIn(timeZone, now);
  return {
    '#{sys_user_code}': user.username,
    '#{sys_user_id}': user.id,
    '#{sys_user_name}': user.realname,
    '#{sys_org_code}': user.orgCode,
    '#{sys_depart_id}': user.departId ?? null,
    '#{sys_date}': time.slice(0, 10),
    '#{sys_time}': time,
  };
}

/** The rule value with its placeholders replaced; null when one has no value (or is unknown). */
export function resolveRuleValue(raw: string, values: Record<string, string | null>): string | null {
  let missing = false;
  const out = raw.replace(/#\{[^}]*\}/g, (m) => {
    const v = Object.hasOwn(values, m) ? values[m] : null;
    if (!v) missing = true;
    return v ?? '';
  });
  return missing || out.trim() === '' ? null : out.trim();
}

/** The super-query item a rule stands for: `LIKE` is contains, or starts/ends with when the value has `*` there. */
function toItem(rule: ScopeRule, value: string): SuperQueryItem | undefined {
  if (rule.ruleConditions === 'LIKE') {
    const starts = value.startsWith('*');
    const ends = value.endsWith('*') && value.length > 1;
    const term = value.replace(/^\*/, '').replace(/\*$/, '');
    const kind = starts && !ends ? 'left_like' : ends && !starts ? 'right_like' : 'like';
    return { field: rule.ruleColumn, rule: kind, val: term };
  }
  const op = COMPARE[rule.ruleConditions as DataRuleCondition];
  return op ? { field: rule.ruleColumn, rule: op, val: value } : undefined;
}

/**
 * One rule as a condition, built only through the entity's allow-list (field names resolve through
 * it, values are checked against the column type and bound). A rule naming an unknown field, an
 * unfit value or a placeholder without a value matches nothing.
 */
export function ruleCondition(
  entity: ListEntity,
  rule: ScopeRule,
  values: Record<string, string | null>,
  warn?: (msg: string) => void,
): SQL {
  const value = resolveRuleValue(rule.ruleValue, values);
  const item = value === null ? undefined : toItem(rule, value);
  if (!item) return NOTHING;
  try {
    return superQueryCondition(entity, item) ?? NOTHING;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    warn?.(`data rule ${rule.id} cannot apply: ${err.message}`);
    return NOTHING;
  }
}

/** The rows the rules let through: those matching every rule of at least one grant. */
export function scopeCondition(
  entity: ListEntity,
  rules: ScopeRules,
  values: Record<string, string | null>,
  warn?: (msg: string) => void,
): SQL {
  const grants = rules.map((grant) => and(...grant.map((rule) => ruleCondition(entity, rule, values, warn)))!);
  return grants.length === 1 ? grants[0] : or(...grants)!;
}

/** Rule ids already reported as unusable (a broken rule would otherwise log on every request). */
const reported = new Set<string>();

/** The user's data scope on a list now, or undefined when no rule narrows it (a map lookup on a warm cache). */
export async function dataScopeOf(
  deps: {
    permissionCache: { scopeOf(user: SessionUser, code: string): Promise<ScopeRules | undefined> };
    timeZone: string;
    warn: (msg: string) => void;
  },
  user: SessionUser,
  spec: DataScopeSpec,
): Promise<SQL | undefined> {
  const rules = await deps.permissionCache.scopeOf(user, spec.code);
  if (!rules) return undefined;
  const warnOnce = (msg: string) => {
    if (reported.has(msg)) return;
    if (reported.size > 1000) reported.clear();
    reported.add(msg);
    deps.warn(msg);
  };
  return scopeCondition(spec.entity, rules, placeholderValues(user, deps.timeZone), warnOnce);
}

/**
 * Rows of a child table (attachments, contacts, items) whose parent row is in scope: a condition on
 * the child's parent-id column; undefined when the scope is.
 */
export function parentInScope(parentId: AnyPgColumn, parent: ListEntity, scope: SQL | undefined): SQL | undefined {
  return scope && sql`${parentId} in (select ${parent.idColumn} from ${parent.table} where ${scope})`;
}
