import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { DEMO_PASSWORD } from '../../db/seed';
import { authAttempts, logs, sessions } from '../../db/schema';

let t: TestApp;
const api = (p: string) => `/api${p}`;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function loginRaw(username: string, password: string) {
  return t.app.inject({ method: 'POST', url: api('/sys/login'), payload: { username, password } });
}

describe(`POST /sys/login (${TEST_DB})`, () => {
  it('signs admin in with a token and user info that carries no secret', async () => {
    const res = await loginRaw('admin', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, code: 200, message: MSG.loginOk });
    expect(body.result.token).toMatch(/^[\w-]{40,}$/);
    expect(body.result.userInfo).toMatchObject({ username: 'admin', realname: '管理员', orgCode: 'A01' });
    expect(body.result.departs.length).toBeGreaterThan(0);
    expect(res.body).not.toMatch(/argon2|passwordHash|password_hash|failedLogins/);
    const rows = await t.database.db.select().from(logs).where(eq(logs.userid, 'admin'));
    expect(rows.some((r) => r.logType === 1 && r.logContent.includes('登录成功') && r.ip)).toBe(true);
  });

  it('answers a wrong password and an unknown user with the same message', async () => {
    const wrong = await loginRaw('zhangsan', 'Wrong1234');
    const unknown = await loginRaw('nobody-here', 'Wrong1234');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.badCredentials);
    expect(unknown.json().message).toBe(MSG.badCredentials);
  });

  it('refuses a frozen account, whatever the password', async () => {
    for (const password of [DEMO_PASSWORD, 'Wrong1234']) {
      const res = await loginRaw('wangwu', password);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(MSG.userFrozen);
    }
  });

  it('locks an account after 5 failures, even for the right password, and says so', async () => {
    for (let i = 1; i <= 4; i++) expect((await loginRaw('lisi', `Bad${i}pass1`)).statusCode).toBe(401);
    const fifth = await loginRaw('lisi', 'Bad5pass1');
    expect(fifth.statusCode).toBe(423);
    expect(fifth.json().message).toContain('锁定');
    const right = await loginRaw('lisi', DEMO_PASSWORD);
    expect(right.statusCode).toBe(423);
    // The lock lasts LOGIN_LOCK_MINUTES from the failures (kept in auth_attempts, measured by the database clock).
    await t.database.db
      .update(authAttempts)
      .set({ at: sql`${authAttempts.at} - interval '10 minutes'` })
      .where(eq(authAttempts.account, 'lisi'));
    expect((await loginRaw('lisi', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('rejects a missing username with the form message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/sys/login'),
      payload: { username: '', password: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.usernameRequired);
  });
});

describe('tokens', () => {
  it('logout revokes the token: the next call gets 401 Token失效', async () => {
    const token = await t.login('zhangsan');
    const before = await t.as(token, { method: 'GET', url: api('/sys/user/getCurrentUserDeparts') });
    expect(before.statusCode).toBe(200);
    const out = await t.as(token, { method: 'POST', url: api('/sys/logout') });
    expect(out.json().message).toBe(MSG.logoutOk);
    const after = await t.as(token, { method: 'GET', url: api('/sys/user/getCurrentUserDeparts') });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(MSG.tokenInvalid);
  });

  it('an expired token (absolute lifetime or idle timeout) gets 401 Token失效', async () => {
    const a = await t.login('zhangsan');
    const b = await t.login('zhangsan');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.id, (await t.app.sessions.resolve(a))!.sessionId));
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '3 hours'` })
      .where(eq(sessions.id, (await t.app.sessions.resolve(b))!.sessionId));
    for (const token of [a, b]) {
      const res = await t.as(token, { method: 'GET', url: api('/sys/permission/getUserPermissionByToken') });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.tokenInvalid);
    }
  });

  it('an active session never ends before its idle timeout after its last request (last_seen_at is written once a minute)', async () => {
    const token = await t.login('zhangsan');
    const sessionId = (await t.app.sessions.resolve(token))!.sessionId;
    const shift = (interval: string) =>
      t.database.db
        .update(sessions)
        .set({ lastSeenAt: sql`last_seen_at - ${interval}::interval` })
        .where(eq(sessions.id, sessionId));
    const get = () => t.as(token, { method: 'GET', url: api('/sys/permission/getUserPermissionByToken') });
    // The last write was 50 s ago; a request now is within the minute and leaves no trace.
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '50 seconds'` })
      .where(eq(sessions.id, sessionId));
    expect((await get()).statusCode).toBe(200);
    // 119.5 minutes later (idle timeout 120): the stored time is 120 min 20 s old, the last request 119.5 min.
    await shift('119 minutes 30 seconds');
    expect((await get()).statusCode).toBe(200);
    // That request was written; an idle timeout plus the write interval later the session is over.
    await shift('121 minutes 1 second');
    const idle = await get();
    expect(idle.statusCode).toBe(401);
    expect(idle.json().message).toBe(MSG.tokenInvalid);
  });

  it('no token and a forged token both get 401', async () => {
    const none = await t.app.inject({ method: 'GET', url: api('/sys/permission/getUserPermissionByToken') });
    const forged = await t.as('x'.repeat(43), { method: 'GET', url: api('/sys/permission/getUserPermissionByToken') });
    expect(none.statusCode).toBe(401);
    expect(forged.statusCode).toBe(401);
  });

  it('the unload beacon ends a session unless the token is used again within the grace time', async () => {
    const reloaded = await t.login('zhangsan');
    const closed = await t.login('zhangsan');
    for (const token of [reloaded, closed]) {
      const r = await t.app.inject({
        method: 'POST',
        url: api('/sys/logoutBeacon'),
        payload: token,
        headers: { 'content-type': 'text/plain' },
      });
      expect(r.statusCode).toBe(200);
    }
    const departs = (token: string) => t.as(token, { method: 'GET', url: api('/sys/user/getCurrentUserDeparts') });
    // F5: the reloaded page uses the token at once, which cancels the deferred logout.
    expect((await departs(reloaded)).statusCode).toBe(200);
    // The closed page never comes back: once the grace time has passed, its token is dead.
    const closedId = (await t.app.sessions.resolve(closed))!.sessionId;
    await t.database.db
      .update(sessions)
      .set({ logoutRequestedAt: sql`now() - interval '30 seconds'` })
      .where(eq(sessions.id, closedId));
    expect((await departs(closed)).statusCode).toBe(401);
    const reloadedRow = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, (await t.app.sessions.resolve(reloaded))!.sessionId));
    expect(reloadedRow[0].logoutRequestedAt).toBeNull();
    expect((await departs(reloaded)).statusCode).toBe(200);
  });
});
