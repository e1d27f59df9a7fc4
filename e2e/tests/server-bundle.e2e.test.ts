import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, apiLogin } from '../support/app';
import { startServer, type TestServer } from '../support/server';

/**
 * The server as `npm start` runs it (and as every browser test runs it): one bundle
 * (scripts/server-bundle.mjs) with the contracts inside, kept by their package's `sideEffects`. Hostile
 * input still gets the Chinese error map's message and changes nothing.
 */

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});

afterAll(async () => {
  await server?.stop();
});

it('the bundled server refuses a 300-character 字典名称 with the Chinese message and adds nothing', async () => {
  const token = await apiLogin(server.baseUrl, 'admin');
  const count = async () =>
    (await api<{ total: number }>(server.baseUrl, token, 'GET', '/sys/dict/list')).body.result.total;
  const before = await count();
  const res = await api(server.baseUrl, token, 'POST', '/sys/dict/add', {
    dictName: '名'.repeat(300),
    dictCode: 'bundle_probe',
  });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('dictName: 长度不能超过 100 个字符');
  expect(await count()).toBe(before);
});

it('two bundled servers on one PostgreSQL: a write through one is read through the other, a sign-out on one ends the session on both', async () => {
  const first = await startServer({}, { postgres: true });
  try {
    const second = await startServer({ DATABASE_URL: first.databaseUrl! });
    try {
      const token = await apiLogin(first.baseUrl, 'admin');
      const listed = async (base: string) =>
        (await api<{ total: number }>(base, token, 'GET', '/sys/dict/list?dictCode=*bundle_two*')).body.result.total;
      expect(await listed(second.baseUrl)).toBe(0);
      const added = await api(first.baseUrl, token, 'POST', '/sys/dict/add', {
        dictName: '两台服务',
        dictCode: 'bundle_two',
      });
      expect(added.body.success).toBe(true);
      expect(await listed(second.baseUrl)).toBe(1);

      expect((await api(second.baseUrl, token, 'POST', '/sys/logout')).body.success).toBe(true);
      const after = await api(first.baseUrl, token, 'GET', '/sys/dict/list');
      expect(after.status).toBe(401);
    } finally {
      await second.stop();
    }
  } finally {
    await first.stop();
  }
});
