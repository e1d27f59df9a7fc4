import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { api, apiLogin } from '../support/app';
import { startServer, type TestServer } from '../support/server';

/**
 * Every file's server starts on a copy of the run's seeded PGlite directory (support/global-setup.ts): what
 * one file's server writes never reaches another's, nor the directory the next files copy.
 */

const seeded = inject('seededDataDir');
let first: TestServer;
let second: TestServer;

/** Every file below `dir` with its size and modification time. */
function listing(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => {
      const s = statSync(path.join(dir, name));
      return s.isFile() ? `${name} ${s.size} ${s.mtimeMs}` : '';
    })
    .filter(Boolean)
    .sort();
}

beforeAll(async () => {
  [first, second] = await Promise.all([startServer(), startServer()]);
});

afterAll(async () => {
  await Promise.all([first?.stop(), second?.stop()]);
});

it.skipIf(!seeded)('two servers on copies of the seeded directory keep their writes and sessions apart', async () => {
  const before = listing(seeded!);
  const token = await apiLogin(first.baseUrl, 'admin');
  const added = await api(first.baseUrl, token, 'POST', '/sys/dict/add', {
    dictName: '副本隔离',
    dictCode: 'seeded_copy_probe',
    description: '',
  });
  expect(added.body.message).toBe('添加成功！');

  const find = async (server: TestServer, serverToken: string) =>
    (
      await api<{ records: { dictCode: string }[] }>(
        server.baseUrl,
        serverToken,
        'GET',
        '/sys/dict/list?dictCode=seeded_copy_probe',
      )
    ).body.result.records.map((r) => r.dictCode);
  expect(await find(first, token)).toEqual(['seeded_copy_probe']);

  // The first server's session is its own: the second does not know the token.
  expect((await api(second.baseUrl, token, 'GET', '/sys/dict/list')).status).toBe(401);
  expect(await find(second, await apiLogin(second.baseUrl, 'admin'))).toEqual([]);

  // The directory the next files copy is as the run's first server left it.
  expect(listing(seeded!)).toEqual(before);
});
