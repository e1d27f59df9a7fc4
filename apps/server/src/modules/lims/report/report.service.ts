import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  DOC_NO_PREFIX,
  MSG,
  PROJECT_STATUS,
  REPORT_MSG,
  REPORT_STATUS,
  SAMPLE_STATUS,
  type AuditChange,
} from '@lims/contracts';
import { projects, reportSamples, reports, samples } from '../../../db/schema';
import { versionGuard } from '../../../platform/crud';
import { takeDocNos } from '../../../platform/doc-no';
import { AppError, badRequest, conflict, notFound } from '../../../platform/reply';
import type { SessionUser } from '../../../platform/sessions';
import { diffRecord, recordAudit } from '../audit-trail';
import { freezeReport } from './report-file';
import { REPORT_AUDIT_LABELS } from './report.entities';
import { reportCandidates, resultEntrantsOf, unverifiedSamplesOf } from './report.repo';

type Report = typeof reports.$inferSelect;
const STATUS_TEXT: Record<string, string> = { '1': '草稿', '2': '已审批', '3': '已发布', '4': '已作废' };
const MAX_LISTED = 10;

/** Sample numbers for a message: the first ten, then 等 N 个. */
export function sampleLabels(numbers: string[]): string {
  const shown = numbers.slice(0, MAX_LISTED).join('、');
  return numbers.length > MAX_LISTED ? `${shown} 等 ${numbers.length} 个` : shown;
}

/** A report within the user's data rules, or 404. */
export async function reportInScope(app: FastifyInstance, id: string, scope: SQL | undefined): Promise<Report> {
  const [row] = await app.db
    .select()
    .from(reports)
    .where(and(eq(reports.id, id), scope))
    .limit(1);
  if (!row) throw notFound(REPORT_MSG.notFound);
  return row;
}

/** The samples a new report covers: all verified, at least one (400 naming the samples that are not). */
async function samplesForReport(app: FastifyInstance, projectId: string, sampleIds?: string[]) {
  const chosen = sampleIds ? [...new Set(sampleIds)] : undefined;
  const found = await reportCandidates(app.db, projectId, chosen);
  if (chosen && found.length !== chosen.length) throw badRequest(REPORT_MSG.sampleNotInProject);
  const covered = chosen ? found : found.filter((s) => s.status !== SAMPLE_STATUS.returned && s.analysisCount > 0);
  if (covered.length === 0 || covered.every((s) => s.analysisCount === 0)) throw badRequest(REPORT_MSG.noAnalyses);
  const open = covered.filter((s) => !s.ready).map((s) => s.sampleNo);
  if (open.length > 0) throw badRequest(REPORT_MSG.notVerified(sampleLabels(open)));
  return covered;
}

async function assertStillVerified(app: FastifyInstance, reportId: string): Promise<void> {
  const open = await unverifiedSamplesOf(app.db, reportId);
  if (open.length > 0) throw conflict(`${REPORT_MSG.resultsChanged}（${sampleLabels(open)}）`);
}

/** Creates a draft report (a new number) over the samples; answers its id and number. */
async function insertReport(
  app: FastifyInstance,
  user: SessionUser,
  values: { projectId: string; projectNo: string; sampleIds: string[]; sampleNos: string[] },
  extra: { versionNo?: number; previous?: Report; amendReason?: string; remark?: string | null } = {},
): Promise<{ id: string; reportNo: string }> {
  return app.db.transaction(async (tx) => {
    const [reportNo] = await takeDocNos(tx, DOC_NO_PREFIX.report);
    const [row] = await tx
      .insert(reports)
      .values({
        reportNo,
        projectId: values.projectId,
        versionNo: extra.versionNo ?? 1,
        previousId: extra.previous?.id ?? null,
        status: REPORT_STATUS.draft,
        amendReason: extra.amendReason ?? null,
        remark: extra.remark ?? null,
        createBy: user.username,
      })
      .returning({ id: reports.id });
    await tx.insert(reportSamples).values(values.sampleIds.map((sampleId) => ({ reportId: row.id, sampleId })));
    const created = {
      reportNo,
      versionNo: String(extra.versionNo ?? 1),
      projectNo: values.projectNo,
      samples: values.sampleNos.join('、'),
      previousNo: extra.previous?.reportNo ?? null,
      status: STATUS_TEXT[REPORT_STATUS.draft],
      amendReason: extra.amendReason ?? null,
      remark: extra.remark ?? null,
    };
    const entries = [
      {
        entity: 'report' as const,
        recordId: row.id,
        recordLabel: reportNo,
        action: 'generate',
        changes: diffRecord(undefined, created, REPORT_AUDIT_LABELS),
        reason: extra.amendReason ?? null,
        user,
      },
    ];
    if (extra.previous) {
      entries.push({
        entity: 'report',
        recordId: extra.previous.id,
        recordLabel: extra.previous.reportNo,
        action: 'update',
        changes: [{ field: 'amendedBy', label: '修订版本', old: null, new: reportNo }],
        reason: extra.amendReason ?? null,
        user,
      });
    }
    await recordAudit(tx, entries);
    return { id: row.id, reportNo };
  });
}

