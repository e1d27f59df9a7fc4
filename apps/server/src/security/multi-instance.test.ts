import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERM } from '@lims/contracts';
import { TEST_DB_KIND, createPgTestDatabase, openTestDatabase } from '../../test/test-database';
import { eventually } from '../../test/eventually';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { permissions, rolePermissions, roles } from '../db/schema';
import { DEMO_PASSWORD, seedDatabase } from '../db/seed';
import { dataRuleKit } from '../modules/permission/data-rule.test-kit';

/**
 * Two instances on one database, no sticky sessions: sessions, revocation, permission caches and
 * pushed events must agree. On PostgreSQL each instance has its own pool and LISTEN connection
 * (NOTIFY carries the events); on PGlite both share the one embedded database.
 */
let a: FastifyInstance;
let b: FastifyInstance;
const databases: Database[] = [];
let cleanup: () => Promise<void>;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lims-multi-'));

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SMS_IP_MAX_PER_HOUR: '4',
    REGISTER_IP_MAX_PER_HOUR: '2',
  });
  if (TEST_DB_KIND === 'postgres') {
    const fresh = await createPgTestDatabase('lims_multi');
    // Both open (and migrate) at once, as two servers starting together would.
    databases.push(
      ...(await Promise.all(
        [1, 2].map(() => openDatabase({ databaseUrl: fresh.url, timeZone: 'Asia/Shanghai', poolSize: 4 })),
      )),
    );
    await seedDatabase(databases[0].db, { production: false });
    cleanup = async () => {
      for (const d of databases) await d.close();
      await fresh.drop();
    };
  } else {
    const shared = await openTestDatabase({ seeded: true });
    databases.push(shared, shared);
    cleanup = () => shared.close();
  }
  [a, b] = await Promise.all(databases.map((d) => buildApp(config, d, { logger: false })));
  await Promise.all([a.ready(), b.ready()]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await cleanup?.();
  rmSync(dataDir, { recursive: true, force: true });
});

