import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANALYSIS_MSG,
  ANALYSIS_STATUS,
  LIMS_MSG,
  MSG,
  PERM,
  analysisAssignSchema,
  analysisRecordSchema,
  envelopeSchema,
  isOutOfSpec,
  pageSchema,
} from '@lims/contracts';
import { analyses, permissions, rolePermissions, userRoles, users } from '../../../db/schema';
import { requireUser } from '../../../plugins/auth';
import { EXPORT_BATCH_SIZE, exportQuery, sendXlsxExport } from '../../../platform/excel';
import { findById, iterateList, runList, type ListRecord } from '../../../platform/list-query';
import { badRequest, notFound, ok } from '../../../platform/reply';
import { diffRecord, recordAudit } from '../audit-trail';
import { registerHistoryRoute } from '../audit.routes';
import { ANALYSIS_AUDIT_LABELS, ANALYSIS_COLUMNS, analysisList, analysisScope } from './analysis.entities';
import { analysisLabel, userNames, withAnalysisNames } from './analysis.repo';

const tags = ['检测任务'];
const idQuery = z.object({ id: z.string().max(64).optional(), _t: z.string().optional() });
const optionSchema = z.object({ id: z.string(), username: z.string(), realname: z.string() });

/**
 * 检测任务 (`/lims/analysis/*`): every analysis with its sample and people, 分配 (analyst, due date,
 * limits; a reason once a result is there), export and 历史记录. Every route is narrowed by the
 * user's data rules on 检测任务 (e.g. `analystId = #{sys_user_id}`).
 */
export const analysisRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadDict = app.dictCache.textMap;

  app.get(
    '/lims/analysis/list',
    {
      config: { permission: PERM.analysis.list, dataScope: analysisScope },
      schema: {
        tags,
        summary: '检测任务列表（含样品编号、项目、检测员、录入人、本轮复核人）',
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: envelopeSchema(pageSchema(analysisRecordSchema)) },
      },
    },
    async (req) => {
      const page = await runList(app.db, analysisList, req.query, { loadDict, where: req.dataScope });
      return ok({ records: await withAnalysisNames(app.db, page.records), total: page.total });
    },
  );

  app.get(
    '/lims/analysis/queryById',
    {
      config: { permission: PERM.analysis.list, dataScope: analysisScope },
      schema: {
        tags,
        summary: '按 id 查询检测任务',
        querystring: idQuery,
        response: { 200: envelopeSchema(analysisRecordSchema) },
      },
    },
    async (req) => {
      const record = await findById(app.db, analysisList, req.query.id, { where: req.dataScope, loadDict });
      if (!record) throw notFound(ANALYSIS_MSG.notFound);
      const [named] = await withAnalysisNames(app.db, [record], requireUser(req).id);
      return ok(named, MSG.queryOk);
    },
  );

  app.get(
    '/lims/analysis/analysts',
    {
      config: { permission: PERM.analysis.assign },
      schema: {
        tags,
        summary: '可分配的检测员（持有结果录入权限的启用用户）',
        querystring: z.object({ _t: z.string().optional() }),
        response: { 200: envelopeSchema(z.array(optionSchema)) },
      },
    },
    async () => {
      const rows = await app.db
        .selectDistinct({ id: users.id, username: users.username, realname: users.realname })
        .from(users)
        .innerJoin(userRoles, eq(userRoles.userId, users.id))
        .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .where(and(eq(users.status, 1), eq(permissions.perms, PERM.result.enter)))
        .orderBy(asc(users.username));
      return ok(rows, MSG.queryOk);
    },
  );

  app.post(
    '/lims/analysis/assign',
    {
      config: { permission: PERM.analysis.assign, logTitle: '检测任务-分配', dataScope: analysisScope },
      schema: {
        tags,
        summary: '分配检测任务（检测员、计划完成日期、限值；一条或多条；已有结果的须填写原因，已复核的不能改）',
        body: analysisAssignSchema,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const { ids, reason, ...change } = req.body;
      const set = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
      if (typeof set.analystId === 'string') {
        const [found] = await app.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.id, set.analystId), eq(users.status, 1)));
        if (!found) throw badRequest(ANALYSIS_MSG.analystUnknown);
      }
      const unique = [...new Set(ids)];
      const n = await app.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(analyses)
          .where(and(inArray(analyses.id, unique), req.dataScope))
          .orderBy(asc(analyses.id))
          .for('update');
        if (rows.length !== unique.length) throw notFound(ANALYSIS_MSG.notFound);
        if (rows.some((r) => r.status === ANALYSIS_STATUS.verified)) throw badRequest(ANALYSIS_MSG.assignVerified);
        if (rows.some((r) => r.result !== null) && !reason) throw badRequest(LIMS_MSG.reasonRequired);
        const names = await userNames(tx, [
          ...new Set(rows.flatMap((r) => [r.analystId, set.analystId]).filter((v): v is string => !!v)),
        ]);
        for (const row of rows) {
          const next = { ...row, ...set };
          const outOfSpec = row.result === null ? null : isOutOfSpec(row.result, next);
          await tx
            .update(analyses)
            .set({
              ...set,
              outOfSpec,
              updateBy: user.username,
              updateTime: sql`now()`,
              version: sql`${analyses.version} + 1`,
            })
            .where(eq(analyses.id, row.id));
          const named = (r: typeof row, o: boolean | null) => ({
            ...r,
            outOfSpec: o,
            analystName: r.analystId ? (names.get(r.analystId) ?? r.analystId) : null,
          });
          await recordAudit(tx, {
            entity: 'analysis',
            recordId: row.id,
            recordLabel: await analysisLabel(tx, row),
            action: 'assign',
            changes: diffRecord(named(row, row.outOfSpec), named(next, outOfSpec), ANALYSIS_AUDIT_LABELS),
            reason,
            user,
          });
        }
        return rows.length;
      });
      return ok(n, `分配成功！共 ${n} 条`);
    },
  );

  app.get(
    '/lims/analysis/exportXls',
    {
      config: {
        permission: PERM.analysis.export,
        queryToken: true,
        logTitle: '检测任务-导出',
        dataScope: analysisScope,
      },
      schema: {
        tags,
        summary: '导出检测任务.xlsx（列表查询参数或 paramsStr；selections 限定 id）',
        querystring: z.record(z.string(), z.unknown()),
      },
    },
    async (req, reply) => {
      const rows = iterateList(app.db, analysisList, exportQuery(req.query), {
        where: req.dataScope,
        loadDict,
        batchSize: EXPORT_BATCH_SIZE,
      });
      async function* completed(): AsyncGenerator<ListRecord[]> {
        for await (const batch of rows) yield await withAnalysisNames(app.db, batch);
      }
      return sendXlsxExport(reply, { fileName: '检测任务', columns: ANALYSIS_COLUMNS, batches: completed(), loadDict });
    },
  );

  registerHistoryRoute(app, { base: '/lims/analysis', entity: 'analysis', scope: analysisScope, tags });
};
