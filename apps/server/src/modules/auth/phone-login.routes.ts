import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  PHONE_MSG,
  envelopeSchema,
  loginResultSchema,
  phoneLoginBodySchema,
  registerBodySchema,
  smsBodySchema,
} from '@lims/contracts';
import { users } from '../../db/schema';
import { LOG_TYPE, writeLog } from '../../platform/audit-log';
import { hashPassword } from '../../platform/passwords';
import { AppError, conflict, ok } from '../../platform/reply';
import { openSession } from './auth.service';
import { beginSignIn } from './login-throttle';
import { consumeSmsCode, issueSmsCode } from './phone-login.service';

const tags = ['登录与会话'];

/** SMS codes, phone login and self-registration (public routes). */
export const phoneLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/sys/sms',
    {
      config: { access: 'public', noLog: true, rateLimit: 'sms' },
      schema: {
        tags,
        summary: '发送短信验证码（演示安装写入服务器日志）',
        body: smsBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      await issueSmsCode(app, req.body.mobile, req.body.smsmode, req.ip);
      return ok(null, PHONE_MSG.codeSent);
    },
  );

  app.post(
    '/sys/phoneLogin',
    {
      config: { access: 'public', noLog: true },
      schema: {
        tags,
        summary: '手机号 + 短信验证码登录',
        body: phoneLoginBodySchema,
        response: { 200: envelopeSchema(loginResultSchema) },
      },
    },
    async (req) => {
      const { mobile, captcha } = req.body;
      // Counted by the sign-in throttle like a password sign-in, the number standing for the account.
      const attempt = await beginSignIn(app, `tel:${mobile}`, req.ip);
      try {
        await consumeSmsCode(app, mobile, '0', captcha);
      } catch (err) {
        await attempt.failed();
        throw err;
      }
      const user = (await app.db.select().from(users).where(eq(users.phone, mobile)).limit(1))[0];
      if (!user) throw new AppError(400, PHONE_MSG.codeWrong);
      if (user.status !== 1) {
        await attempt.discard();
        throw new AppError(403, MSG.userFrozen);
      }
      await attempt.succeeded();
      const meta = { ip: req.ip, userAgent: req.headers['user-agent'], request: req };
      return ok(await openSession(app, user, meta, '手机号登录'), MSG.loginOk);
    },
  );

  app.post(
    '/sys/user/register',
    {
      config: { access: 'public', noLog: true, rateLimit: 'register' },
      schema: {
        tags,
        summary: '自助注册（账号冻结，待管理员审核）',
        body: registerBodySchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const { username, realname, password } = req.body;
      const taken = async (col: typeof users.username | typeof users.phone | typeof users.email, v: string) =>
        (await app.db.select({ id: users.id }).from(users).where(eq(col, v)).limit(1)).length > 0;
      // The registrant must learn that a name is taken (else they would wait for an account that is
      // someone else's); a taken phone number or e-mail is not revealed: the request is accepted the
      // same way and stored without it, and the log tells the reviewing administrator.
      if (await taken(users.username, username)) throw conflict(PHONE_MSG.usernameTaken);
      const free = async (col: typeof users.phone | typeof users.email, v?: string) =>
        v && !(await taken(col, v)) ? v : null;
      const phone = await free(users.phone, req.body.phone);
      const email = await free(users.email, req.body.email);
      const dropped = [req.body.phone && !phone ? '手机号' : '', req.body.email && !email ? '邮箱' : ''].filter(
        Boolean,
      );
      const inserted = await app.db
        .insert(users)
        .values({
          username,
          realname,
          passwordHash: await hashPassword(password),
          phone,
          email,
          status: 2,
          createBy: username,
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      // Only a registration of the same name (or number) at the same moment gets here.
      if (inserted.length === 0) throw conflict(PHONE_MSG.usernameTaken);
      const note = dropped.length ? `（${dropped.join('、')}已被其他账号使用，未保存）` : '';
      await writeLog(app.db, {
        logType: LOG_TYPE.operation,
        content: `用户自助注册: ${username}（待审核）${note}`,
        operateType: 2,
        userid: username,
        username: realname,
        ip: req.ip,
        request: req,
        requestType: 'POST',
        method: 'POST /sys/user/register',
      });
      return ok(null, PHONE_MSG.registered);
    },
  );
};