/** 生成报告: a draft over the project's samples (all verified) or the chosen ones. */
export async function generateReport(
  app: FastifyInstance,
  user: SessionUser,
  form: { projectId: string; sampleIds?: string[]; remark?: string },
  projectScope: SQL | undefined,
): Promise<{ id: string; reportNo: string }> {
  const [project] = await app.db
    .select({ id: projects.id, projectNo: projects.projectNo, status: projects.status })
    .from(projects)
    .where(and(eq(projects.id, form.projectId), projectScope))
    .limit(1);
  if (!project) throw notFound(REPORT_MSG.projectNotFound);
  if (project.status === PROJECT_STATUS.archived || project.status === PROJECT_STATUS.cancelled) {
    throw badRequest(REPORT_MSG.projectClosed);
  }
  const covered = await samplesForReport(app, project.id, form.sampleIds);
  return insertReport(
    app,
    user,
    {
      projectId: project.id,
      projectNo: project.projectNo,
      sampleIds: covered.map((s) => s.id),
      sampleNos: covered.map((s) => s.sampleNo),
    },
    { remark: form.remark?.trim() || null },
  );
}

/** Moves a report from one status to the next (the row must still be there, at `from`, at `version`). */
async function moveReport(
  app: FastifyInstance,
  report: Report,
  to: string,
  set: { approvedBy?: string; approvedAt?: SQL; publishedBy?: string; publishedAt?: SQL },
  version: number | undefined,
  audit: { action: string; changes: AuditChange[]; user: SessionUser; reason?: string | null },
  more?: (tx: Parameters<Parameters<FastifyInstance['db']['transaction']>[0]>[0]) => Promise<void>,
): Promise<void> {
  await app.db.transaction(async (tx) => {
    const guard = versionGuard(reports, version);
    const moved = await tx
      .update(reports)
      .set({
        ...(set as Record<string, unknown>),
        ...guard.set,
        status: to,
        updateBy: audit.user.username,
        updateTime: sql`now()`,
      })
      .where(and(eq(reports.id, report.id), eq(reports.status, report.status), guard.where))
      .returning({ id: reports.id });
    if (moved.length === 0) throw conflict(version === undefined ? REPORT_MSG.changedMeanwhile : MSG.staleEdit);
    const statusChange = { field: 'status', label: '状态', old: STATUS_TEXT[report.status], new: STATUS_TEXT[to] };
    await recordAudit(tx, {
      entity: 'report',
      recordId: report.id,
      recordLabel: report.reportNo,
      action: audit.action,
      changes: [statusChange, ...audit.changes],
      reason: audit.reason ?? null,
      user: audit.user,
    });
    await more?.(tx);
  });
}

/** 审批: 草稿 → 已审批, by a user who entered none of its results (its samples still all verified). */
export async function approveReport(app: FastifyInstance, user: SessionUser, report: Report, version?: number) {
  if (report.status !== REPORT_STATUS.draft) throw conflict(REPORT_MSG.notDraft);
  if ((await resultEntrantsOf(app.db, report.id)).has(user.id))
    throw new AppError(403, REPORT_MSG.approverEnteredResult);
  await assertStillVerified(app, report.id);
  await moveReport(app, report, REPORT_STATUS.approved, { approvedBy: user.id, approvedAt: sql`now()` }, version, {
    action: 'approve',
    changes: [{ field: 'approvedBy', label: '审批人', old: null, new: user.realname }],
    user,
  });
}

