import type { FastifyInstance } from 'fastify';
import { MSG, type LoginBody, type LoginResult } from '@lims/contracts';
import { LOG_TYPE, writeLog } from '../../platform/audit-log';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../platform/passwords';
import { AppError } from '../../platform/reply';
import { departsOfUser, findUserByUsername, setOrgCode, toUserInfo, type UserRow } from './auth.repo';
import { users } from '../../db/schema';
import { beginSignIn } from './login-throttle';
import { eq, sql } from 'drizzle-orm';

/** Who signs in from where; `request` (when known) gives the log entry its 耗时. */
export type ClientMeta = { ip: string; userAgent?: string; request?: object };

/**
 * Checks a username/password pair. Unknown and real names answer alike in message, status, lockout
 * and work (the throttle is keyed by the name as typed; an unknown name gets the same argon2
 * work). A frozen account is reported whatever the password, so that answer confirms nothing.
 */
export async function checkCredentials(
  app: FastifyInstance,
  username: string,
  password: string,
  meta: ClientMeta,
): Promise<UserRow> {
  const { db } = app;
  const loginLog = (content: string, user?: UserRow) =>
    writeLog(db, {
      logType: LOG_TYPE.login,
      content,
      userid: user?.username ?? username.slice(0, 64),
      username: user?.realname,
      ip: meta.ip,
      request: meta.request,
      requestType: 'POST',
      method: 'POST /sys/login',
      success: false,
    });

  let attempt: Awaited<ReturnType<typeof beginSignIn>>;
  try {
    attempt = await beginSignIn(app, username, meta.ip);
  } catch (err) {
    if (err instanceof AppError)
      await loginLog(`用户名: ${username},登录失败：${err.status === 423 ? '账号已锁定' : '登录尝试过于频繁'}`);
    throw err;
  }
  const user = await findUserByUsername(db, username);
  if (user && user.status !== 1) {
    await verifyAgainstNothing(password);
    await attempt.discard();
    await loginLog(`用户名: ${username},登录失败：${MSG.userFrozen}`, user);
    throw new AppError(403, MSG.userFrozen);
  }
  const passwordOk = user
    ? await verifyPassword(user.passwordHash, password)
    : (await verifyAgainstNothing(password), false);
  if (!user || !passwordOk) {
    const lockedMinutes = await attempt.failed();
    if (lockedMinutes) {
      await loginLog(`用户名: ${username},登录失败 ${app.config.loginMaxFailures} 次，账号锁定`, user);
      throw new AppError(423, MSG.accountLocked(lockedMinutes));
    }
    await loginLog(`用户名: ${username},登录失败：${MSG.badCredentials}`, user);
    throw new AppError(401, MSG.badCredentials);
  }
  await attempt.succeeded();
  return user;
}

export async function login(app: FastifyInstance, body: LoginBody, meta: ClientMeta): Promise<LoginResult> {
  const user = await checkCredentials(app, body.username, body.password, meta);
  return openSession(app, user, meta, '登录');
}

/** Starts a session for an authenticated user: login department, token, login log. */
export async function openSession(
  app: FastifyInstance,
  user: UserRow,
  meta: ClientMeta,
  how: string,
): Promise<LoginResult> {
  const departs = await departsOfUser(app.db, user.id);
  const multi = departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2;
  const current = departs.some((d) => d.orgCode === user.orgCode) ? user.orgCode : (departs[0]?.orgCode ?? null);
  if (current && current !== user.orgCode) {
    await setOrgCode(app.db, user.id, current);
    user.orgCode = current;
  }
  const token = await app.sessions.create(user.id, meta);
  await writeLog(app.db, {
    logType: LOG_TYPE.login,
    content: `用户名: ${user.username},${how}成功！`,
    userid: user.username,
    username: user.realname,
    ip: meta.ip,
    request: meta.request,
    requestType: 'POST',
    method: 'POST /sys/login',
    success: true,
  });
  return { token, userInfo: toUserInfo(user), departs, multi_depart: multi };
}

/** Sets a new password (already policy-checked), ends the user's other sessions. */
export async function setPassword(
  app: FastifyInstance,
  userId: string,
  password: string,
  keepSessionId?: string,
): Promise<void> {
  const passwordHash = await hashPassword(password);
  await app.db
    .update(users)
    .set({
      passwordHash,
      mustChangePassword: false,
      passwordChangedAt: sql`now()`,
      failedLogins: 0,
      lockedUntil: null,
      updateTime: sql`now()`,
    })
    .where(eq(users.id, userId));
  await app.sessions.revokeAllOfUser(userId, keepSessionId);
}
