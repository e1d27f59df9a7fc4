import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  LIMS_DICT,
  MSG,
  PERM,
  REPORT_MSG,
  REPORT_STATUS,
  envelopeSchema,
  pageSchema,
  reportActionSchema,
  reportAmendSchema,
  reportCandidateSchema,
  reportDetailSchema,
  reportGenerateSchema,
  reportRecordSchema,
} from '@lims/contracts';
import { projects, reports } from '../../../db/schema';
import { requireUser } from '../../../plugins/auth';
import { sendStoredFile } from '../../../platform/files';
import { findById, runList } from '../../../platform/list-query';
import { cjkFont } from '../../../platform/pdf/cjk-font';
import { badRequest, notFound, ok } from '../../../platform/reply';
import { sendSystemMessage } from '../../announcement';
import { projectScope } from '../../project';
import { registerHistoryRoute } from '../audit.routes';
import { diffRecord, recordAudit } from '../audit-trail';
import { REPORT_AUDIT_LABELS, reportList, reportScope } from './report.entities';
import { REPORT_BIZ, removeReportFiles, renderReportFile, reportPdfFile } from './report-file';
import { reportCandidates, samplesOfReport, withReportNames } from './report.repo';
import { amendReport, approveReport, generateReport, publishReport, reportInScope } from './report.service';

const tags = ['检测报告'];
const BASE = '/lims/report';
const idQuery = z.object({ id: z.string().max(64).optional(), _t: z.string().optional() });
const created = envelopeSchema(z.object({ id: z.string(), reportNo: z.string() }));

