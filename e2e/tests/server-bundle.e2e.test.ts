import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, apiLogin } from '../support/app';
import { repoRoot, startServer, type TestServer } from '../support/server';

/**
 * The server as `npm start` runs it: one bundle (scripts/server-bundle.mjs) with the contracts inside,
 * kept by their package's `sideEffects`. Hostile input still gets the Chinese error map's message and
 * changes nothing.
 */

const outdir = path.join(repoRoot, 'apps/server/dist', `bundle-e2e-${process.pid}`);
let server: TestServer;

beforeAll(async () => {
  const built = spawnSync(
    process.execPath,
    ['-e', `import('./scripts/server-bundle.mjs').then((m) => m.bundleServer(${JSON.stringify(outdir)}))`],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (built.status !== 0) throw new Error(`bundle failed: ${built.stderr}`);
  server = await startServer({}, { script: path.join(outdir, 'server.mjs') });
});

afterAll(async () => {
  await server?.stop();
  rmSync(outdir, { recursive: true, force: true });
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