/**
 * 发布: 已审批 → 已发布; the project becomes 已完成 (from 进行中) and the report it amends 已作废.
 * Answers the voided report's id (to re-render its PDF with the mark) and the project manager.
 */
export async function publishReport(
  app: FastifyInstance,
  user: SessionUser,
  report: Report,
  version?: number,
): Promise<{ voidedId: string | null; managerId: string | null; projectName: string; projectNo: string }> {
  if (report.status !== REPORT_STATUS.approved) throw conflict(REPORT_MSG.notApproved);
  await assertStillVerified(app, report.id);
  let voidedId: string | null = null;
  await moveReport(
    app,
    report,
    REPORT_STATUS.published,
    { publishedBy: user.id, publishedAt: sql`now()` },
    version,
    { action: 'publish', changes: [{ field: 'publishedBy', label: '签发人', old: null, new: user.realname }], user },
    async (tx) => {
      await tx
        .update(projects)
        .set({
          status: PROJECT_STATUS.done,
          version: sql`${projects.version} + 1`,
          updateBy: user.username,
          updateTime: sql`now()`,
        })
        .where(and(eq(projects.id, report.projectId), eq(projects.status, PROJECT_STATUS.active)));
      await freezeReport(tx, report.id, app.dictCache.textMap);
      if (!report.previousId) return;
      const voided = await tx
        .update(reports)
        .set({ status: REPORT_STATUS.void, version: sql`${reports.version} + 1`, updateBy: user.username })
        .where(and(eq(reports.id, report.previousId), eq(reports.status, REPORT_STATUS.published)))
        .returning({ id: reports.id, reportNo: reports.reportNo });
      for (const v of voided) {
        voidedId = v.id;
        await recordAudit(tx, {
          entity: 'report',
          recordId: v.id,
          recordLabel: v.reportNo,
          action: 'void',
          changes: [
            { field: 'status', label: '状态', old: STATUS_TEXT[REPORT_STATUS.published], new: STATUS_TEXT['4'] },
          ],
          reason: `${report.reportNo} 发布：${report.amendReason ?? ''}`,
          user,
        });
      }
    },
  );
  const [p] = await app.db
    .select({ managerId: projects.managerId, name: projects.name, projectNo: projects.projectNo })
    .from(projects)
    .where(eq(projects.id, report.projectId));
  return { voidedId, managerId: p?.managerId ?? null, projectName: p?.name ?? '', projectNo: p?.projectNo ?? '' };
}

/** 修订: a published report gets a new draft version (new number, same samples) with the reason. */
export async function amendReport(
  app: FastifyInstance,
  user: SessionUser,
  report: Report,
  reason: string,
): Promise<{ id: string; reportNo: string }> {
  if (report.status !== REPORT_STATUS.published) throw conflict(REPORT_MSG.notPublished);
  const [newer] = await app.db
    .select({ id: reports.id })
    .from(reports)
    .where(eq(reports.previousId, report.id))
    .limit(1);
  if (newer) throw conflict(REPORT_MSG.alreadyAmended);
  const covered = await app.db
    .select({ id: samples.id, sampleNo: samples.sampleNo })
    .from(reportSamples)
    .innerJoin(samples, eq(samples.id, reportSamples.sampleId))
    .where(eq(reportSamples.reportId, report.id));
  const open = await unverifiedSamplesOf(app.db, report.id);
  if (open.length > 0) throw badRequest(REPORT_MSG.notVerified(sampleLabels(open)));
  const [project] = await app.db
    .select({ projectNo: projects.projectNo })
    .from(projects)
    .where(eq(projects.id, report.projectId));
  return insertReport(
    app,
    user,
    {
      projectId: report.projectId,
      projectNo: project.projectNo,
      sampleIds: covered.map((s) => s.id),
      sampleNos: covered.map((s) => s.sampleNo).sort(),
    },
    { versionNo: report.versionNo + 1, previous: report, amendReason: reason, remark: report.remark },
  );
}
