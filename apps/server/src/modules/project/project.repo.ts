import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { PROJECT_MSG, type ProjectItem, type ProjectItemForm } from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { customerUnits, departs, projectItems, projects, samples, unitContacts, users } from '../../db/schema';
import { referencedRecords } from '../../platform/record-checks';
import { badRequest } from '../../platform/reply';
import type { ListRecord } from '../../platform/list-query';
import { toDateTime } from '../../platform/time';

const idsOf = (records: ListRecord[], key: string): string[] => [
  ...new Set(records.map((r) => r[key]).filter((v): v is string => typeof v === 'string' && v !== '')),
];

/**
 * Adds customerUnitName, managerName and departName to a page (or an export batch) of project
 * records: three small queries for the whole page, whatever its size. A name is added only when
 * the record carries the id (a `field` list may leave it out).
 */
export async function withProjectNames(db: DbOrTx, records: ListRecord[]): Promise<ListRecord[]> {
  const unitIds = idsOf(records, 'customerUnitId');
  const userIds = idsOf(records, 'managerId');
  const departIds = idsOf(records, 'departId');
  const [unitRows, userRows, departRows] = await Promise.all([
    unitIds.length
      ? db
          .select({ id: customerUnits.id, name: customerUnits.name })
          .from(customerUnits)
          .where(inArray(customerUnits.id, unitIds))
      : [],
    userIds.length
      ? db.select({ id: users.id, name: users.realname }).from(users).where(inArray(users.id, userIds))
      : [],
    departIds.length
      ? db.select({ id: departs.id, name: departs.departName }).from(departs).where(inArray(departs.id, departIds))
      : [],
  ]);
  const maps = [
    new Map(unitRows.map((r) => [r.id, r.name])),
    new Map(userRows.map((r) => [r.id, r.name])),
    new Map(departRows.map((r) => [r.id, r.name])),
  ];
  const pairs = [
    ['customerUnitId', 'customerUnitName'],
    ['managerId', 'managerName'],
    ['departId', 'departName'],
  ] as const;
  return records.map((r) => {
    const out: ListRecord = { ...r };
    pairs.forEach(([idKey, nameKey], i) => {
      if (idKey in r) out[nameKey] = typeof r[idKey] === 'string' ? (maps[i].get(r[idKey]) ?? null) : null;
    });
    return out;
  });
}

/** A project's test items in table order. */
export async function itemsOf(db: DbOrTx, projectId: string): Promise<ProjectItem[]> {
  const rows = await db
    .select({
      id: projectItems.id,
      projectId: projectItems.projectId,
      itemName: projectItems.itemName,
      standard: projectItems.standard,
      codeLines: projectItems.codeLines,
      unit: projectItems.unit,
      specMin: projectItems.specMin,
      specMax: projectItems.specMax,
      specText: projectItems.specText,
      remark: projectItems.remark,
      sortNo: projectItems.sortNo,
      createTime: projectItems.createTime,
      createBy: projectItems.createBy,
      updateTime: projectItems.updateTime,
      updateBy: projectItems.updateBy,
    })
    .from(projectItems)
    .where(eq(projectItems.projectId, projectId))
    .orderBy(asc(projectItems.sortNo), asc(projectItems.id));
  return rows.map((r) => ({
    ...r,
    specMin: r.specMin === null ? null : Number(r.specMin),
    specMax: r.specMax === null ? null : Number(r.specMax),
    createTime: toDateTime(r.createTime),
    updateTime: toDateTime(r.updateTime),
  }));
}

/**
 * Replaces a project's test items by the given table (inside the project's transaction): rows
 * whose id is one of this project's items are updated, the others inserted, the rest deleted.
 */
export async function saveItems(
  tx: DbOrTx,
  projectId: string,
  rows: ProjectItemForm[],
  username: string,
): Promise<void> {
  const existing = new Set(
    (await tx.select({ id: projectItems.id }).from(projectItems).where(eq(projectItems.projectId, projectId))).map(
      (r) => r.id,
    ),
  );
  const kept = rows.flatMap((r) => (r.id && existing.has(r.id) ? [r.id] : []));
  await tx
    .delete(projectItems)
    .where(and(eq(projectItems.projectId, projectId), kept.length ? notInArray(projectItems.id, kept) : undefined));
  const seen = new Set<string>();
  const inserts = [];
  for (const [i, r] of rows.entries()) {
    const values = {
      itemName: r.itemName,
      standard: r.standard,
      codeLines: r.codeLines,
      unit: r.unit,
      specMin: r.specMin,
      specMax: r.specMax,
      specText: r.specText,
      remark: r.remark,
      sortNo: i + 1,
    };
    if (r.id && existing.has(r.id) && !seen.has(r.id)) {
      seen.add(r.id);
      await tx
        .update(projectItems)
        .set({ ...values, updateBy: username, updateTime: sql`now()` })
        .where(and(eq(projectItems.id, r.id), eq(projectItems.projectId, projectId)));
    } else {
      inserts.push({ ...values, projectId, createBy: username });
    }
  }
  if (inserts.length) await tx.insert(projectItems).values(inserts);
}

/** The contacts of units (name, phone, primary flag), primary first, for the project contact defaults. */
export async function contactsOfUnits(db: DbOrTx, unitIds: string[]) {
  if (unitIds.length === 0) return [];
  return db
    .select({
      unitId: unitContacts.unitId,
      name: unitContacts.name,
      phone: unitContacts.phone,
      isPrimary: unitContacts.isPrimary,
    })
    .from(unitContacts)
    .where(inArray(unitContacts.unitId, unitIds))
    .orderBy(asc(unitContacts.unitId), sql`${unitContacts.isPrimary} desc`, asc(unitContacts.sortNo));
}

type Contact = { unitId: string; name: string; phone: string | null; isPrimary: boolean };

/**
 * The project's contact: the given name (or the unit's primary contact when none is given); the
 * given phone, or else the phone of the unit's contact of that name.
 */
export function defaultContact(
  given: { contactName: string | null; contactPhone: string | null },
  unitContactsOf: Contact[],
): { contactName: string | null; contactPhone: string | null } {
  const primary = unitContactsOf.find((c) => c.isPrimary);
  const contactName = given.contactName ?? primary?.name ?? null;
  const match = unitContactsOf.find((c) => c.name === contactName);
  return { contactName, contactPhone: given.contactPhone ?? match?.phone ?? null };
}

/** 400 when samples were registered under any of the projects (a laboratory record is never deleted with them). */
export async function refuseProjectsWithSamples(db: DbOrTx, projectIds: string[]): Promise<void> {
  const withSamples = await referencedRecords(
    db,
    { childKey: samples.projectId, parentId: projects.id, parentName: projects.name },
    projectIds,
  );
  if (withSamples.length === 0) return;
  throw badRequest(
    projectIds.length === 1 ? PROJECT_MSG.hasSamples(withSamples[0].count) : PROJECT_MSG.hasSamplesBatch(withSamples),
  );
}
