import { eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { PERM, RECORD_ID_PATTERN, userBriefSchema, userSchema } from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { departs, roles, userDeparts, userRoles, users } from '../../db/schema';
import { defineListEntity } from '../../platform/list-query';
import type { DataScopeSpec } from '../../platform/data-scope';
import { USER_DICTS, USER_FIELDS, userFields } from '../../platform/user-fields';

/** The user list of 用户管理: every column an administrator sees (platform/user-fields). */
export const userList = defineListEntity({ table: users, fields: USER_FIELDS, dict: USER_DICTS });

/** The data rules (数据规则) of 用户管理 narrow every read and write of its records (see data-scope.ts). */
export const userScope: DataScopeSpec = { entity: userList, code: PERM.user.list };

/** What every picker shows: who a person is and where they work (name, department), no contact. */
const PICKER_FIELDS = ['username', 'realname', 'avatar', 'sex', 'orgCode', 'status'] as const;

/**
 * What pickers offer a 用户管理 reader whom no data rule narrows there: the work contact too, but no
 * birthday and no desk phone.
 */
export const userBriefList = defineListEntity({
  table: users,
  fields: userFields(...PICKER_FIELDS, 'email', 'phone', 'workNo', 'post'),
  dict: USER_DICTS,
});

/** What pickers offer everybody else. */
export const userPickerList = defineListEntity({
  table: users,
  fields: userFields(...PICKER_FIELDS),
  dict: USER_DICTS,
});

/** An optional id query parameter; '' counts as absent. */
export const optionalIdParam = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.string().trim().regex(RECORD_ID_PATTERN, '参数 id 不正确').optional(),
);

/** List records as answered (every field optional because `field` may narrow them). */
export const userRecordSchema = userSchema.partial();
export const userBriefRecordSchema = userBriefSchema.partial();

/**
 * Users who belong to department `depId` — with `withSub`, also to any department below it
 * (org code prefix, e.g. A01 → A01A03). An unknown department matches nobody.
 */
export async function userInDepart(db: DbOrTx, depId: string, withSub: boolean): Promise<SQL> {
  let match = sql`${userDeparts.depId} = ${depId}`;
  if (withSub) {
    const [dep] = await db.select({ orgCode: departs.orgCode }).from(departs).where(eq(departs.id, depId)).limit(1);
    if (!dep) return sql`false`;
    match = sql`starts_with(${departs.orgCode}, ${dep.orgCode})`;
  }
  return sql`exists (select 1 from ${userDeparts} inner join ${departs} on ${departs.id} = ${userDeparts.depId} where ${userDeparts.userId} = ${users.id} and ${match})`;
}

/** Users holding the role with this id. */
export function userHasRole(roleId: string): SQL {
  return sql`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${users.id} and ${userRoles.roleId} = ${roleId})`;
}

/** Users holding the role with this code. */
export function userHasRoleCode(roleCode: string): SQL {
  return sql`exists (select 1 from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${users.id} and ${roles.roleCode} = ${roleCode})`;
}
