import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_ACTION_TEXT,
  AUDIT_ENTITIES,
  LIMS_MSG,
  MSG,
  PERM,
  auditRecordSchema,
  envelopeSchema,
  type AuditChange,
  type AuditEntity,
} from '@lims/contracts';
import { limsAudit } from '../../db/schema';
import type { DataScopeSpec } from '../../platform/data-scope';
import type { ExcelColumn } from '../../platform/excel';
import { EXPORT_BATCH_SIZE, exportQuery, sendXlsxExport } from '../../platform/excel';
import { defineListEntity, iterateList, type ListRecord } from '../../platform/list-query';
import { badRequest, notFound, ok } from '../../platform/reply';
import { changesText, historyOf } from './audit-trail';

const ENTITY_TEXT: Readonly<Record<AuditEntity, string>> = { sample: '样品', analysis: '检测任务', report: '检测报告' };

/** The trail as a list (for its export): newest first, filterable by entity, record, user and time. */
const auditList = defineListEntity({
  table: limsAudit,
  fields: {
    entity: limsAudit.entity,
    recordId: limsAudit.recordId,
    recordLabel: limsAudit.recordLabel,
    action: limsAudit.action,
    reason: { column: limsAudit.reason, sort: false },
    username: limsAudit.username,
    realname: limsAudit.realname,
    at: limsAudit.at,
  },
  defaultSort: { field: 'at', order: 'desc' },
});

const AUDIT_COLUMNS: ExcelColumn[] = [
  { field: 'at', title: '时间', type: 'datetime' },
  { field: 'entityText', title: '记录类型', type: 'string' },
  { field: 'recordLabel', title: '记录', type: 'string', width: 20 },
  { field: 'actionText', title: '操作', type: 'string' },
  { field: 'changesText', title: '变更内容', type: 'string', width: 60 },
  { field: 'reason', title: '原因', type: 'string', width: 30 },
  { field: 'username', title: '账号', type: 'string' },
  { field: 'realname', title: '姓名', type: 'string' },
];

/** Fills each exported trail row with its readable texts and changes. */
async function completeAuditBatch(app: FastifyInstance, rows: ListRecord[]): Promise<ListRecord[]> {
  const ids = rows.map((r) => String(r.id));
  const stored = ids.length
    ? await app.db
        .select({ id: limsAudit.id, changes: limsAudit.changes })
        .from(limsAudit)
        .where(inArray(limsAudit.id, ids))
    : [];
  const changes = new Map(stored.map((s) => [s.id, (Array.isArray(s.changes) ? s.changes : []) as AuditChange[]]));
  return rows.map((r) => ({
    ...r,
    entityText: ENTITY_TEXT[r.entity as AuditEntity] ?? String(r.entity),
    actionText: AUDIT_ACTION_TEXT[String(r.action)] ?? String(r.action),
    changesText: changesText(changes.get(String(r.id)) ?? []),
  }));
}

/**
 * `GET <base>/history?id=`: a record's 历史记录, oldest first, for a user who may read the record
 * (its list code and data rules). A deleted record's trail stays readable by the list code.
 */
export function registerHistoryRoute(
  app: Parameters<FastifyPluginAsyncZod>[0],
  opts: { base: string; entity: AuditEntity; scope: DataScopeSpec; tags: string[] },
): void {
  const { table, idColumn } = opts.scope.entity;
  app.get(
    `${opts.base}/history`,
    {
      config: { permission: opts.scope.code, dataScope: opts.scope },
      schema: {
        tags: opts.tags,
        summary: `${ENTITY_TEXT[opts.entity]}的历史记录（谁、何时、哪些字段的旧值和新值、原因；最早的在前）`,
        querystring: z.object({ id: z.string().max(64), _t: z.string().optional() }),
        response: { 200: envelopeSchema(z.array(auditRecordSchema)) },
      },
    },
    async (req) => {
      const id = req.query.id;
      const visible = await app.db
        .select({ id: idColumn })
        .from(table)
        .where(and(eq(idColumn, id), req.dataScope))
        .limit(1);
      if (visible.length === 0) {
        const exists = await app.db.select({ id: idColumn }).from(table).where(eq(idColumn, id)).limit(1);
        if (exists.length > 0) throw notFound(LIMS_MSG.recordNotFound);
      }
      const trail = await historyOf(app.db, opts.entity, id);
      if (visible.length === 0 && trail.length === 0) throw notFound(LIMS_MSG.recordNotFound);
      return ok(trail, MSG.queryOk);
    },
  );
}

/** `GET /lims/audit/exportXls`: the audit trail as .xlsx (entity, recordId, username, at range filters). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/lims/audit/exportXls',
    {
      config: { permission: PERM.limsAudit.export, queryToken: true, logTitle: '历史记录-导出' },
      schema: {
        tags: ['实验室'],
        summary: `导出历史记录.xlsx（entity=${AUDIT_ENTITIES.join('|')}、recordId、username、at_begin/at_end 等列表参数）`,
        querystring: z.record(z.string(), z.unknown()),
      },
    },
    async (req, reply) => {
      const params = exportQuery(req.query);
      if (params.entity !== undefined && !AUDIT_ENTITIES.includes(params.entity as AuditEntity)) {
        throw badRequest(LIMS_MSG.auditEntityInvalid);
      }
      const rows = iterateList(app.db, auditList, params, { batchSize: EXPORT_BATCH_SIZE });
      async function* completed(): AsyncGenerator<ListRecord[]> {
        for await (const batch of rows) yield await completeAuditBatch(app, batch);
      }
      return sendXlsxExport(reply, { fileName: '历史记录', columns: AUDIT_COLUMNS, batches: completed() });
    },
  );
};
