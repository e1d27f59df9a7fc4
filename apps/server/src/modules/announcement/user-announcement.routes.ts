import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ANNT_MSG, MSG, envelopeSchema, listByUserSchema, markReadBodySchema, pageSchema } from '@lims/contracts';
import { requireUser } from '../../plugins/auth';
import { runList } from '../../platform/list-query';
import { notFound, ok } from '../../platform/reply';
import { isVisible, markRead, readFlagsOf, unreadSummary, visibleTo } from './announcement.repo';
import { createAnnouncementStream } from './announcement-stream';
import { myAnnouncementList, myAnnouncementRecordSchema } from './announcement.entities';

const tags = ['我的消息'];
const READ_TEXT: Record<number, string> = { 0: '未读', 1: '已读' };

/** What a signed-in user reads: the bell, marking read, 我的消息 and the live stream. Never another user's items. */
export const userAnnouncementRoutes: FastifyPluginAsyncZod = async (app) => {
  const stream = createAnnouncementStream(app);

  app.get(
    '/sys/annountCement/listByUser',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '当前用户未读的通知公告与系统消息（各取最新几条）及未读总数',
        response: { 200: envelopeSchema(listByUserSchema) },
      },
    },
    async (req) => ok(await unreadSummary(app.db, requireUser(req).id), MSG.queryOk),
  );

  const markOne = async (userId: string, anntId: string) => {
    if (!(await isVisible(app.db, userId, anntId))) throw notFound(ANNT_MSG.notFound);
    await markRead(app.db, userId, [anntId]);
    return ok(null);
  };
  const markRoute = {
    config: { access: 'login' as const, noLog: true },
    schema: {
      tags,
      summary: '把一条通告标为已读（仅自己的）',
      body: markReadBodySchema,
      response: { 200: envelopeSchema(z.null()) },
    },
  };
  for (const prefix of ['/system', '/sys']) {
    app.put(`${prefix}/sysAnnouncementSend/editByAnntIdAndUserId`, markRoute, (req) =>
      markOne(requireUser(req).id, req.body.anntId),
    );
    app.post(`${prefix}/sysAnnouncementSend/editByAnntIdAndUserId`, markRoute, (req) =>
      markOne(requireUser(req).id, req.body.anntId),
    );
  }

  app.put(
    '/sys/sysAnnouncementSend/readAll',
    {
      config: { access: 'login', noLog: true },
      schema: { tags, summary: '全部标注已读', response: { 200: envelopeSchema(z.number()) } },
    },
    async (req) => ok(await markRead(app.db, requireUser(req).id, 'all'), ANNT_MSG.readAll),
  );

  app.get(
    '/sys/sysAnnouncementSend/getMyAnnouncementSend',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '我的消息（分页，可按标题、发布人查询）',
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: envelopeSchema(pageSchema(myAnnouncementRecordSchema)) },
      },
    },
    async (req) => {
      const userId = requireUser(req).id;
      const page = await runList(app.db, myAnnouncementList, req.query, {
        where: visibleTo(userId),
        loadDict: app.dictCache.textMap,
      });
      const flags = await readFlagsOf(
        app.db,
        userId,
        page.records.map((r) => String(r.id)),
      );
      const records = page.records.map((r) => {
        const readFlag = flags.get(String(r.id)) ?? 0;
        return { ...r, anntId: String(r.id), readFlag, readFlag_dictText: READ_TEXT[readFlag] };
      });
      return ok({ records, total: page.total });
    },
  );

  app.get(
    '/sys/annountCement/events',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '实时推送（Server-Sent Events）：通告发布或撤销时通知当前页面；带 Last-Event-ID 重连时补发错过的事件',
      },
    },
    (req, reply) => {
      const lastEventId = req.headers['last-event-id'];
      stream.open(requireUser(req).id, reply, typeof lastEventId === 'string' ? lastEventId.slice(0, 64) : undefined);
    },
  );
};
