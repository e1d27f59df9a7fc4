import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ANNT_MSG,
  PERM,
  RICH_TEXT_MAX_CHARS,
  announcementEditSchema,
  announcementFormSchema,
  envelopeSchema,
  pageSchema,
  type AnnouncementForm,
} from '@lims/contracts';
import { announcements } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { LOG_TYPE, OPERATE_TYPE, writeLog } from '../../platform/audit-log';
import { insertRecord, updateRecord } from '../../platform/crud';
import { deleteById, deleteByIds, findById, runList } from '../../platform/list-query';
import { AppError, badRequest, notFound, ok } from '../../platform/reply';
import { addRecipients } from './announcement.repo';
import { registerAnnouncementExcel } from './announcement.excel';
import { storedValues, unknownUserIds } from './announcement-values';
import { announcementList, announcementRecordSchema, announcementScope } from './announcement.entities';

const tags = ['系统通告'];

/**
 * add / edit take rich text up to RICH_TEXT_MAX_CHARS (embedded images): the body may be larger than
 * other routes' (escaping, the other fields), and a larger one is refused with the content's message.
 */
const ANNOUNCEMENT_BODY_LIMIT = 2.5 * 1024 * 1024;
const richTextLimit = {
  bodyLimit: ANNOUNCEMENT_BODY_LIMIT,
  preValidation: async (req: FastifyRequest) => {
    const content = (req.body as { msgContent?: unknown } | undefined)?.msgContent;
    if (typeof content === 'string' && content.length > RICH_TEXT_MAX_CHARS)
      throw new AppError(413, ANNT_MSG.contentTooLarge);
  },
};
const idQuery = z.object({ id: z.string().max(64).optional() });

/** Stored values of the form: sanitised HTML, existing users only. */
async function toRow(app: FastifyInstance, form: AnnouncementForm) {
  if (form.msgType === 'USER' && (await unknownUserIds(app.db, form.userIds)).size > 0)
    throw badRequest(ANNT_MSG.unknownUsers);
  return storedValues(form, `${app.config.apiBase}/sys/common/static/`, app.richText);
}

/** The announcement `id` within `scope` (the user's data rules), or 404. */
async function findOne(app: FastifyInstance, id: string | undefined, scope: SQL | undefined) {
  const row = id
    ? (
        await app.db
          .select()
          .from(announcements)
          .where(and(eq(announcements.id, id), scope))
          .limit(1)
      )[0]
    : undefined;
  if (!row) throw notFound(ANNT_MSG.notFound);
  return row;
}

