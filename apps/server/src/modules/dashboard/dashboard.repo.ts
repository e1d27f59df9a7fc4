import { and, asc, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { DASHBOARD_DUE_DAYS, DASHBOARD_EXPIRY_DAYS, DASHBOARD_LIST_LIMIT, PROJECT_STATUS } from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { projects, suppliers, users } from '../../db/schema';

/** Days are counted in the session time zone (the configured one): `current_date` is today there. */
const today = sql`current_date`;
const OPEN_STATUSES = [PROJECT_STATUS.pending, PROJECT_STATUS.active];
/** 停用 suppliers are not in use: their qualification is not a task. */
const SUPPLIER_DISABLED = '3';

/**
 * The figures below take the user's data scope of the list they come from (`scope`: the data rules
 * of 检测项目 or 供应商管理; undefined when nothing narrows), so 首页 shows no row the list hides.
 */

/** Number of projects per status value. */
export async function projectCountsByStatus(db: DbOrTx, scope?: SQL): Promise<Map<string, number>> {
  const rows = await db
    .select({ status: projects.status, n: count() })
    .from(projects)
    .where(scope)
    .groupBy(projects.status);
  return new Map(rows.map((r) => [r.status, r.n]));
}

/** Open projects (待受理, 进行中) due from today to today + 7 days, soonest first, with the exact total. */
export async function dueProjects(db: DbOrTx, scope?: SQL) {
  const where = and(
    scope,
    inArray(projects.status, OPEN_STATUSES),
    gte(projects.dueDate, sql`${today}`),
    lte(projects.dueDate, sql`${today} + ${DASHBOARD_DUE_DAYS}::int`),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: projects.id,
        projectNo: projects.projectNo,
        name: projects.name,
        dueDate: sql<string>`${projects.dueDate}::text`,
        daysLeft: sql<number>`(${projects.dueDate} - ${today})::int`,
        status: projects.status,
        managerName: users.realname,
      })
      .from(projects)
      .leftJoin(users, eq(users.id, projects.managerId))
      .where(where)
      .orderBy(asc(projects.dueDate), asc(projects.projectNo))
      .limit(DASHBOARD_LIST_LIMIT),
    db.select({ n: count() }).from(projects).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, daysLeft: Number(r.daysLeft) })), total: total.n };
}

/** Suppliers in use whose qualification expired or expires within 30 days, soonest expiry first, with the total. */
export async function expiringSuppliers(db: DbOrTx, scope?: SQL) {
  const where = and(
    scope,
    lte(suppliers.qualificationExpiry, sql`${today} + ${DASHBOARD_EXPIRY_DAYS}::int`),
    sql`${suppliers.status} is distinct from ${SUPPLIER_DISABLED}`,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: suppliers.id,
        code: suppliers.code,
        name: suppliers.name,
        qualificationExpiry: sql<string>`${suppliers.qualificationExpiry}::text`,
        daysLeft: sql<number>`(${suppliers.qualificationExpiry} - ${today})::int`,
      })
      .from(suppliers)
      .where(where)
      .orderBy(asc(suppliers.qualificationExpiry), asc(suppliers.code))
      .limit(DASHBOARD_LIST_LIMIT),
    db.select({ n: count() }).from(suppliers).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, daysLeft: Number(r.daysLeft) })), total: total.n };
}

/** 我的待办: the open projects (待受理, 进行中) whose 项目负责人 is `userId`, soonest due first (undated last). */
export async function myTasks(db: DbOrTx, userId: string, scope?: SQL) {
  const where = and(scope, inArray(projects.status, OPEN_STATUSES), eq(projects.managerId, userId));
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: projects.id,
        projectNo: projects.projectNo,
        name: projects.name,
        dueDate: sql<string | null>`${projects.dueDate}::text`,
        daysLeft: sql<number | null>`(${projects.dueDate} - ${today})::int`,
        status: projects.status,
      })
      .from(projects)
      .where(where)
      .orderBy(sql`${projects.dueDate} asc nulls last`, asc(projects.projectNo))
      .limit(DASHBOARD_LIST_LIMIT),
    db.select({ n: count() }).from(projects).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, daysLeft: r.daysLeft === null ? null : Number(r.daysLeft) })),
    total: total.n,
  };
}