/**
 * 检测报告 (`/lims/report/*`): list, detail, the samples a project offers, generate (draft + PDF),
 * approve, publish (project 已完成, manager notified, the amended report 已作废), amend, delete of
 * drafts, download (rendered when missing), 历史记录. Every route is narrowed by the data rules.
 */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadDict = app.dictCache.textMap;
  const scoped = { dataScope: reportScope };
  /** Re-renders a report's PDF after a change; a failure leaves it to the next download. */
  const rerender = async (id: string, username: string) => {
    const [row] = await app.db.select({ fileId: reports.fileId }).from(reports).where(eq(reports.id, id));
    await renderReportFile(app, id, username, row?.fileId ?? null).catch((err: unknown) => {
      app.log.error({ err, reportId: id }, 'report PDF not rendered');
    });
  };

  // A stored report PDF through the generic file routes: only for who may see the report.
  app.fileAccess.set(REPORT_BIZ, async (user, file) => {
    if (!(await app.permissionCache.allows(user, PERM.report.list))) return false;
    const scope = await app.dataScope(user, reportScope);
    const [row] = await app.db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.fileId, file.id), scope))
      .limit(1);
    return row !== undefined;
  });

  app.get(
    `${BASE}/list`,
    {
      config: { permission: PERM.report.list, ...scoped },
      schema: {
        tags,
        summary: '检测报告列表（含项目、委托单位、审批人、签发人、被修订报告编号和样品数）',
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: envelopeSchema(pageSchema(reportRecordSchema)) },
      },
    },
    async (req) => {
      const page = await runList(app.db, reportList, req.query, {
        loadDict,
        where: req.dataScope,
      });
      return ok({ records: (await withReportNames(app.db, page.records)) as never, total: page.total });
    },
  );

  app.get(
    `${BASE}/queryById`,
    {
      config: { permission: PERM.report.list, ...scoped },
      schema: {
        tags,
        summary: '按 id 查询检测报告（含样品）',
        querystring: idQuery,
        response: { 200: envelopeSchema(reportDetailSchema) },
      },
    },
    async (req) => {
      const record = await findById(app.db, reportList, req.query.id, { where: req.dataScope, loadDict });
      if (!record) throw notFound(REPORT_MSG.notFound);
      const [named] = await withReportNames(app.db, [record]);
      const samples = await samplesOfReport(app.db, String(record.id), await loadDict(LIMS_DICT.sampleCondition));
      return ok({ ...(named as never as z.infer<typeof reportDetailSchema>), samples }, MSG.queryOk);
    },
  );

  app.get(
    `${BASE}/candidates`,
    {
      config: { permission: PERM.report.generate, dataScope: projectScope },
      schema: {
        tags,
        summary: '生成报告时项目的样品（是否全部复核，可否出报告）',
        querystring: z.object({ projectId: z.string().max(64), _t: z.string().optional() }),
        response: { 200: envelopeSchema(z.array(reportCandidateSchema)) },
      },
    },
    async (req) => {
      const [project] = await app.db
        .select({ id: projects.id })
        .from(projects)
        .where(and(eq(projects.id, req.query.projectId), req.dataScope))
        .limit(1);
      if (!project) throw notFound(REPORT_MSG.projectNotFound);
      const statuses = await loadDict(LIMS_DICT.sampleStatus);
      const rows = await reportCandidates(app.db, req.query.projectId);
      return ok(
        rows.map((r) => ({ ...r, status_dictText: statuses.get(r.status) ?? r.status })),
        MSG.queryOk,
      );
    },
  );

  app.post(
    `${BASE}/generate`,
    {
      config: { permission: PERM.report.generate, logTitle: '检测报告-生成', dataScope: projectScope },
      schema: {
        tags,
        summary: '生成检测报告（草稿；项目全部已复核的样品，或所选样品；同时生成 PDF）',
        body: reportGenerateSchema,
        response: { 200: created },
      },
    },
    async (req) => {
      const user = requireUser(req);
      cjkFont();
      const report = await generateReport(app, user, req.body, req.dataScope);
      await rerender(report.id, user.username);
      return ok(report, `生成成功！报告编号：${report.reportNo}`);
    },
  );

  app.post(
    `${BASE}/approve`,
    {
      config: { permission: PERM.report.approve, logTitle: '检测报告-审批', ...scoped },
      schema: {
        tags,
        summary: '审批检测报告（草稿 → 已审批）',
        body: reportActionSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const report = await reportInScope(app, req.body.id, req.dataScope);
      await approveReport(app, user, report, req.body.version);
      await rerender(report.id, user.username);
      return ok(null, '审批成功！');
    },
  );

  app.post(
    `${BASE}/publish`,
    {
      config: { permission: PERM.report.publish, logTitle: '检测报告-发布', ...scoped },
      schema: {
        tags,
        summary: '发布检测报告（已审批 → 已发布；项目变为已完成并通知项目负责人；被修订的报告作废）',
        body: reportActionSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const report = await reportInScope(app, req.body.id, req.dataScope);
      const done = await publishReport(app, user, report, req.body.version);
      await rerender(report.id, user.username);
      if (done.voidedId) await rerender(done.voidedId, user.username);
      await sendSystemMessage(app, {
        userIds: done.managerId ? [done.managerId] : [],
        title: `检测报告已发布：${report.reportNo}`,
        text: `项目「${done.projectName}」（${done.projectNo}）的检测报告 ${report.reportNo}（第 ${report.versionNo} 版）已由 ${user.realname} 发布，项目已完成。`,
        sender: user.realname,
        busType: 'lims_report',
        busId: report.id,
        openPage: '/lims/report',
      });
      return ok(null, '发布成功！');
    },
  );

  app.post(
    `${BASE}/amend`,
    {
      config: { permission: PERM.report.amend, logTitle: '检测报告-修订', ...scoped },
      schema: {
        tags,
        summary: '修订已发布的检测报告（新版本、新编号，发布后原报告作废；须填写原因）',
        body: reportAmendSchema,
        response: { 200: created },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const report = await reportInScope(app, req.body.id, req.dataScope);
      const amended = await amendReport(app, user, report, req.body.reason);
      await rerender(amended.id, user.username);
      return ok(amended, `修订成功！新报告编号：${amended.reportNo}`);
    },
  );

  app.delete(
    `${BASE}/delete`,
    {
      config: { permission: PERM.report.delete, logTitle: '检测报告-删除', ...scoped },
      schema: {
        tags,
        summary: '删除草稿状态的检测报告',
        querystring: idQuery,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const report = await reportInScope(app, req.query.id ?? '', req.dataScope);
      if (report.status !== REPORT_STATUS.draft) throw badRequest(REPORT_MSG.deleteDraftOnly);
      const gone = await app.db.transaction(async (tx) => {
        const rows = await tx
          .delete(reports)
          .where(and(eq(reports.id, report.id), eq(reports.status, REPORT_STATUS.draft)))
          .returning({ id: reports.id, fileId: reports.fileId });
        if (rows.length === 0) throw badRequest(REPORT_MSG.deleteDraftOnly);
        await recordAudit(tx, {
          entity: 'report',
          recordId: report.id,
          recordLabel: report.reportNo,
          action: 'delete',
          changes: diffRecord(
            { reportNo: report.reportNo, versionNo: report.versionNo, status: '草稿' },
            undefined,
            REPORT_AUDIT_LABELS,
          ),
          user,
        });
        return rows[0];
      });
      await removeReportFiles(app, [gone.fileId]);
      return ok(null, '删除成功！');
    },
  );

  app.get(
    `${BASE}/download`,
    {
      config: { permission: PERM.report.list, logTitle: '检测报告-下载', ...scoped },
      schema: {
        tags,
        summary: '下载检测报告 PDF（没有文件时即时生成；已作废的报告带“已作废”标记）',
        querystring: idQuery,
      },
    },
    async (req, reply) => {
      const user = requireUser(req);
      const report = await reportInScope(app, req.query.id ?? '', req.dataScope);
      const file = await reportPdfFile(app, report.id, user.username);
      return sendStoredFile(app, reply, file, { disposition: 'attachment', cacheControl: 'private, no-store' });
    },
  );

  registerHistoryRoute(app, { base: BASE, entity: 'report', scope: reportScope, tags });
};