const login = async (app: FastifyInstance, username: string) => {
  const res = await app.inject({
    method: 'POST',
    url: '/api/sys/login',
    payload: { username, password: DEMO_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.token as string;
};
const call = (
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => app.inject({ method, url: `/api${url}`, headers: { 'x-access-token': token }, ...(payload ? { payload } : {}) });

/** Polls until `probe` is true (events travel asynchronously), for at most `ms`. */
/** Opens the event stream on an instance and collects what it receives. */
async function openStream(app: FastifyInstance, token: string) {
  const res = await app.inject({
    method: 'GET',
    url: '/api/sys/annountCement/events',
    headers: { 'x-access-token': token },
    payloadAsStream: true,
  });
  expect(res.statusCode).toBe(200);
  let text = '';
  const stream = res.stream();
  stream.on('data', (c: Buffer) => (text += c.toString()));
  return { text: () => text, close: () => stream.destroy() };
}

describe(`two instances on one ${TEST_DB_KIND} database`, () => {
  it('a token from one works on the other, and a logout on either ends it on both', async () => {
    const token = await login(a, 'zhangsan');
    expect((await call(b, token, 'GET', '/sys/user/getCurrentUserDeparts')).statusCode).toBe(200);
    expect((await call(a, token, 'GET', '/sys/user/getCurrentUserDeparts')).statusCode).toBe(200);
    expect((await call(b, token, 'POST', '/sys/logout')).statusCode).toBe(200);
    expect((await call(a, token, 'GET', '/sys/user/getCurrentUserDeparts')).statusCode).toBe(401);
    expect((await call(b, token, 'GET', '/sys/user/getCurrentUserDeparts')).statusCode).toBe(401);
  });

  it('freezing a user on one instance ends the sessions on the other at once', async () => {
    const token = await login(b, 'lisi');
    const adminToken = await login(a, 'admin');
    const lisi = (await call(a, adminToken, 'GET', '/sys/user/list?username=lisi')).json().result.records[0]
      .id as string;
    expect((await call(a, adminToken, 'PUT', '/sys/user/frozenBatch', { ids: lisi, status: 2 })).statusCode).toBe(200);
    expect((await call(b, token, 'GET', '/sys/user/getCurrentUserDeparts')).statusCode).toBe(401);
    await call(a, adminToken, 'PUT', '/sys/user/frozenBatch', { ids: lisi, status: 1 });
  });

  it("a permission granted on one instance reaches the other instance's cache and open pages", async () => {
    const adminToken = await login(a, 'admin');
    const user = await login(b, 'zhangsan');
    const supplier = { code: 'MULTI01', name: '多实例供应商' };
    // Warm instance B's cache with the refusal first.
    expect((await call(b, user, 'POST', '/gysgl/supplier/add', supplier)).statusCode).toBe(403);
    const stream = await openStream(b, user);
    const db = databases[0].db;
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, 'user'));
    const [button] = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(eq(permissions.perms, PERM.supplier.add), eq(permissions.menuType, 2)));
    const granted = await call(a, adminToken, 'POST', '/sys/permission/saveRolePermission', {
      roleId: role.id,
      permissionIds: button.id,
      lastpermissionIds: '',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(
      await eventually(async () => (await call(b, user, 'POST', '/gysgl/supplier/add', supplier)).statusCode === 200),
    ).toBe(true);
    expect(await eventually(() => stream.text().includes('event: permissions'))).toBe(true);
    stream.close();
  });

  it('a revoke on one instance is enforced by the other on the very next request, 20 times out of 20', async () => {
    const adminToken = await login(a, 'admin');
    const user = await login(b, 'zhangsan');
    const supplier = { code: 'MULTI20', name: '多实例撤销' };
    const db = databases[0].db;
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, 'user'));
    const [button] = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(eq(permissions.perms, PERM.supplier.add), eq(permissions.menuType, 2)));
    const probe = async () => (await call(b, user, 'POST', '/gysgl/supplier/add', supplier)).statusCode;
    let stale = 0;
    for (let i = 0; i < 20; i++) {
      expect(
        (
          await call(a, adminToken, 'POST', '/sys/permission/saveRolePermission', {
            roleId: role.id,
            permissionIds: button.id,
            lastpermissionIds: '',
          })
        ).statusCode,
      ).toBe(200);
      // B caches the grant (its answer is 200, or 400 for the duplicate code: past the guard either way).
      expect(await probe()).not.toBe(403);
      expect(
        (
          await call(a, adminToken, 'POST', '/sys/permission/saveRolePermission', {
            roleId: role.id,
            permissionIds: '',
            lastpermissionIds: button.id,
          })
        ).statusCode,
      ).toBe(200);
      if ((await probe()) !== 403) stale++;
    }
    expect(stale).toBe(0);
  });

  it('a grant removed without any notification (lost in a gap) is still enforced on the next request', async () => {
    const adminToken = await login(a, 'admin');
    const user = await login(b, 'zhangsan');
    const db = databases[0].db;
    const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, 'user'));
    const [button] = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(eq(permissions.perms, PERM.supplier.add), eq(permissions.menuType, 2)));
    expect(
      (
        await call(a, adminToken, 'POST', '/sys/permission/saveRolePermission', {
          roleId: role.id,
          permissionIds: button.id,
          lastpermissionIds: '',
        })
      ).statusCode,
    ).toBe(200);
    const probe = async () =>
      (await call(b, user, 'POST', '/gysgl/supplier/add', { code: 'MULTIGAP', name: '通知丢失' })).statusCode;
    expect(await probe()).not.toBe(403);
    // Straight in the database: no instance publishes anything, as when the event was lost.
    await db
      .delete(rolePermissions)
      .where(and(eq(rolePermissions.roleId, role.id), eq(rolePermissions.permissionId, button.id)));
    expect(await probe()).toBe(403);
  });

  it("data rules chosen on one instance narrow the other instance's cached list at once; lifting them widens it again", async () => {
    const adminToken = await login(a, 'admin');
    const lisi = await login(b, 'lisi');
    const rules = dataRuleKit(databases[0].db, (method, url, payload) => call(a, adminToken, method, url, payload));
    const total = async () => (await call(b, lisi, 'GET', '/gysgl/supplier/list')).json().result.total as number;
    const all = await total();
    expect(all).toBeGreaterThan(1);
    const [menu, lab] = await Promise.all([rules.menuId('/gysgl/supplier'), rules.roleId('lab')]);
    await rules.chooseRules(menu, lab, [
      await rules.addRule(menu, { ruleColumn: 'code', ruleConditions: '=', ruleValue: 'GYS0001' }),
    ]);
    expect(await eventually(async () => (await total()) === 1)).toBe(true);
    await rules.chooseRules(menu, lab, []);
    expect(await eventually(async () => (await total()) === all)).toBe(true);
  });

  it('an announcement published on one instance is pushed to a page connected to the other', async () => {
    const adminToken = await login(a, 'admin');
    const user = await login(b, 'zhangsan');
    const stream = await openStream(b, user);
    expect(await eventually(() => stream.text().includes('event: ready'))).toBe(true);
    const id = (
      await call(a, adminToken, 'POST', '/sys/annountCement/add', {
        titile: '多实例通告',
        msgCategory: '1',
        msgType: 'ALL',
        msgContent: '<p>x</p>',
      })
    ).json().result as string;
    expect((await call(a, adminToken, 'GET', `/sys/annountCement/doReleaseData?id=${id}`)).statusCode).toBe(200);
    expect(await eventually(() => stream.text().includes(`"id":"${id}"`))).toBe(true);
    expect(stream.text()).toContain('event: announcement');
    stream.close();
    const bell = await call(b, user, 'GET', '/sys/annountCement/listByUser');
    expect(bell.body).toContain(id);
  });

  it('sign-in failures count on both: a lock reached half through each, the same for an unknown name as for a real one', async () => {
    const sequence = async (username: string, ip: string) => {
      const out: [number, string][] = [];
      for (let i = 0; i < 7; i++) {
        const res = await [a, b][i % 2].inject({
          method: 'POST',
          url: '/api/sys/login',
          payload: { username, password: `Wrong${i}pass` },
          remoteAddress: ip,
        });
        out.push([res.statusCode, res.json().message]);
      }
      return out;
    };
    const real = await sequence('zhangsan', '10.20.0.1');
    const unknown = await sequence('nobody-multi', '10.20.0.2');
    expect(real.map(([s]) => s)).toEqual([401, 401, 401, 401, 423, 423, 423]);
    expect(unknown).toEqual(real);
    // The lock holds on both instances, for the right password too; another address is not affected.
    for (const app of [a, b]) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/sys/login',
        payload: { username: 'zhangsan', password: DEMO_PASSWORD },
        remoteAddress: '10.20.0.1',
      });
      expect(res.statusCode).toBe(423);
    }
    expect(
      (
        await b.inject({
          method: 'POST',
          url: '/api/sys/login',
          payload: { username: 'zhangsan', password: DEMO_PASSWORD },
          remoteAddress: '10.20.0.9',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('the SMS and registration limits of an address are one budget for both instances', async () => {
    const post = (app: FastifyInstance, url: string, payload: object) =>
      app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: '10.21.0.1' });
    for (let i = 0; i < 4; i++)
      expect((await post([a, b][i % 2], '/sys/sms', { mobile: `1370000000${i}`, smsmode: '0' })).statusCode).toBe(200);
    for (const app of [a, b])
      expect((await post(app, '/sys/sms', { mobile: '13700000009', smsmode: '0' })).statusCode).toBe(429);
    const reg = (app: FastifyInstance, n: number) =>
      post(app, '/sys/user/register', {
        username: `multireg${n}`,
        realname: '多实例',
        password: 'Abcdefg1',
        confirmpassword: 'Abcdefg1',
      });
    expect((await reg(a, 1)).statusCode).toBe(200);
    expect((await reg(b, 2)).statusCode).toBe(200);
    const third = await reg(a, 3);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('注册请求过于频繁，请 60 分钟后再试');
  });
});
