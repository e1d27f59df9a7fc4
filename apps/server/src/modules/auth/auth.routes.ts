import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  currentUserDepartsSchema,
  envelopeSchema,
  loginBodySchema,
  loginResultSchema,
  selectDepartBodySchema,
  updatePasswordBodySchema,
  userInfoSchema,
  userPermissionSchema,
  type UpdatePasswordBody,
} from '@lims/contracts';
import { LOG_TYPE, writeLog } from '../../platform/audit-log';
import { AppError, badRequest, ok } from '../../platform/reply';
import { requireUser } from '../../plugins/auth';
import {
  allMenusAndButtons,
  departsOfUser,
  findUserById,
  grantedPermissions,
  setOrgCode,
  toUserInfo,
} from './auth.repo';
import { checkCredentials, login, setPassword } from './auth.service';
import { CAPTCHA_MSG, CHECK_KEY_PATTERN, checkCaptcha, issueCaptcha } from './captcha';
import { buildUserPermission } from './user-permission';

const tags = ['登录与会话'];

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    request: req,
    ip: req.ip,
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  });

  app.post(
    '/sys/login',
    {
      config: { access: 'public', noLog: true },
      schema: {
        tags,
        summary: '账号密码登录',
        body: loginBodySchema,
        response: { 200: envelopeSchema(loginResultSchema) },
      },
    },
    async (req) => {
      // The image captcha is checked when the client sends one (the original client does; ours does not).
      if (req.body.captcha !== undefined || req.body.checkKey !== undefined)
        await checkCaptcha(app.db, req.body.checkKey, req.body.captcha);
      return ok(await login(app, req.body, meta(req)), MSG.loginOk);
    },
  );

  app.get(
    '/sys/randomImage/:key',
    {
      config: { access: 'public', noLog: true, rateLimit: 'captcha' },
      schema: {
        tags,
        summary: '登录图片验证码（key：客户端生成的校验键，登录时以 checkKey 提交）',
        params: z.object({ key: z.string().regex(CHECK_KEY_PATTERN, CAPTCHA_MSG.badKey) }),
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (req) => ok(await issueCaptcha(app.db, req.params.key), MSG.ok),
  );

  app.post(
    '/sys/logout',
    {
      config: { access: 'public', noLog: true },
      schema: { tags, summary: '退出登录', response: { 200: envelopeSchema(z.null()) } },
    },
    async (req) => {
      if (req.user && req.sessionId) {
        await app.sessions.revokeById(req.sessionId);
        await writeLog(app.db, {
          logType: LOG_TYPE.login,
          content: `用户名: ${req.user.realname},退出成功！`,
          request: req,
          userid: req.user.username,
          username: req.user.realname,
          ip: req.ip,
          requestType: 'POST',
          method: 'POST /sys/logout',
        });
      }
      return ok(null, MSG.logoutOk);
    },
  );

  app.post(
    '/sys/logoutBeacon',
    {
      config: { access: 'public', noLog: true },
      schema: {
        tags,
        summary: '页面关闭时的延迟注销（token 在请求体中）',
        body: z.string().max(256),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const session = await app.sessions.resolve(req.body.trim());
      if (session) await app.sessions.requestDeferredLogout(session.sessionId);
      return ok(null);
    },
  );

  app.get(
    '/sys/permission/getUserPermissionByToken',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '当前用户的菜单与按钮权限',
        querystring: z.object({ token: z.string().optional(), _t: z.string().optional() }),
        response: { 200: envelopeSchema(userPermissionSchema) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const [granted, all] = await Promise.all([grantedPermissions(app.db, user.id), allMenusAndButtons(app.db)]);
      return ok(buildUserPermission(granted, all), MSG.queryOk);
    },
  );

  app.get(
    '/sys/user/getCurrentUserDeparts',
    {
      config: { access: 'login' },
      schema: { tags, summary: '当前用户的部门', response: { 200: envelopeSchema(currentUserDepartsSchema) } },
    },
    async (req) => {
      const user = requireUser(req);
      const list = await departsOfUser(app.db, user.id);
      return ok({ list, orgCode: user.orgCode });
    },
  );

  // SPEC says POST; the original client sends PUT: both.
  app.route({
    method: ['POST', 'PUT'],
    url: '/sys/selectDepart',
    config: { access: 'login', logTitle: '切换部门' },
    schema: {
      tags,
      summary: '切换登录部门',
      body: selectDepartBodySchema,
      response: { 200: envelopeSchema(z.object({ userInfo: userInfoSchema })) },
    },
    handler: async (req) => {
      const user = requireUser(req);
      const list = await departsOfUser(app.db, user.id);
      if (list.length === 0) throw badRequest(MSG.noDepartment);
      if (!list.some((d) => d.orgCode === req.body.orgCode)) throw badRequest(MSG.departNotMine);
      await setOrgCode(app.db, user.id, req.body.orgCode);
      const row = await findUserById(app.db, user.id);
      if (!row) throw new AppError(401, MSG.tokenInvalid);
      return ok({ userInfo: toUserInfo(row) });
    },
  });

  const updatePassword = async (req: FastifyRequest<{ Body: UpdatePasswordBody }>) => {
    const { username, oldpassword, password } = req.body;
    if (req.user && req.user.username !== username) throw new AppError(403, MSG.forbidden);
    let userId: string;
    try {
      userId = (await checkCredentials(app, username, oldpassword, meta(req))).id;
    } catch (err) {
      if (err instanceof AppError && err.status === 401) throw badRequest(MSG.oldPasswordWrong);
      throw err;
    }
    if (oldpassword === password) throw badRequest('新密码不能与旧密码相同');
    await setPassword(app, userId, password, req.user ? (req.sessionId ?? undefined) : undefined);
    return ok(null, MSG.passwordChanged);
  };
  const passwordRoute = {
    config: { access: 'public' as const, logTitle: '修改密码' },
    schema: {
      tags,
      summary: '修改本人密码（登录后，或登录前的首次/过期修改）',
      body: updatePasswordBodySchema,
      response: { 200: envelopeSchema(z.null()) },
    },
  };
  app.put('/sys/user/updatePassword', passwordRoute, (req) => updatePassword(req));
  app.post('/sys/user/updatePassword', passwordRoute, (req) => updatePassword(req));
};
