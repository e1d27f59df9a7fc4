import { and, count, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { ANALYSIS_STATUS } from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { analyses, reports, samples } from '../../db/schema';

/**
 * 首页 laboratory figures. Weeks (Monday to Sunday) and months are those of the session time zone
 * (the configured one): `date_trunc` on `now()` cuts there. Each count takes the data scope of the
 * list it links to (`scope`; undefined when nothing narrows).
 */

/** The list entities whose data rules (数据规则) narrow the figures: the pages the figures link to. */
export { analysisList as analysisRows, reportList as reportRows, sampleList as sampleRows } from '../lims';

const weekStart = sql`date_trunc('week', now())`;
const monthStart = sql`date_trunc('month', now())`;

const countWhere = async (db: DbOrTx, table: PgTable, where: SQL | undefined) => {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return row.n;
};

/** Samples received (接收) this week, whatever became of them since. */
export const samplesReceivedThisWeek = (db: DbOrTx, scope?: SQL) =>
  countWhere(
    db,
    samples,
    and(scope, gte(samples.receivedAt, weekStart), lt(samples.receivedAt, sql`${weekStart} + interval '1 week'`)),
  );

/** Analyses waiting for their result (待录入); `analystId`: only those assigned to that user. */
export const analysesOpen = (db: DbOrTx, scope?: SQL, analystId?: string) =>
  countWhere(
    db,
    analyses,
    and(scope, eq(analyses.status, ANALYSIS_STATUS.open), analystId ? eq(analyses.analystId, analystId) : undefined),
  );

/** Results waiting for verification (待复核). */
export const analysesToVerify = (db: DbOrTx, scope?: SQL) =>
  countWhere(db, analyses, and(scope, eq(analyses.status, ANALYSIS_STATUS.entered)));

/** Overdue: the due date has passed (before today) and the result is not verified yet (待录入, 待复核). */
export const analysesOverdue = (db: DbOrTx, scope?: SQL) =>
  countWhere(
    db,
    analyses,
    and(
      scope,
      inArray(analyses.status, [ANALYSIS_STATUS.open, ANALYSIS_STATUS.entered]),
      lt(analyses.dueDate, sql`current_date`),
    ),
  );

/** Reports published this month (also those an amendment has voided since: they were published). */
export const reportsPublishedThisMonth = (db: DbOrTx, scope?: SQL) =>
  countWhere(
    db,
    reports,
    and(
      scope,
      isNotNull(reports.publishedAt),
      gte(reports.publishedAt, monthStart),
      lt(reports.publishedAt, sql`${monthStart} + interval '1 month'`),
    ),
  );
