import type { FastifyInstance } from 'fastify';
import { MSG, type LoginBody, type LoginResult } from '@lims/contracts';
import { LOG_TYPE, writeLog } from '../../platform/audit-log';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../platform/passwords';
import { AppError } from '../../platform/reply';
import {
  clearFailedLogins, countFailedLogin, departsOfUser, findUserByUsername, lockUser, setOrgCode, toUserInfo,
  type UserRow,
} from './auth.repo';
import { users } from '../../db/schema';
import { unknownAccounts } from './unknown-accounts';
import { eq, sql } from 'drizzle-orm';

export type ClientMeta = { ip: string; userAgent?: string };

function lockMinutesLeft(lockedUntil: string): number {
  return Math.max(1, Math.ceil((Date.parse(lockedUntil) - Date.now()) / 60_000));
}

/**
 * Checks a username/password pair with lockout: unknown users and wrong passwords answer alike
 * (same message, same argon2 work); the Nth failure locks the account for the configured time.
 */
export async function checkCredentials(app: FastifyInstance, username: string, password: string, meta: ClientMeta): Promise<UserRow> {
  const { db, config } = app;
  const loginLog = (content: string, user?: UserRow) =>
    writeLog(db, { logType: LOG_TYPE.login, content, userid: user?.username ?? username.slice(0, 64), username: user?.realname, ip: meta.ip, requestType: 'POST', method: 'POST /sys/login', success: false });

  const user = await findUserByUsername(db, username);
  if (!user) {
    await verifyAgainstNothing(password);
    const lockedMinutes = unknownAccounts(app).fail(username);
    await loginLog(`用户名: ${username},登录失败：${lockedMinutes ? '账号已锁定' : MSG.badCredentials}`);
    if (lockedMinutes) throw new AppError(423, MSG.accountLocked(lockedMinutes));
    throw new AppError(401, MSG.badCredentials);
  }
  if (user.lockedUntil && Date.parse(user.lockedUntil) > Date.now()) {
    await verifyAgainstNothing(password);
    const message = MSG.accountLocked(lockMinutesLeft(user.lockedUntil));
    await loginLog(`用户名: ${username},登录失败：账号已锁定`, user);
    throw new AppError(423, message);
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    const failures = await countFailedLogin(db, user.id);
    if (failures >= config.loginMaxFailures) {
      await lockUser(db, user.id, Date.now() + config.loginLockMs);
      await loginLog(`用户名: ${username},登录失败 ${failures} 次，账号锁定`, user);
      throw new AppError(423, MSG.accountLocked(Math.round(config.loginLockMs / 60_000)));
    }
    await loginLog(`用户名: ${username},登录失败：${MSG.badCredentials}`, user);
    throw new AppError(401, MSG.badCredentials);
  }
  if (user.status !== 1) {
    await loginLog(`用户名: ${username},登录失败：${MSG.userFrozen}`, user);
    throw new AppError(403, MSG.userFrozen);
  }
  if (user.failedLogins > 0 || user.lockedUntil) await clearFailedLogins(db, user.id);
  return user;
}

export async function login(app: FastifyInstance, body: LoginBody, meta: ClientMeta): Promise<LoginResult> {
  const user = await checkCredentials(app, body.username, body.password, meta);
  return openSession(app, user, meta, '登录');
}

/** Starts a session for an authenticated user: login department, token, login log. */
export async function openSession(app: FastifyInstance, user: UserRow, meta: ClientMeta, how: string): Promise<LoginResult> {
  const departs = await departsOfUser(app.db, user.id);
  const multi = departs.length === 0 ? 0 : departs.length === 1 ? 1 : 2;
  const current = departs.some((d) => d.orgCode === user.orgCode) ? user.orgCode : departs[0]?.orgCode ?? null;
  if (current && current !== user.orgCode) {
    await setOrgCode(app.db, user.id, current);
    user.orgCode = current;
  }
  const token = await app.sessions.create(user.id, meta);
  await writeLog(app.db, {
    logType: LOG_TYPE.login, content: `用户名: ${user.username},${how}成功！`, userid: user.username,
    username: user.realname, ip: meta.ip, requestType: 'POST', method: 'POST /sys/login', success: true,
  });
  return { token, userInfo: toUserInfo(user), departs, multi_depart: multi };
}

/** Sets a new password (already policy-checked), ends the user's other sessions. */
export async function setPassword(app: FastifyInstance, userId: string, password: string, keepSessionId?: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await app.db.update(users).set({
    passwordHash, mustChangePassword: false, passwordChangedAt: sql`now()`, failedLogins: 0, lockedUntil: null,
    updateTime: sql`now()`,
  }).where(eq(users.id, userId));
  await app.sessions.revokeAllOfUser(userId, keepSessionId);
}
