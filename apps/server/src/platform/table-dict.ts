import { asc } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { DICT_MSG, type DictOption } from '@lims/contracts';
import type { DbOrTx } from '../db/client';
import { customerUnits, departs, projects, roles, suppliers, users } from '../db/schema';
import { badRequest } from './reply';

type TableDict = { table: PgTable; columns: Record<string, PgColumn> };

/**
 * Tables and columns that may serve as a dictionary in the `table,text,code` form. Anything else —
 * and every credential column — is refused; names never reach SQL text.
 */
const TABLE_DICTS: Record<string, TableDict> = {
  users: {
    table: users,
    columns: { id: users.id, username: users.username, realname: users.realname, work_no: users.workNo },
  },
  departs: { table: departs, columns: { id: departs.id, depart_name: departs.departName, org_code: departs.orgCode } },
  roles: { table: roles, columns: { id: roles.id, role_name: roles.roleName, role_code: roles.roleCode } },
  suppliers: { table: suppliers, columns: { id: suppliers.id, name: suppliers.name, code: suppliers.code } },
  customer_units: {
    table: customerUnits,
    columns: { id: customerUnits.id, name: customerUnits.name, code: customerUnits.code },
  },
  projects: { table: projects, columns: { id: projects.id, name: projects.name, project_no: projects.projectNo } },
};
const ALIASES: Record<string, string> = { sys_user: 'users', sys_depart: 'departs', sys_role: 'roles' };
const MAX_ROWS = 1000;

export function isTableDictCode(code: string): boolean {
  return code.includes(',');
}

/** The allow-listed columns hold text (or numbers): their value as text, '' for null. */
const cellText = (v: unknown): string =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v);

/** Options from an allow-listed table (`table,textColumn,valueColumn`); at most 1000 rows. */
export async function tableDictOptions(db: DbOrTx, code: string): Promise<DictOption[]> {
  const parts = code.split(',').map((s) => s.trim());
  if (parts.length !== 3 || parts.some((p) => !p)) throw badRequest(DICT_MSG.badTableDict);
  const [tableName, textName, valueName] = parts;
  const key = Object.hasOwn(ALIASES, tableName) ? ALIASES[tableName] : tableName;
  const spec = Object.hasOwn(TABLE_DICTS, key) ? TABLE_DICTS[key] : undefined;
  const column = (name: string) => (spec && Object.hasOwn(spec.columns, name) ? spec.columns[name] : undefined);
  const text = column(textName);
  const value = column(valueName);
  if (!spec || !text || !value) throw badRequest(DICT_MSG.tableDictNotAllowed(tableName.slice(0, 64)));
  const rows = await db.select({ text, value }).from(spec.table).orderBy(asc(text)).limit(MAX_ROWS);
  return rows.map((r) => {
    const t = cellText(r.text);
    return { value: cellText(r.value), text: t, title: t };
  });
}
