import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { PERMISSION_MSG } from '@lims/contracts';
import type { Db, DbOrTx } from '../../db/client';
import { permissionDataRules, permissions, rolePermissions, roles, userRoles } from '../../db/schema';
import { parseIdList } from '../../platform/list-query';
import { badRequest, notFound } from '../../platform/reply';
import { toDataRule } from './data-rule.repo';

/** 404 unless the role exists (within `scope`: the actor's 角色管理 data rules). */
export async function requireRole(tx: DbOrTx, roleId: string, scope?: SQL): Promise<void> {
  const [role] = await tx
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.id, roleId), scope))
    .limit(1);
  if (!role) throw notFound(PERMISSION_MSG.roleNotFound);
}

/** Ids of the users holding a role (whose cached codes a grant change affects). */
async function roleHolders(tx: DbOrTx, roleId: string): Promise<string[]> {
  return (await tx.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.roleId, roleId))).map(
    (r) => r.id,
  );
}

/** The permission ids granted to a role. */
export async function rolePermissionIds(db: DbOrTx, roleId: string): Promise<string[]> {
  const rows = await db
    .select({ id: rolePermissions.permissionId })
    .from(rolePermissions)
    .where(eq(rolePermissions.roleId, roleId))
    .orderBy(asc(rolePermissions.permissionId));
  return rows.map((r) => r.id);
}

/**
 * Applies `permissionIds − lastpermissionIds` as grants and `lastpermissionIds − permissionIds` as
 * revocations, in one transaction (grants untouched by the diff keep their data rules). Unknown ids
 * to grant are a 400 and nothing changes. `check` sees the ids granted or revoked before anything is
 * written (the grant rule). Returns the ids of the users holding the role.
 */
export async function saveRolePermission(
  db: Db,
  roleId: string,
  permissionIds: string,
  lastIds: string,
  scope?: SQL,
  check?: (changed: string[]) => Promise<void>,
): Promise<string[]> {
  const next = new Set(parseIdList(permissionIds, 'permissionIds', 5000));
  const last = new Set(parseIdList(lastIds, 'lastpermissionIds', 5000));
  const grant = [...next].filter((id) => !last.has(id));
  const revoke = [...last].filter((id) => !next.has(id));
  if (check) {
    await requireRole(db, roleId, scope);
    await check([...grant, ...revoke]);
  }
  return db.transaction(async (tx) => {
    await requireRole(tx, roleId, scope);
    if (grant.length) {
      const found = new Set(
        (await tx.select({ id: permissions.id }).from(permissions).where(inArray(permissions.id, grant))).map(
          (r) => r.id,
        ),
      );
      const unknown = grant.find((id) => !found.has(id));
      if (unknown) throw badRequest(PERMISSION_MSG.unknownPermission(unknown));
      await tx
        .insert(rolePermissions)
        .values(grant.map((permissionId) => ({ roleId, permissionId })))
        .onConflictDoNothing();
    }
    if (revoke.length) {
      await tx
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.roleId, roleId), inArray(rolePermissions.permissionId, revoke)));
    }
    return roleHolders(tx, roleId);
  });
}

/** GET /sys/role/datarule: the menu's rules and the ones checked for the role. */
export async function roleDataRules(db: DbOrTx, permissionId: string, roleId: string) {
  const rules = await db
    .select()
    .from(permissionDataRules)
    .where(eq(permissionDataRules.permissionId, permissionId))
    .orderBy(asc(permissionDataRules.createTime), asc(permissionDataRules.id));
  const [grant] = await db
    .select({ ids: rolePermissions.dataRuleIds })
    .from(rolePermissions)
    .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)))
    .limit(1);
  const checked = new Set((grant?.ids ?? '').split(',').filter(Boolean));
  return { datarule: rules.map(toDataRule), drChecked: rules.filter((r) => checked.has(r.id)).map((r) => r.id) };
}

/** POST /sys/role/datarule: sets which of the menu's rules apply to the role (the role must hold the menu); returns its holders. */
export async function saveRoleDataRules(
  db: Db,
  permissionId: string,
  roleId: string,
  dataRuleIds: string,
  scope?: SQL,
): Promise<string[]> {
  const ids = parseIdList(dataRuleIds, 'dataRuleIds', 1000);
  return db.transaction(async (tx) => {
    await requireRole(tx, roleId, scope);
    if (ids.length) {
      const own = await tx
        .select({ id: permissionDataRules.id })
        .from(permissionDataRules)
        .where(and(eq(permissionDataRules.permissionId, permissionId), inArray(permissionDataRules.id, ids)));
      if (own.length !== ids.length) throw badRequest(PERMISSION_MSG.ruleNotOfMenu);
    }
    const updated = await tx
      .update(rolePermissions)
      .set({ dataRuleIds: ids.length ? ids.join(',') : null })
      .where(and(eq(rolePermissions.roleId, roleId), eq(rolePermissions.permissionId, permissionId)))
      .returning({ roleId: rolePermissions.roleId });
    if (updated.length === 0) throw badRequest(PERMISSION_MSG.grantFirst);
    return roleHolders(tx, roleId);
  });
}
