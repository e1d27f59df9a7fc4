import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANALYSIS_MSG,
  ANALYSIS_STATUS,
  ANALYSIS_STATUS_TEXT,
  MSG,
  PERM,
  analysisRecordSchema,
  envelopeSchema,
  pageSchema,
  rejectSchema,
  verifySchema,
} from '@lims/contracts';
import type { DbOrTx } from '../../../db/client';
import { analyses, analysisVerifications } from '../../../db/schema';
import { requireUser } from '../../../plugins/auth';
import { uniqueOr409 } from '../../../platform/crud';
import { runList } from '../../../platform/list-query';
import { conflict, forbidden, notFound, ok } from '../../../platform/reply';
import type { SessionUser } from '../../../platform/sessions';
import { sendSystemMessage } from '../../announcement';
import { recordAudit } from '../audit-trail';
import { readLimsSettings } from '../settings';
import { analysisList } from './analysis.entities';
import { analysisLabel, lockAnalysis, refreshSampleStatus, withAnalysisNames } from './analysis.repo';

const tags = ['结果复核'];
const statusChange = (from: string, to: string) => ({
  field: 'status',
  label: '状态',
  old: ANALYSIS_STATUS_TEXT[from] ?? from,
  new: ANALYSIS_STATUS_TEXT[to] ?? to,
});

/**
 * The analysis waiting for verification, locked, and checked against the two-person rule: never
 * the user who entered it (nor its analyst). Two verifiers racing on it queue on the lock; the
 * second then finds it moved on.
 */
async function lockForReview(tx: DbOrTx, id: string, user: SessionUser, version: number | undefined) {
  const row = await lockAnalysis(tx, id);
  if (!row) throw notFound(ANALYSIS_MSG.notFound);
  if (row.status !== ANALYSIS_STATUS.entered) throw conflict(ANALYSIS_MSG.notWaiting);
  if (row.enteredBy === user.id || row.analystId === user.id) throw forbidden(ANALYSIS_MSG.ownResult);
  if (version !== undefined && row.version !== version) throw conflict(MSG.staleEdit);
  return row;
}

/**
 * 结果复核 (`/lims/verify/*`): results waiting for verification, 复核通过 (with 2 verifiers required,
 * two different users) and 退回 with a reason (back to 待录入; the analyst gets a 系统消息).
 */
export const verifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadDict = app.dictCache.textMap;

  app.get(
    '/lims/verify/list',
    {
      config: { permission: PERM.verify.list },
      schema: {
        tags,
        summary: '待复核的结果（canVerify：当前用户可否复核；本人录入的不可复核）',
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: envelopeSchema(pageSchema(analysisRecordSchema)) },
      },
    },
    async (req) => {
      const where = eq(analyses.status, ANALYSIS_STATUS.entered);
      const page = await runList(
        app.db,
        analysisList,
        { column: 'enteredAt', order: 'asc', ...req.query },
        { loadDict, where },
      );
      return ok({ records: await withAnalysisNames(app.db, page.records, requireUser(req).id), total: page.total });
    },
  );

  app.post(
    '/lims/verify/verify',
    {
      config: { permission: PERM.verify.verify, logTitle: '结果复核-通过' },
      schema: {
        tags,
        summary: '复核通过（不能复核本人录入的结果；设置要求 2 人时需两位不同的复核人）',
        body: verifySchema,
        response: { 200: envelopeSchema(z.object({ verified: z.boolean(), verifiers: z.number() })) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const { id, version } = req.body;
      const outcome = await app.db.transaction(async (tx) => {
        const row = await lockForReview(tx, id, user, version);
        const { verifiersRequired } = await readLimsSettings(tx);
        const mine = await tx
          .select({ n: count() })
          .from(analysisVerifications)
          .where(
            and(
              eq(analysisVerifications.analysisId, id),
              eq(analysisVerifications.round, row.resultRound),
              eq(analysisVerifications.verifierId, user.id),
            ),
          );
        if (mine[0].n > 0) throw conflict(ANALYSIS_MSG.alreadyVerified);
        await uniqueOr409(ANALYSIS_MSG.alreadyVerified, () =>
          tx.insert(analysisVerifications).values({ analysisId: id, round: row.resultRound, verifierId: user.id }),
        );
        const [{ n }] = await tx
          .select({ n: count() })
          .from(analysisVerifications)
          .where(and(eq(analysisVerifications.analysisId, id), eq(analysisVerifications.round, row.resultRound)));
        const verified = n >= verifiersRequired;
        await tx
          .update(analyses)
          .set({
            ...(verified ? { status: ANALYSIS_STATUS.verified } : {}),
            version: sql`${analyses.version} + 1`,
            updateBy: user.username,
            updateTime: sql`now()`,
          })
          .where(eq(analyses.id, id));
        await recordAudit(tx, {
          entity: 'analysis',
          recordId: id,
          recordLabel: await analysisLabel(tx, row),
          action: 'verify',
          changes: [
            { field: 'verifier', label: `复核人（${n}/${verifiersRequired}）`, old: null, new: user.realname },
            ...(verified ? [statusChange(row.status, ANALYSIS_STATUS.verified)] : []),
          ],
          user,
        });
        if (verified) await refreshSampleStatus(tx, [row.sampleId], user);
        return { verified, verifiers: n, required: verifiersRequired };
      });
      const message = outcome.verified
        ? '复核通过！'
        : `已记录您的复核，还需 ${outcome.required - outcome.verifiers} 位复核人复核！`;
      return ok({ verified: outcome.verified, verifiers: outcome.verifiers }, message);
    },
  );

  app.post(
    '/lims/verify/reject',
    {
      config: { permission: PERM.verify.verify, logTitle: '结果复核-退回' },
      schema: {
        tags,
        summary: '退回结果（须填写原因；回到待录入，并通知检测员）',
        body: rejectSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const { id, reason, version } = req.body;
      const notice = await app.db.transaction(async (tx) => {
        const row = await lockForReview(tx, id, user, version);
        await tx
          .update(analyses)
          .set({
            status: ANALYSIS_STATUS.open,
            rejectReason: reason,
            version: sql`${analyses.version} + 1`,
            updateBy: user.username,
            updateTime: sql`now()`,
          })
          .where(eq(analyses.id, id));
        const label = await analysisLabel(tx, row);
        await recordAudit(tx, {
          entity: 'analysis',
          recordId: id,
          recordLabel: label,
          action: 'reject',
          changes: [
            statusChange(row.status, ANALYSIS_STATUS.open),
            { field: 'rejectReason', label: '退回原因', old: row.rejectReason, new: reason },
          ],
          reason,
          user,
        });
        return { to: row.analystId ?? row.enteredBy, label, result: row.result };
      });
      if (notice.to) {
        await sendSystemMessage(app, {
          userIds: [notice.to],
          title: `检测结果被退回：${notice.label}`,
          text: `${user.realname} 退回了您录入的结果「${notice.result ?? ''}」。\n退回原因：${reason}\n请在结果录入中重新录入。`,
          sender: user.realname,
          busType: 'lims_analysis',
          busId: id,
          openPage: '/lims/result',
        });
      }
      return ok(null, '已退回，检测员将收到通知！');
    },
  );
};
