import { and, asc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { USER_MSG } from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { departs, roles, userDeparts, userRoles, users } from '../../db/schema';
import type { ListRecord } from '../../platform/list-query';

/** Adds `departNames` (comma-joined, by org code) to a page of user records, in one query. */
export async function withDepartNames<T extends ListRecord>(
  db: DbOrTx,
  records: T[],
): Promise<(T & { departNames: string })[]> {
  const ids = records.map((r) => String(r.id));
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({
            userId: userDeparts.userId,
            names: sql<string>`string_agg(${departs.departName}, ',' order by ${departs.orgCode})`,
          })
          .from(userDeparts)
          .innerJoin(departs, eq(departs.id, userDeparts.depId))
          .where(inArray(userDeparts.userId, ids))
          .groupBy(userDeparts.userId);
  const byUser = new Map(rows.map((r) => [r.userId, r.names]));
  return records.map((r) => ({ ...r, departNames: byUser.get(String(r.id)) ?? '' }));
}

export async function roleIdsOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: userRoles.roleId })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.roleCode));
  return rows.map((r) => r.id);
}

export async function departsOf(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; orgCode: string; departName: string }[]> {
  return db
    .select({ id: departs.id, orgCode: departs.orgCode, departName: departs.departName })
    .from(userDeparts)
    .innerJoin(departs, eq(departs.id, userDeparts.depId))
    .where(eq(userDeparts.userId, userId))
    .orderBy(asc(departs.orgCode));
}

export async function rolesOf(
  db: DbOrTx,
  userId: string,
): Promise<{ id: string; roleName: string; roleCode: string }[]> {
  return db
    .select({ id: roles.id, roleName: roles.roleName, roleCode: roles.roleCode })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(asc(roles.roleCode));
}

/** user id → names of the roles held, for the given users (users without roles map to []). */
export async function roleNamesByUser(db: DbOrTx, userIds: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = Object.fromEntries(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return out;
  const rows = await db
    .select({ userId: userRoles.userId, roleName: roles.roleName })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds))
    .orderBy(asc(roles.roleCode));
  for (const r of rows) out[r.userId]?.push(r.roleName);
  return out;
}

/** The roles with these ids, in the order asked; undefined when any is missing. */
export async function findRoles(db: DbOrTx, ids: string[]): Promise<string[] | undefined> {
  if (ids.length === 0) return [];
  const rows = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, ids));
  return rows.length === ids.length ? ids : undefined;
}

/** The departments with these ids, in the order asked; undefined when any is missing. */
export async function findDeparts(db: DbOrTx, ids: string[]): Promise<{ id: string; orgCode: string }[] | undefined> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: departs.id, orgCode: departs.orgCode })
    .from(departs)
    .where(inArray(departs.id, ids));
  if (rows.length !== ids.length) return undefined;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)!);
}

export type UniqueFields = {
  username?: string | null;
  workNo?: string | null;
  email?: string | null;
  phone?: string | null;
};

const UNIQUE_CHECKS = [
  { key: 'username', column: users.username, message: USER_MSG.usernameTaken },
  { key: 'workNo', column: users.workNo, message: USER_MSG.workNoTaken },
  { key: 'email', column: users.email, message: USER_MSG.emailTaken },
  { key: 'phone', column: users.phone, message: USER_MSG.phoneTaken },
] as const;

/** The message of the first unique field another user already has, or undefined. */
export async function takenMessage(db: DbOrTx, values: UniqueFields, excludeId?: string): Promise<string | undefined> {
  const checks = UNIQUE_CHECKS.filter((c) => values[c.key]);
  if (checks.length === 0) return undefined;
  const match: SQL | undefined = or(...checks.map((c) => eq(c.column, values[c.key]!)));
  const rows = await db
    .select({ username: users.username, workNo: users.workNo, email: users.email, phone: users.phone })
    .from(users)
    .where(and(match, excludeId ? ne(users.id, excludeId) : undefined))
    .limit(4);
  return checks.find((c) => rows.some((r) => r[c.key] === values[c.key]))?.message;
}

/** The message for a unique violation raised by the database (a concurrent write), by index name. */
export function uniqueViolationMessage(err: unknown): string {
  const e = err as { constraint?: string; cause?: { constraint?: string } } | null;
  const name = e?.constraint ?? e?.cause?.constraint ?? '';
  if (name.includes('work_no')) return USER_MSG.workNoTaken;
  if (name.includes('email')) return USER_MSG.emailTaken;
  if (name.includes('phone')) return USER_MSG.phoneTaken;
  return USER_MSG.usernameTaken;
}

/** Replaces a user's roles and/or departments (undefined: left as they are). */
export async function replaceLinks(
  tx: DbOrTx,
  userId: string,
  roleIds?: string[],
  departIds?: string[],
): Promise<void> {
  if (roleIds) {
    await tx.delete(userRoles).where(eq(userRoles.userId, userId));
    if (roleIds.length > 0) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  }
  if (departIds) {
    await tx.delete(userDeparts).where(eq(userDeparts.userId, userId));
    if (departIds.length > 0) await tx.insert(userDeparts).values(departIds.map((depId) => ({ userId, depId })));
  }
}
