import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANALYSIS_MSG,
  ANALYSIS_STATUS,
  ANALYSIS_STATUS_TEXT,
  LIMS_MSG,
  MSG,
  PERM,
  analysisRecordSchema,
  envelopeSchema,
  hasNumericLimits,
  isOutOfSpec,
  pageSchema,
  resultNumber,
  resultSaveSchema,
} from '@lims/contracts';
import { analyses } from '../../../db/schema';
import { requireUser } from '../../../plugins/auth';
import { runList } from '../../../platform/list-query';
import { AppError, badRequest, conflict, forbidden, notFound, ok } from '../../../platform/reply';
import { diffRecord, recordAudit } from '../audit-trail';
import { ANALYSIS_AUDIT_LABELS, analysisList } from './analysis.entities';
import { analysisLabel, lockAnalysis, refreshSampleStatus, withAnalysisNames } from './analysis.repo';

const tags = ['结果录入'];
const OPEN = [ANALYSIS_STATUS.open, ANALYSIS_STATUS.entered];

/**
 * 结果录入 (`/lims/result/*`): the signed-in analyst's analyses (待录入 and 待复核; `includeVerified=1`
 * adds 已复核 for a reasoned change) and saving one result. 超标 is judged by the one contracts rule.
 * Changing an entered result needs a reason; changing a verified one sends it back to 待复核.
 */
export const resultRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadDict = app.dictCache.textMap;

  app.get(
    '/lims/result/list',
    {
      config: { permission: PERM.result.list },
      schema: {
        tags,
        summary: '我的检测任务（待录入、待复核；includeVerified=1 含已复核），默认按计划完成日期',
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: envelopeSchema(pageSchema(analysisRecordSchema)) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const { includeVerified, ...params } = req.query;
      const states = includeVerified === '1' ? [...OPEN, ANALYSIS_STATUS.verified] : OPEN;
      const where = and(eq(analyses.analystId, user.id), inArray(analyses.status, states));
      const page = await runList(
        app.db,
        analysisList,
        { column: 'dueDate', order: 'asc', ...params },
        { loadDict, where },
      );
      return ok({ records: await withAnalysisNames(app.db, page.records), total: page.total });
    },
  );

  app.post(
    '/lims/result/save',
    {
      config: { permission: PERM.result.enter, logTitle: '结果录入-保存' },
      schema: {
        tags,
        summary: '保存一条检测结果（本人的任务；修改已录入的结果须填写原因，已复核的改后回到待复核）',
        body: resultSaveSchema,
        response: { 200: envelopeSchema(analysisRecordSchema) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const { id, result, reason, version } = req.body;
      await app.db.transaction(async (tx) => {
        const row = await lockAnalysis(tx, id);
        if (!row) throw notFound(ANALYSIS_MSG.notFound);
        if (row.analystId !== user.id) throw forbidden(ANALYSIS_MSG.notYourAnalysis);
        if (version !== undefined && row.version !== version) throw conflict(MSG.staleEdit);
        if (hasNumericLimits(row) && resultNumber(result) === null) throw badRequest(ANALYSIS_MSG.resultNotNumber);
        if (row.status !== ANALYSIS_STATUS.open && row.result === result) {
          throw badRequest(ANALYSIS_MSG.resultUnchanged);
        }
        const change = row.result !== null;
        if (change && !reason) throw new AppError(400, LIMS_MSG.reasonRequired);
        const outOfSpec = isOutOfSpec(result, row);
        const [after] = await tx
          .update(analyses)
          .set({
            result,
            outOfSpec,
            status: ANALYSIS_STATUS.entered,
            enteredBy: user.id,
            enteredAt: sql`now()`,
            rejectReason: null,
            resultRound: sql`${analyses.resultRound} + 1`,
            version: sql`${analyses.version} + 1`,
            updateBy: user.username,
            updateTime: sql`now()`,
          })
          .where(eq(analyses.id, id))
          .returning();
        const text = (r: typeof row) => ({ ...r, statusText: ANALYSIS_STATUS_TEXT[r.status] ?? r.status });
        await recordAudit(tx, {
          entity: 'analysis',
          recordId: id,
          recordLabel: await analysisLabel(tx, row),
          action: change ? 'change' : 'enter',
          changes: diffRecord(text(row), text(after), ANALYSIS_AUDIT_LABELS),
          reason: change ? reason : null,
          user,
        });
        await refreshSampleStatus(tx, [row.sampleId], user);
      });
      const [saved] = await runList(
        app.db,
        analysisList,
        { pageSize: '1' },
        { loadDict, where: eq(analyses.id, id) },
      ).then((p) => withAnalysisNames(app.db, p.records));
      const flag = saved.outOfSpec === true ? '（超标）' : '';
      return ok(saved, `保存成功！${flag}`);
    },
  );
};
