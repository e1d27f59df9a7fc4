import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DICT_MSG, PERM, PHONE_MSG, ROLE_MSG, SUPPLIER_MSG, UNIT_MSG, USER_MSG } from '@lims/contracts';
import { customerUnits, departs, dictItems, dicts, projects, roles, suppliers, users } from '../../db/schema';

/**
 * One checkable (table, field): the column compared and the id column `dataId` excludes; `taken`: the 409
 * message naming the field (供应商编码已存在…); `anyOf`: permission codes of which the caller must hold one
 * (otherwise any signed-in user may ask).
 */
export type CheckTarget = {
  table: PgTable;
  column: AnyPgColumn;
  idColumn: AnyPgColumn;
  taken: string;
  anyOf?: readonly string[];
};
/** A child-table check: the value is unique among the rows of one parent. */
export type ChildCheckTarget = CheckTarget & { parentColumn: AnyPgColumn };

const target = (
  table: PgTable & { id: AnyPgColumn },
  column: AnyPgColumn,
  taken: string,
  anyOf?: readonly string[],
): CheckTarget => ({ table, column, idColumn: table.id, taken, anyOf });
/** Whether an account name, phone number or e-mail exists is for those who add or edit users. */
const USER_ADMIN = [PERM.user.add, PERM.user.edit];

/**
 * (table, field) pairs the duplicate check accepts, under the original system's names
 * (sys_user/work_no …) and ours (users/work_no, users/workNo …). Nothing else is ever queried.
 */
const PAIRS: [tables: string[], fields: string[], CheckTarget][] = [
  [['sys_user', 'users'], ['username'], target(users, users.username, PHONE_MSG.usernameTaken, USER_ADMIN)],
  [['sys_user', 'users'], ['work_no', 'workNo'], target(users, users.workNo, USER_MSG.workNoTaken, USER_ADMIN)],
  [['sys_user', 'users'], ['email'], target(users, users.email, PHONE_MSG.emailTaken, USER_ADMIN)],
  [['sys_user', 'users'], ['phone'], target(users, users.phone, PHONE_MSG.phoneTaken, USER_ADMIN)],
  [['sys_role', 'roles'], ['role_code', 'roleCode'], target(roles, roles.roleCode, ROLE_MSG.codeTaken)],
  [['sys_dict', 'dicts'], ['dict_code', 'dictCode'], target(dicts, dicts.dictCode, DICT_MSG.codeTaken)],
  [['sys_depart', 'departs'], ['org_code', 'orgCode'], target(departs, departs.orgCode, '机构编码已存在！')],
  [['suppliers'], ['code'], target(suppliers, suppliers.code, SUPPLIER_MSG.codeTaken)],
  [['customer_units'], ['code'], target(customerUnits, customerUnits.code, UNIT_MSG.codeTaken)],
  [['projects'], ['project_no', 'projectNo'], target(projects, projects.projectNo, '项目编号已存在！')],
];

const CHILD_PAIRS: [tables: string[], fields: string[], ChildCheckTarget][] = [
  [
    ['sys_dict_item', 'dict_items'],
    ['item_value', 'itemValue'],
    { ...target(dictItems, dictItems.itemValue, DICT_MSG.itemValueTaken), parentColumn: dictItems.dictId },
  ],
];

function toMap<T>(pairs: [string[], string[], T][]): ReadonlyMap<string, T> {
  const map = new Map<string, T>();
  for (const [tables, fields, value] of pairs) {
    for (const t of tables) for (const f of fields) map.set(`${t}\u0000${f}`, value);
  }
  return map;
}

const CHECKS = toMap(PAIRS);
const CHILD_CHECKS = toMap(CHILD_PAIRS);

/** The allowed target of a (table, field) pair, or undefined (a Map: no prototype names resolve). */
export const checkTargetOf = (table: string, field: string): CheckTarget | undefined =>
  CHECKS.get(`${table}\u0000${field}`);
export const childCheckTargetOf = (table: string, field: string): ChildCheckTarget | undefined =>
  CHILD_CHECKS.get(`${table}\u0000${field}`);

/** The accepted pairs as `table.field` (for docs and messages). */
export const ALLOWED_PAIRS: readonly string[] = PAIRS.flatMap(([t, f]) => t.flatMap((x) => f.map((y) => `${x}.${y}`)));
export const ALLOWED_CHILD_PAIRS: readonly string[] = CHILD_PAIRS.flatMap(([t, f]) =>
  t.flatMap((x) => f.map((y) => `${x}.${y}`)),
);
