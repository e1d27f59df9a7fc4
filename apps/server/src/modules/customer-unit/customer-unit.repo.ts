import { and, asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { UNIT_MSG, type UnitContact, type UnitContactForm } from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { customerUnits, projects, unitContacts } from '../../db/schema';
import type { ListRecord } from '../../platform/list-query';
import { referencedRecords } from '../../platform/record-checks';
import { badRequest } from '../../platform/reply';
import { toDateTime } from '../../platform/time';
import { contactColumns } from './customer-unit.entities';

const toContact = (row: Record<string, unknown>): UnitContact => ({
  ...(row as UnitContact),
  createTime: toDateTime(row.createTime),
  updateTime: toDateTime(row.updateTime),
});

/** A unit's contacts in table order (none when the unit lies outside `where`, e.g. the user's data scope). */
export async function contactsOf(db: DbOrTx, unitId: string, where?: SQL): Promise<UnitContact[]> {
  const rows = await db
    .select(contactColumns)
    .from(unitContacts)
    .where(and(eq(unitContacts.unitId, unitId), where))
    .orderBy(asc(unitContacts.sortNo), asc(unitContacts.createTime), asc(unitContacts.id));
  return rows.map(toContact);
}

/** The primary contact of a unit (the flagged one), or undefined. */
export async function primaryContactOf(
  db: DbOrTx,
  unitId: string,
): Promise<{ name: string; phone: string | null } | undefined> {
  const [row] = await db
    .select({ name: unitContacts.name, phone: unitContacts.phone })
    .from(unitContacts)
    .where(and(eq(unitContacts.unitId, unitId), eq(unitContacts.isPrimary, true)))
    .limit(1);
  return row;
}

/** Adds primaryContactName/Phone to a page of unit records, in one query. */
export async function withPrimaryContacts(db: DbOrTx, records: ListRecord[]): Promise<ListRecord[]> {
  const ids = records.map((r) => String(r.id));
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ unitId: unitContacts.unitId, name: unitContacts.name, phone: unitContacts.phone })
          .from(unitContacts)
          .where(and(inArray(unitContacts.unitId, ids), eq(unitContacts.isPrimary, true)));
  const byUnit = new Map(rows.map((r) => [r.unitId, r]));
  return records.map((r) => {
    const c = byUnit.get(String(r.id));
    return { ...r, primaryContactName: c?.name ?? null, primaryContactPhone: c?.phone ?? null };
  });
}

/**
 * Replaces a unit's contacts by the given table (inside the unit's transaction): rows whose id is
 * one of this unit's contacts are updated, the others inserted, contacts not in the table deleted.
 * An id of another unit's contact is treated as a new row, never updated.
 */
export async function saveContacts(
  tx: DbOrTx,
  unitId: string,
  rows: UnitContactForm[],
  username: string,
): Promise<void> {
  const existing = new Set(
    (await tx.select({ id: unitContacts.id }).from(unitContacts).where(eq(unitContacts.unitId, unitId))).map(
      (r) => r.id,
    ),
  );
  const kept = rows.flatMap((r) => (r.id && existing.has(r.id) ? [r.id] : []));
  await tx
    .delete(unitContacts)
    .where(and(eq(unitContacts.unitId, unitId), kept.length ? notInArray(unitContacts.id, kept) : undefined));
  const seen = new Set<string>();
  for (const [i, r] of rows.entries()) {
    const values = {
      name: r.name,
      phone: r.phone,
      email: r.email,
      position: r.position,
      isPrimary: r.isPrimary,
      sortNo: i + 1,
    };
    if (r.id && existing.has(r.id) && !seen.has(r.id)) {
      seen.add(r.id);
      await tx
        .update(unitContacts)
        .set({ ...values, updateBy: username, updateTime: sql`now()` })
        .where(and(eq(unitContacts.id, r.id), eq(unitContacts.unitId, unitId)));
    } else {
      await tx.insert(unitContacts).values({ ...values, unitId, createBy: username });
    }
  }
}

/**
 * Refuses (400) to delete units that projects still reference, naming how many: one unit
 * `该单位下还有 N 个检测项目，不能删除`, several units each with its count.
 */
export async function refuseReferencedUnits(db: DbOrTx, unitIds: string[]): Promise<void> {
  const units = await referencedRecords(
    db,
    { childKey: projects.customerUnitId, parentId: customerUnits.id, parentName: customerUnits.name },
    unitIds,
  );
  if (units.length === 0) return;
  throw badRequest(unitIds.length === 1 ? UNIT_MSG.inUse(units[0].count) : UNIT_MSG.inUseBatch(units));
}
