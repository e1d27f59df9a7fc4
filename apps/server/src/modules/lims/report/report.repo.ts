import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { ANALYSIS_STATUS, type ReportCandidate, type ReportSample } from '@lims/contracts';
import type { DbOrTx } from '../../../db/client';
import { analyses, customerUnits, projects, reportSamples, reports, samples, users } from '../../../db/schema';
import type { ListRecord } from '../../../platform/list-query';

const verified = sql<number>`count(*) filter (where ${analyses.status} = ${ANALYSIS_STATUS.verified})::int`;
const outOfSpec = sql<number>`count(*) filter (where ${analyses.outOfSpec})::int`;

/**
 * The samples of a project (or the chosen ones) with how many of their analyses are verified: a
 * sample can go into a report when it has analyses and every one is verified.
 */
export async function reportCandidates(
  db: DbOrTx,
  projectId: string,
  sampleIds?: string[],
): Promise<Omit<ReportCandidate, 'status_dictText'>[]> {
  const rows = await db
    .select({
      id: samples.id,
      sampleNo: samples.sampleNo,
      name: samples.name,
      status: samples.status,
      analysisCount: sql<number>`count(${analyses.id})::int`,
      verifiedCount: verified,
    })
    .from(samples)
    .leftJoin(analyses, eq(analyses.sampleId, samples.id))
    .where(and(eq(samples.projectId, projectId), sampleIds ? inArray(samples.id, sampleIds) : undefined))
    .groupBy(samples.id)
    .orderBy(asc(samples.sampleNo));
  return rows.map((r) => ({ ...r, ready: r.analysisCount > 0 && r.verifiedCount === r.analysisCount }));
}

/** The samples a report covers, in number order, with their analysis and 超标 counts. */
export async function samplesOfReport(
  db: DbOrTx,
  reportId: string,
  conditionText: ReadonlyMap<string, string>,
): Promise<ReportSample[]> {
  const rows = await db
    .select({
      id: samples.id,
      sampleNo: samples.sampleNo,
      name: samples.name,
      condition: samples.condition,
      analysisCount: sql<number>`count(${analyses.id})::int`,
      outOfSpecCount: outOfSpec,
    })
    .from(reportSamples)
    .innerJoin(samples, eq(samples.id, reportSamples.sampleId))
    .leftJoin(analyses, eq(analyses.sampleId, samples.id))
    .where(eq(reportSamples.reportId, reportId))
    .groupBy(samples.id)
    .orderBy(asc(samples.sampleNo));
  return rows.map(({ condition, ...r }) => ({
    ...r,
    condition_dictText: condition ? (conditionText.get(condition) ?? condition) : null,
  }));
}

/** Labels (sample numbers) of a report's samples that now have an analysis not verified. */
export async function unverifiedSamplesOf(db: DbOrTx, reportId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ sampleNo: samples.sampleNo })
    .from(reportSamples)
    .innerJoin(samples, eq(samples.id, reportSamples.sampleId))
    .innerJoin(analyses, eq(analyses.sampleId, samples.id))
    .where(and(eq(reportSamples.reportId, reportId), sql`${analyses.status} <> ${ANALYSIS_STATUS.verified}`))
    .orderBy(asc(samples.sampleNo));
  return rows.map((r) => r.sampleNo);
}

/** Who entered the results of a report's samples (user ids). */
export async function resultEntrantsOf(db: DbOrTx, reportId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ id: analyses.enteredBy })
    .from(reportSamples)
    .innerJoin(analyses, eq(analyses.sampleId, reportSamples.sampleId))
    .where(eq(reportSamples.reportId, reportId));
  return new Set(rows.map((r) => r.id).filter((id): id is string => id !== null));
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const idsOf = (records: ListRecord[], key: string) => [
  ...new Set(records.map((r) => r[key]).filter((v): v is string => typeof v === 'string' && v !== '')),
];

/** List records completed with project, unit, user names, the amended report's number and the sample count. */
export async function withReportNames(db: DbOrTx, records: ListRecord[]): Promise<ListRecord[]> {
  const projectIds = idsOf(records, 'projectId');
  const reportIds = idsOf(records, 'id');
  const previousIds = idsOf(records, 'previousId');
  const createBys = idsOf(records, 'createBy');
  const userIds = [...idsOf(records, 'approvedBy'), ...idsOf(records, 'publishedBy')];
  const [projectRows, counts, previous, byId, byName] = await Promise.all([
    projectIds.length
      ? db
          .select({ id: projects.id, no: projects.projectNo, name: projects.name, unit: customerUnits.name })
          .from(projects)
          .leftJoin(customerUnits, eq(customerUnits.id, projects.customerUnitId))
          .where(inArray(projects.id, projectIds))
      : [],
    reportIds.length
      ? db
          .select({ id: reportSamples.reportId, n: sql<number>`count(*)::int` })
          .from(reportSamples)
          .where(inArray(reportSamples.reportId, reportIds))
          .groupBy(reportSamples.reportId)
      : [],
    previousIds.length
      ? db.select({ id: reports.id, no: reports.reportNo }).from(reports).where(inArray(reports.id, previousIds))
      : [],
    userIds.length
      ? db.select({ id: users.id, name: users.realname }).from(users).where(inArray(users.id, userIds))
      : [],
    createBys.length
      ? db.select({ id: users.username, name: users.realname }).from(users).where(inArray(users.username, createBys))
      : [],
  ]);
  const project = new Map(projectRows.map((p) => [p.id, p]));
  const count = new Map(counts.map((c) => [c.id, c.n]));
  const prevNo = new Map(previous.map((p) => [p.id, p.no]));
  const userName = new Map(byId.map((u) => [u.id, u.name]));
  const creator = new Map(byName.map((u) => [u.id, u.name]));
  return records.map((r) => {
    const p = project.get(String(r.projectId));
    return {
      ...r,
      projectNo: p?.no ?? null,
      projectName: p?.name ?? null,
      customerUnitName: p?.unit ?? null,
      previousNo: r.previousId ? (prevNo.get(str(r.previousId)) ?? null) : null,
      sampleCount: count.get(String(r.id)) ?? 0,
      createByName: creator.get(String(r.createBy)) ?? r.createBy ?? null,
      approvedByName: r.approvedBy ? (userName.get(str(r.approvedBy)) ?? null) : null,
      publishedByName: r.publishedBy ? (userName.get(str(r.publishedBy)) ?? null) : null,
      hasFile: Boolean(r.fileId),
    };
  });
}
