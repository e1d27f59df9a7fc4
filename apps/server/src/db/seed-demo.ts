import { inArray, sql } from 'drizzle-orm';
import { addDays } from '../platform/time';
import { queryRows, type DbOrTx } from './client';
import { customerUnits, projectItems, projects, suppliers, unitContacts } from './schema';
import { keepDocNosAhead } from '../platform/doc-no';
import { DOC_NO_PREFIX } from '@lims/contracts';
import { PROJECTS } from './seed-data/projects';
import { SUPPLIERS } from './seed-data/suppliers';
import { UNITS } from './seed-data/units';
import { lookupIds, seedId } from './seed-system';
import { seedLimsDemo } from './seed-lims-demo';

const CREATE_BY = 'admin';

/** Today's date (YYYY-MM-DD) in the session time zone. */
export async function seedToday(tx: DbOrTx): Promise<string> {
  const [row] = await queryRows<{ today: string }>(tx, sql`select to_char(now(), 'YYYY-MM-DD') as today`);
  return row.today;
}

/** The project number of a demo project: XM + yyyyMMdd + 4-digit sequence. */
export function projectNo(day: string, seq: number): string {
  return `XM${day.replaceAll('-', '')}${String(seq).padStart(4, '0')}`;
}

/** Demo suppliers, customer units with contacts, projects with items, laboratory work (demo install only). */
export async function seedDemoBusiness(tx: DbOrTx): Promise<void> {
  const today = await seedToday(tx);

  await tx
    .insert(suppliers)
    .values(
      SUPPLIERS.map(({ expiryInDays, remark, ...s }) => ({
        ...s,
        id: seedId(`supplier:${s.code}`),
        qualificationExpiry: addDays(today, expiryInDays),
        remark: remark ?? null,
        createBy: CREATE_BY,
      })),
    )
    .onConflictDoNothing();

  const createdUnits = await tx
    .insert(customerUnits)
    .values(
      UNITS.map(({ contacts: _contacts, ...u }) => ({
        ...u,
        id: seedId(`unit:${u.code}`),
        createBy: CREATE_BY,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: customerUnits.id, code: customerUnits.code });
  const contacts = createdUnits.flatMap(({ id: unitId, code }) =>
    UNITS.find((u) => u.code === code)!.contacts.map((c, i) => ({
      ...c,
      id: seedId(`unit:${code}:contact:${i + 1}`),
      unitId,
      email: c.email ?? null,
      sortNo: i + 1,
      createBy: CREATE_BY,
    })),
  );
  if (contacts.length) await tx.insert(unitContacts).values(contacts).onConflictDoNothing();

  await seedProjects(tx, today);
  await seedLimsDemo(tx, today);
}

async function seedProjects(tx: DbOrTx, today: string): Promise<void> {
  const unitRows = await tx
    .select({ id: customerUnits.id, code: customerUnits.code })
    .from(customerUnits)
    .where(inArray(customerUnits.code, [...new Set(PROJECTS.map((p) => p.unitCode))]));
  const unitIds = new Map(unitRows.map((u) => [u.code, u.id]));
  const managerIds = await lookupIds.users(tx, [...new Set(PROJECTS.map((p) => p.manager))]);
  const departIds = await lookupIds.departs(tx, [...new Set(PROJECTS.map((p) => p.departCode))]);

  const rows = PROJECTS.map((p, i) => {
    const day = addDays(today, -p.createdDaysAgo);
    const contact = UNITS.find((u) => u.code === p.unitCode)?.contacts.find((c) => c.isPrimary);
    return {
      id: seedId(`project:${i + 1}`),
      projectNo: projectNo(day, p.seq),
      name: p.name,
      customerUnitId: unitIds.get(p.unitCode) ?? null,
      contactName: contact?.name ?? null,
      contactPhone: contact?.phone ?? null,
      testType: p.testType,
      managerId: managerIds.get(p.manager) ?? null,
      departId: departIds.get(p.departCode) ?? null,
      startDate: addDays(today, p.startInDays),
      dueDate: addDays(today, p.dueInDays),
      status: p.status,
      amount: p.amount,
      remark: p.remark ?? null,
      createBy: CREATE_BY,
      createTime: `${day} 09:${String(10 + p.seq * 5).padStart(2, '0')}:00`,
    };
  });
  const created = await tx.insert(projects).values(rows).onConflictDoNothing().returning({ id: projects.id });
  const createdIds = new Set(created.map((c) => c.id));
  const items = PROJECTS.flatMap((p, i) => {
    const projectId = seedId(`project:${i + 1}`);
    if (!createdIds.has(projectId)) return [];
    return p.items.map((it, j) => ({
      id: seedId(`project:${i + 1}:item:${j + 1}`),
      projectId,
      itemName: it.itemName,
      standard: it.standard,
      codeLines: it.codeLines,
      remark: it.remark ?? null,
      unit: it.unit ?? null,
      specMin: it.specMin ?? null,
      specMax: it.specMax ?? null,
      specText: it.specText ?? null,
      sortNo: j + 1,
      createBy: CREATE_BY,
    }));
  });
  if (items.length) await tx.insert(projectItems).values(items).onConflictDoNothing();

  // Later generated numbers continue after the seeded ones of the same day.
  await keepDocNosAhead(
    tx,
    DOC_NO_PREFIX.project,
    rows.map((r) => r.projectNo),
  );
}
