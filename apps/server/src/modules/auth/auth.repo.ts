import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { departs, permissions, rolePermissions, userDeparts, userRoles, users } from '../../db/schema';
import type { DepartBrief, UserInfo } from '@lims/contracts';

export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(db: DbOrTx, username: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.username, username)).limit(1);
  return rows[0];
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** The only way a user row leaves the server: no hash, no counters. */
export function toUserInfo(u: UserRow): UserInfo {
  return {
    id: u.id,
    username: u.username,
    realname: u.realname,
    avatar: u.avatar,
    orgCode: u.orgCode,
    sex: u.sex,
    email: u.email,
    phone: u.phone,
    status: u.status,
    mustChangePassword: u.mustChangePassword,
  };
}

export async function departsOfUser(db: DbOrTx, userId: string): Promise<DepartBrief[]> {
  return db
    .select({ id: departs.id, orgCode: departs.orgCode, departName: departs.departName })
    .from(userDeparts)
    .innerJoin(departs, eq(departs.id, userDeparts.depId))
    .where(eq(userDeparts.userId, userId))
    .orderBy(asc(departs.orgCode));
}

export async function setOrgCode(db: DbOrTx, userId: string, orgCode: string): Promise<void> {
  await db.update(users).set({ orgCode }).where(eq(users.id, userId));
}

export type PermissionRow = typeof permissions.$inferSelect;

/** The permission rows granted to a user through their roles. */
export async function grantedPermissions(db: DbOrTx, userId: string): Promise<PermissionRow[]> {
  const granted = db
    .selectDistinct({ id: rolePermissions.permissionId })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  return db.select().from(permissions).where(inArray(permissions.id, granted)).orderBy(asc(permissions.sortNo));
}

export async function allMenusAndButtons(db: DbOrTx): Promise<PermissionRow[]> {
  return db.select().from(permissions).orderBy(asc(permissions.sortNo));
}

export async function buttonRows(db: DbOrTx): Promise<PermissionRow[]> {
  return db
    .select()
    .from(permissions)
    .where(and(eq(permissions.menuType, 2)))
    .orderBy(asc(permissions.sortNo));
}
