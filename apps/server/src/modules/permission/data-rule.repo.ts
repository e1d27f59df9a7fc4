import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { PERMISSION_MSG, type DataRule, type DataRuleForm } from '@lims/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { permissionDataRules, permissions, rolePermissions } from '../../db/schema';
import { insertRecord, updateRecord } from '../../platform/crud';
import { escapeLike } from '../../platform/list-query/values';
import { badRequest, notFound } from '../../platform/reply';
import { toDateTime } from '../../platform/time';

type DataRuleRow = typeof permissionDataRules.$inferSelect;

export function toDataRule(r: DataRuleRow): DataRule {
  return { ...r, createTime: toDateTime(r.createTime), updateTime: toDateTime(r.updateTime) };
}

/** Rules of a menu, optionally filtered by name / column (contains, case-insensitive). */
export async function findDataRules(
  db: DbOrTx,
  permissionId: string,
  filter: { ruleName?: string; ruleColumn?: string } = {},
): Promise<DataRule[]> {
  const conditions: (SQL | undefined)[] = [eq(permissionDataRules.permissionId, permissionId)];
  if (filter.ruleName) conditions.push(ilike(permissionDataRules.ruleName, `%${escapeLike(filter.ruleName)}%`));
  if (filter.ruleColumn) conditions.push(ilike(permissionDataRules.ruleColumn, `%${escapeLike(filter.ruleColumn)}%`));
  const rows = await db
    .select()
    .from(permissionDataRules)
    .where(and(...conditions))
    .orderBy(asc(permissionDataRules.createTime), asc(permissionDataRules.id));
  return rows.map(toDataRule);
}

/** rule_flag of a menu = it has rules. */
async function refreshRuleFlag(tx: DbOrTx, permissionId: string): Promise<void> {
  await tx
    .update(permissions)
    .set({ ruleFlag: sql`exists (select 1 from ${permissionDataRules} as r where r.permission_id = ${permissionId})` })
    .where(eq(permissions.id, permissionId));
}

export async function addDataRule(db: Db, form: DataRuleForm, username: string): Promise<string> {
  return db.transaction(async (tx) => {
    const [menu] = await tx
      .select({ menuType: permissions.menuType })
      .from(permissions)
      .where(eq(permissions.id, form.permissionId))
      .limit(1);
    if (!menu) throw badRequest(PERMISSION_MSG.notFound);
    const id = await insertRecord(tx, permissionDataRules, form, username);
    await refreshRuleFlag(tx, form.permissionId);
    return id;
  });
}

export async function editDataRule(
  db: Db,
  id: string,
  form: Omit<DataRuleForm, 'permissionId'>,
  username: string,
): Promise<void> {
  await updateRecord(db, permissionDataRules, id, form, username, PERMISSION_MSG.ruleNotFound);
}

/** Deletes a rule and drops it from every role's data_rule_ids. */
export async function deleteDataRule(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [rule] = await tx
      .delete(permissionDataRules)
      .where(eq(permissionDataRules.id, id))
      .returning({ permissionId: permissionDataRules.permissionId });
    if (!rule) throw notFound(PERMISSION_MSG.ruleNotFound);
    const grants = await tx
      .select({ roleId: rolePermissions.roleId, ids: rolePermissions.dataRuleIds })
      .from(rolePermissions)
      .where(eq(rolePermissions.permissionId, rule.permissionId));
    for (const g of grants) {
      const ids = (g.ids ?? '').split(',').filter((x) => x && x !== id);
      if (ids.join(',') === (g.ids ?? '')) continue;
      await tx
        .update(rolePermissions)
        .set({ dataRuleIds: ids.length ? ids.join(',') : null })
        .where(and(eq(rolePermissions.roleId, g.roleId), eq(rolePermissions.permissionId, rule.permissionId)));
    }
    await refreshRuleFlag(tx, rule.permissionId);
  });
}
