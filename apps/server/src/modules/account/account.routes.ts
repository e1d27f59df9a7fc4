import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MSG,
  MSG,
  USER_MSG,
  accountProfileSchema,
  accountSessionSchema,
  envelopeSchema,
  recordIdSchema,
  revokeOthersResultSchema,
  userInfoSchema,
  type AccountSession,
} from '@lims/contracts';
import { AppError, badRequest, notFound, ok } from '../../platform/reply';
import { toDateTime } from '../../platform/time';
import { requireUser } from '../../plugins/auth';
import { findUserById, toUserInfo } from '../auth';
import { updateOwnProfile } from './account.service';

const tags = ['个人设置'];

/** The request's own session id (every guarded request has one). */
function currentSessionId(req: { sessionId: string | null }): string {
  if (!req.sessionId) throw new AppError(401, MSG.tokenInvalid);
  return req.sessionId;
}

/**
 * 个人设置 (/account/settings/base): any signed-in user, on their own account only — the profile
 * fields they may change themselves and their live sessions (我的登录设备). No user-admin right needed.
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/account/profile',
    {
      config: { access: 'login' },
      schema: { tags, summary: '本人的基本信息', response: { 200: envelopeSchema(userInfoSchema) } },
    },
    async (req) => {
      const row = await findUserById(app.db, requireUser(req).id);
      if (!row) throw notFound(USER_MSG.userNotFound);
      return ok(toUserInfo(row), MSG.queryOk);
    },
  );

  app.put(
    '/sys/account/profile',
    {
      config: { access: 'login', logTitle: '个人设置-基本信息' },
      schema: {
        tags,
        summary: '修改本人的姓名、头像、手机号和邮箱（其他字段一律忽略）',
        body: accountProfileSchema,
        response: { 200: envelopeSchema(z.object({ userInfo: userInfoSchema })) },
      },
    },
    async (req) => ok({ userInfo: await updateOwnProfile(app, requireUser(req), req.body) }, ACCOUNT_MSG.profileSaved),
  );

  app.get(
    '/sys/account/sessions',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '我的登录设备：本人所有有效的登录会话（current：本次请求所用的会话）',
        response: { 200: envelopeSchema(z.array(accountSessionSchema)) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const current = currentSessionId(req);
      const rows = await app.sessions.listOfUser(user.id);
      const list: AccountSession[] = rows.map((r) => ({
        id: r.id,
        createdAt: toDateTime(r.createdAt) ?? '',
        lastSeenAt: toDateTime(r.lastSeenAt) ?? '',
        ip: r.ip,
        userAgent: r.userAgent,
        current: r.id === current,
      }));
      return ok(list, MSG.queryOk);
    },
  );

  app.delete(
    '/sys/account/sessions/:id',
    {
      config: { access: 'login', logTitle: '个人设置-下线设备' },
      schema: {
        tags,
        summary: '下线本人的另一个登录设备（他人的或已失效的会话：404）',
        params: z.object({ id: recordIdSchema }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      if (req.params.id === currentSessionId(req)) throw badRequest(ACCOUNT_MSG.currentSession);
      if (!(await app.sessions.revokeOfUser(user.id, req.params.id))) throw notFound(ACCOUNT_MSG.sessionNotFound);
      return ok(null, ACCOUNT_MSG.sessionRevoked);
    },
  );

  app.post(
    '/sys/account/sessions/revokeOthers',
    {
      config: { access: 'login', logTitle: '个人设置-退出其他设备' },
      schema: {
        tags,
        summary: '退出其他设备：结束本人除当前会话外的所有会话',
        response: { 200: envelopeSchema(revokeOthersResultSchema) },
      },
    },
    async (req) => {
      const count = await app.sessions.revokeOthersOfUser(requireUser(req).id, currentSessionId(req));
      return ok({ count }, ACCOUNT_MSG.othersRevoked(count));
    },
  );
};
