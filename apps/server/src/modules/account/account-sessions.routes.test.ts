import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MSG, MSG, type AccountSession } from '@lims/contracts';
import { TEST_DB, buildTestApp, type TestApp } from '../../../test/build-test-app';
import { sessions, users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const CHROME_WIN =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function loginFrom(app: FastifyInstance, username: string, userAgent: string, ip = '10.0.0.8') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sys/login',
    payload: { username, password: DEMO_PASSWORD },
    headers: { 'user-agent': userAgent },
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.token as string;
}
const mine = async (token: string) => {
  const res = await t.as(token, { method: 'GET', url: '/api/sys/account/sessions' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as AccountSession[];
};
const revoke = (token: string, id: string) => t.as(token, { method: 'DELETE', url: `/api/sys/account/sessions/${id}` });
const revokeOthers = (token: string) => t.as(token, { method: 'POST', url: '/api/sys/account/sessions/revokeOthers' });
const whoAmI = (token: string) => t.as(token, { method: 'GET', url: '/api/sys/account/profile' });
const revokedCount = async (username: string) => {
  const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, username));
  const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, u.id));
  return rows.filter((r) => r.revokedAt !== null).length;
};

describe(`个人设置 › 我的登录设备 (${TEST_DB})`, () => {
  it('without a session every route answers 401', async () => {
    for (const [method, url] of [
      ['GET', '/api/sys/account/sessions'],
      ['DELETE', '/api/sys/account/sessions/abc'],
      ['POST', '/api/sys/account/sessions/revokeOthers'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().message).toBe(MSG.tokenInvalid);
    }
  });

  it('lists every live session of the user: times, address, browser, the current one marked; never the token', async () => {
    const desk = await loginFrom(t.app, 'lisi', CHROME_WIN, '10.0.0.8');
    const phone = await loginFrom(t.app, 'lisi', SAFARI_IPHONE, '10.0.0.9');
    const other = await loginFrom(t.app, 'zhangsan', CHROME_WIN);
    const list = await mine(desk);
    expect(list).toHaveLength(2);
    const current = list.find((s) => s.current)!;
    expect(current).toMatchObject({ userAgent: CHROME_WIN, ip: '10.0.0.8' });
    expect(current.createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(current.lastSeenAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(list.find((s) => !s.current)).toMatchObject({ userAgent: SAFARI_IPHONE, ip: '10.0.0.9' });
    const body = JSON.stringify(list);
    for (const token of [desk, phone, other]) expect(body).not.toContain(token);
    expect(body).not.toMatch(/hash/i);
    // The other device sees the same two, itself marked.
    expect((await mine(phone)).filter((s) => s.current).map((s) => s.userAgent)).toEqual([SAFARI_IPHONE]);
    // A logged-out session is not listed.
    await t.as(phone, { method: 'POST', url: '/api/sys/logout' });
    expect((await mine(desk)).map((s) => s.userAgent)).toEqual([CHROME_WIN]);
  });

  it("下线: ends one of the user's other sessions, whose next request is 401; the current one is refused", async () => {
    const a = await loginFrom(t.app, 'manager', CHROME_WIN);
    const b = await loginFrom(t.app, 'manager', SAFARI_IPHONE);
    const target = (await mine(a)).find((s) => !s.current)!;
    const res = await revoke(a, target.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_MSG.sessionRevoked);
    expect((await whoAmI(b)).statusCode).toBe(401);
    expect((await whoAmI(a)).statusCode).toBe(200);
    // Once ended it is unknown; the current session cannot be ended here (退出登录 does that).
    expect((await revoke(a, target.id)).statusCode).toBe(404);
    const self = (await mine(a)).find((s) => s.current)!;
    const refused = await revoke(a, self.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ACCOUNT_MSG.currentSession);
    expect((await whoAmI(a)).statusCode).toBe(200);
  });

  it("another user's session id is 404 and that session keeps working", async () => {
    const victim = await loginFrom(t.app, 'admin', CHROME_WIN);
    const attacker = await loginFrom(t.app, 'zhangsan', SAFARI_IPHONE);
    const victimSession = (await mine(victim)).find((s) => s.current)!;
    const before = await revokedCount('admin');
    const res = await revoke(attacker, victimSession.id);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ACCOUNT_MSG.sessionNotFound);
    expect(await revokedCount('admin')).toBe(before);
    expect((await whoAmI(victim)).statusCode).toBe(200);
    // An id of no session at all: the same answer.
    expect((await revoke(attacker, 'ffffffffffffffffffffffffffffffff')).statusCode).toBe(404);
    // An id that is no id: refused by the schema.
    expect((await revoke(attacker, 'a%20b')).statusCode).toBe(400);
  });

  it('退出其他设备: every other session of the user ends, the current one and other users are untouched', async () => {
    const keep = await loginFrom(t.app, 'zhangsan', CHROME_WIN);
    const others = [await loginFrom(t.app, 'zhangsan', SAFARI_IPHONE), await loginFrom(t.app, 'zhangsan', 'curl/8')];
    const lisi = await loginFrom(t.app, 'lisi', CHROME_WIN);
    const count = (await mine(keep)).length - 1;
    expect(count).toBeGreaterThanOrEqual(2);
    const res = await revokeOthers(keep);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: { count }, message: ACCOUNT_MSG.othersRevoked(count) });
    for (const token of others) {
      const after = await whoAmI(token);
      expect(after.statusCode).toBe(401);
      expect(after.json().message).toBe(MSG.tokenInvalid);
    }
    expect((await mine(keep)).map((s) => s.current)).toEqual([true]);
    expect((await whoAmI(lisi)).statusCode).toBe(200);
    const again = await revokeOthers(keep);
    expect(again.json()).toMatchObject({ result: { count: 0 }, message: ACCOUNT_MSG.othersRevoked(0) });
  });
});
