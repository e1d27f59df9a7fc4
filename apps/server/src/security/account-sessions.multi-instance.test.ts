import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DB_KIND, createPgTestDatabase, openTestDatabase } from '../../test/test-database';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { DEMO_PASSWORD, seedDatabase } from '../db/seed';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/**
 * 我的登录设备 with two server processes on one database (on PostgreSQL each with its own pool): a
 * session ended through one is refused by the other on its very next request — no process keeps
 * sessions of its own (platform/sessions.ts reads the session row on every request).
 */
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lims-account-'));
const dbs: Database[] = [];
let a: FastifyInstance;
let b: FastifyInstance;
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  if (TEST_DB_KIND === 'postgres') {
    const fresh = await createPgTestDatabase('lims_account');
    drop = fresh.drop;
    for (let i = 0; i < 2; i += 1)
      dbs.push(await openDatabase({ databaseUrl: fresh.url, timeZone: 'Asia/Shanghai', poolSize: 2 }));
    await seedDatabase(dbs[0].db, { production: false });
  } else {
    const shared = await openTestDatabase({ seeded: true });
    dbs.push(shared, shared);
  }
  [a, b] = await Promise.all(dbs.map((d) => buildApp(config, d, { logger: false })));
  await Promise.all([a.ready(), b.ready()]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  for (const d of new Set(dbs)) await d.close();
  await drop?.();
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
const call = (app: FastifyInstance, token: string, method: 'GET' | 'POST' | 'DELETE', url: string) =>
  app.inject({ method, url: `/api${url}`, headers: { 'x-access-token': token } });

describe(`我的登录设备 across two instances (${TEST_DB_KIND})`, () => {
  it('退出其他设备 on one instance: the other refuses the ended session on its next request', async () => {
    const keep = await login(a, 'lisi');
    const other = await login(b, 'lisi');
    // Both instances have just served the other session.
    expect((await call(a, other, 'GET', '/sys/account/profile')).statusCode).toBe(200);
    expect((await call(b, other, 'GET', '/sys/account/profile')).statusCode).toBe(200);
    const ended = await call(a, keep, 'POST', '/sys/account/sessions/revokeOthers');
    expect(ended.json().result.count).toBe(1);
    expect((await call(b, other, 'GET', '/sys/account/profile')).statusCode).toBe(401);
    expect((await call(a, other, 'GET', '/sys/account/profile')).statusCode).toBe(401);
    expect((await call(b, keep, 'GET', '/sys/account/profile')).statusCode).toBe(200);
  });

  it('下线 on one instance: the other refuses that session on its next request', async () => {
    const keep = await login(b, 'manager');
    const other = await login(a, 'manager');
    expect((await call(a, other, 'GET', '/sys/user/getCurrentUserDeparts')).statusCode).toBe(200);
    const list = (await call(b, keep, 'GET', '/sys/account/sessions')).json().result as Array<{
      id: string;
      current: boolean;
    }>;
    const target = list.find((s) => !s.current)!;
    expect((await call(b, keep, 'DELETE', `/sys/account/sessions/${target.id}`)).statusCode).toBe(200);
    expect((await call(a, other, 'GET', '/sys/user/getCurrentUserDeparts')).statusCode).toBe(401);
  });
});
