import { inArray, or } from 'drizzle-orm';
import { DOC_NO_PREFIX, PROJECT_MSG, PROJECT_STATUS, type ProjectImportRow } from '@lims/contracts';
import type { Tx } from '../../db/client';
import { customerUnits, departs, projects, users } from '../../db/schema';
import { insertInChunks, type ImportRowError } from '../../platform/excel';
import type { SessionUser } from '../../platform/sessions';
import { takeDocNos } from '../../platform/doc-no';
import { contactsOfUnits, defaultContact } from './project.repo';

/** Candidates found for a text: by a unique key (code, account, org code) or by a name that may repeat. */
type Lookup = { byKey: Map<string, string>; byName: Map<string, string[]> };

async function lookup(
  texts: string[],
  query: (texts: string[]) => Promise<{ id: string; key: string; name: string }[]>,
): Promise<Lookup> {
  const rows = texts.length ? await query(texts) : [];
  const byName = new Map<string, string[]>();
  for (const r of rows) byName.set(r.name, [...(byName.get(r.name) ?? []), r.id]);
  return { byKey: new Map(rows.map((r) => [r.key, r.id])), byName };
}

/** id for a text: the unique key first, else a name that only one record has. */
function resolve(l: Lookup, text: string): { id: string } | { error: 'unknown' | 'ambiguous' } {
  const byKey = l.byKey.get(text);
  if (byKey) return { id: byKey };
  const named = l.byName.get(text) ?? [];
  if (named.length === 1) return { id: named[0] };
  return { error: named.length ? 'ambiguous' : 'unknown' };
}

const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => !!v))];

/**
 * Writes imported projects (inside the import's transaction): the unit by code or name, the
 * manager by account or name, the department by org code or name; each problem reported with its
 * row. Numbers are taken for all rows at once (rolled back with the import when it fails); every
 * project starts 待受理 with the unit's primary contact when none is given.
 */
export async function insertProjects(
  tx: Tx,
  rows: ProjectImportRow[],
  actor: SessionUser,
  rowNumbers: number[],
): Promise<ImportRowError[] | void> {
  const [units, managers, departments] = await Promise.all([
    lookup(distinct(rows.map((r) => r.customerUnitName)), (t) =>
      tx
        .select({ id: customerUnits.id, key: customerUnits.code, name: customerUnits.name })
        .from(customerUnits)
        .where(or(inArray(customerUnits.code, t), inArray(customerUnits.name, t))),
    ),
    lookup(distinct(rows.map((r) => r.managerName)), (t) =>
      tx
        .select({ id: users.id, key: users.username, name: users.realname })
        .from(users)
        .where(or(inArray(users.username, t), inArray(users.realname, t))),
    ),
    lookup(distinct(rows.map((r) => r.departName)), (t) =>
      tx
        .select({ id: departs.id, key: departs.orgCode, name: departs.departName })
        .from(departs)
        .where(or(inArray(departs.orgCode, t), inArray(departs.departName, t))),
    ),
  ]);
  const errors: ImportRowError[] = [];
  const refs = rows.map((r, i) => {
    const pick = (l: Lookup, text: string | null, label: string, hint: string): string | null => {
      if (!text) return null;
      const found = resolve(l, text);
      if ('id' in found) return found.id;
      const message =
        found.error === 'unknown'
          ? PROJECT_MSG.importUnknown(label, text)
          : PROJECT_MSG.importAmbiguous(label, text, hint);
      errors.push({ row: rowNumbers[i], field: label, message });
      return null;
    };
    return {
      customerUnitId: pick(units, r.customerUnitName, '委托单位', '单位编码'),
      managerId: pick(managers, r.managerName, '项目负责人', '用户账号'),
      departId: pick(departments, r.departName, '承接部门', '机构编码'),
    };
  });
  if (errors.length > 0) return errors;

  const contacts = await contactsOfUnits(tx, distinct(refs.map((r) => r.customerUnitId)));
  const numbers = await takeDocNos(tx, DOC_NO_PREFIX.project, rows.length);
  await insertInChunks(
    tx,
    projects,
    rows.map((r, i) => ({
      projectNo: numbers[i],
      name: r.name,
      customerUnitId: refs[i].customerUnitId,
      testType: r.testType,
      managerId: refs[i].managerId,
      departId: refs[i].departId,
      startDate: r.startDate,
      dueDate: r.dueDate,
      amount: r.amount,
      remark: r.remark,
      status: PROJECT_STATUS.pending,
      createBy: actor.username,
      ...defaultContact(
        r,
        contacts.filter((c) => c.unitId === refs[i].customerUnitId),
      ),
    })),
  );
}