/**
 * 系统通告: write, publish, revoke, delete (only while not published), export and import. Every
 * route reading or changing existing announcements is narrowed by the user's data rules.
 */
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const log = (req: FastifyRequest, content: string, operateType: number) => {
    const user = requireUser(req);
    return writeLog(app.db, {
      logType: LOG_TYPE.operation,
      content,
      operateType,
      userid: user.username,
      username: user.realname,
      ip: req.ip,
      method: `${req.method} ${req.routeOptions.url}`,
      requestUrl: req.url.split('?')[0],
      requestParam: { query: req.query },
      requestType: req.method,
      request: req,
    });
  };

  app.get(
    '/sys/annountCement/list',
    {
      config: { permission: PERM.announcement.list, dataScope: announcementScope },
      schema: {
        tags,
        summary: '通告列表',
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: envelopeSchema(pageSchema(announcementRecordSchema)) },
      },
    },
    async (req) =>
      ok(await runList(app.db, announcementList, req.query, { loadDict: app.dictCache.textMap, where: req.dataScope })),
  );

  app.get(
    '/sys/annountCement/queryById',
    {
      config: { permission: PERM.announcement.list, dataScope: announcementScope },
      schema: {
        tags,
        summary: '按 id 查询通告',
        querystring: idQuery,
        response: { 200: envelopeSchema(announcementRecordSchema) },
      },
    },
    async (req) => {
      const record = await findById(app.db, announcementList, req.query.id, {
        where: req.dataScope,
        loadDict: app.dictCache.textMap,
      });
      if (!record) throw notFound(ANNT_MSG.notFound);
      return ok(record);
    },
  );

  app.post(
    '/sys/annountCement/add',
    {
      config: {
        permission: PERM.announcement.add,
        logTitle: '系统通告-添加',
        tooLargeMessage: ANNT_MSG.contentTooLarge,
      },
      ...richTextLimit,
      schema: {
        tags,
        summary: '添加通告（未发布）',
        body: announcementFormSchema,
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (req) => {
      const id = await insertRecord(
        app.db,
        announcements,
        { ...(await toRow(app, req.body)), sendStatus: '0' },
        requireUser(req).username,
      );
      return ok(id, '添加成功！');
    },
  );

  app.put(
    '/sys/annountCement/edit',
    {
      config: {
        permission: PERM.announcement.edit,
        logTitle: '系统通告-编辑',
        dataScope: announcementScope,
        tooLargeMessage: ANNT_MSG.contentTooLarge,
      },
      ...richTextLimit,
      schema: {
        tags,
        summary: '编辑通告（仅未发布）',
        body: announcementEditSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const current = await findOne(app, req.body.id, req.dataScope);
      if (current.sendStatus !== '0') throw badRequest(ANNT_MSG.editPublished);
      await updateRecord(
        app.db,
        announcements,
        current.id,
        { ...(await toRow(app, req.body)), version: req.body.version },
        requireUser(req).username,
        ANNT_MSG.notFound,
        req.dataScope,
      );
      return ok(null, '编辑成功！');
    },
  );

  const notPublished = ne(announcements.sendStatus, '1');
  app.delete(
    '/sys/annountCement/delete',
    {
      config: { permission: PERM.announcement.delete, logTitle: '系统通告-删除', dataScope: announcementScope },
      schema: {
        tags,
        summary: '删除通告（已发布的需先撤销）',
        querystring: idQuery,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const current = await findOne(app, req.query.id, req.dataScope);
      if (current.sendStatus === '1') throw badRequest(ANNT_MSG.deletePublished);
      return ok(
        await deleteById(app.db, announcementList, current.id, { where: and(notPublished, req.dataScope) }),
        '删除成功！',
      );
    },
  );

  app.delete(
    '/sys/annountCement/deleteBatch',
    {
      config: { permission: PERM.announcement.delete, logTitle: '系统通告-批量删除', dataScope: announcementScope },
      schema: {
        tags,
        summary: '批量删除通告（跳过已发布的）',
        querystring: z.object({ ids: z.string().max(40_000).optional() }),
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const n = await deleteByIds(app.db, announcementList, req.query.ids, { where: and(notPublished, req.dataScope) });
      if (n === 0) throw badRequest(ANNT_MSG.deletePublished);
      return ok(n, `删除成功！共 ${n} 条`);
    },
  );

  app.get(
    '/sys/annountCement/doReleaseData',
    {
      config: { permission: PERM.announcement.release, dataScope: announcementScope },
      schema: { tags, summary: '发布通告', querystring: idQuery, response: { 200: envelopeSchema(z.null()) } },
    },
    async (req) => {
      const user = requireUser(req);
      const current = await findOne(app, req.query.id, req.dataScope);
      if (current.sendStatus === '1') throw badRequest(ANNT_MSG.releaseOnlyDraft);
      const recipients = current.msgType === 'USER' ? (current.userIds ?? '').split(',').filter(Boolean) : null;
      await app.db.transaction(async (tx) => {
        await tx
          .update(announcements)
          .set({
            sendStatus: '1',
            sendTime: sql`now()`,
            cancelTime: null,
            sender: user.realname,
            updateBy: user.username,
            updateTime: sql`now()`,
            version: sql`${announcements.version} + 1`,
          })
          .where(and(eq(announcements.id, current.id), ne(announcements.sendStatus, '1')));
        if (recipients) await addRecipients(tx, current.id, recipients, user.username);
      });
      await log(req, `发布系统通告: ${current.titile}`, OPERATE_TYPE.edit);
      await app.events.publish({ type: 'announcement', action: 'publish', id: current.id, userIds: recipients });
      return ok(null, ANNT_MSG.released);
    },
  );

  app.get(
    '/sys/annountCement/doReovkeData',
    {
      config: { permission: PERM.announcement.revoke, dataScope: announcementScope },
      schema: { tags, summary: '撤销通告', querystring: idQuery, response: { 200: envelopeSchema(z.null()) } },
    },
    async (req) => {
      const user = requireUser(req);
      const current = await findOne(app, req.query.id, req.dataScope);
      if (current.sendStatus !== '1') throw badRequest(ANNT_MSG.revokeOnlyPublished);
      await app.db
        .update(announcements)
        .set({
          sendStatus: '2',
          cancelTime: sql`now()`,
          updateBy: user.username,
          updateTime: sql`now()`,
          version: sql`${announcements.version} + 1`,
        })
        .where(eq(announcements.id, current.id));
      await log(req, `撤销系统通告: ${current.titile}`, OPERATE_TYPE.edit);
      await app.events.publish({ type: 'announcement', action: 'revoke', id: current.id, userIds: null });
      return ok(null, ANNT_MSG.revoked);
    },
  );

  await registerAnnouncementExcel(app);
};
