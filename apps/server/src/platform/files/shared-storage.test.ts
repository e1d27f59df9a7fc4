import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DB } from '../../../test/build-test-app';
import { createPgTestDatabase, openTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { openDatabase, type Database } from '../../db/client';
import { fileContents, projects } from '../../db/schema';
import { DEMO_PASSWORD, seedDatabase } from '../../db/seed';
import { fileUpload } from './multipart.fixture';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Two server processes behind a load balancer: two apps on one database, each with its own data
 * folder (its own disk). On PostgreSQL each has its own connection pool, as two machines would.
 */
type Instance = { app: FastifyInstance; dataDir: string };
const databases: Database[] = [];
let dropDatabase: (() => Promise<void>) | undefined;
let a: Instance;
let b: Instance;
let token: string;

async function instance(database: Database, env: Record<string, string> = {}): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lims-shared-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  return { app, dataDir };
}

async function sharedDatabases(): Promise<[Database, Database]> {
  if (TEST_DB === 'pglite') {
    const one = await openTestDatabase({ seeded: true });
    databases.push(one);
    return [one, one];
  }
  const fresh = await createPgTestDatabase('lims_shared');
  dropDatabase = fresh.drop;
  const first = await openDatabase({ databaseUrl: fresh.url, timeZone: 'Asia/Shanghai', poolSize: 4 });
  databases.push(first);
  await seedDatabase(first.db, { production: false });
  const second = await openDatabase({ databaseUrl: fresh.url, timeZone: 'Asia/Shanghai', poolSize: 4 });
  databases.push(second);
  return [first, second];
}

const call = async (on: Instance, opts: InjectOptions) => {
  const res = await on.app.inject({ ...opts, headers: { ...(opts.headers ?? {}), 'x-access-token': token } });
  await on.app.operationLogsWritten();
  return res;
};
const upload = (on: Instance, url: string, name: string, content: Buffer) => {
  const body = fileUpload(name, content);
  return call(on, { method: 'POST', url, payload: body.payload, headers: body.headers });
};

beforeAll(async () => {
  const [first, second] = await sharedDatabases();
  // The database driver: what `auto` picks on PostgreSQL; set explicitly so PGlite runs the same test.
  a = await instance(first, { FILE_STORAGE: 'database' });
  b = await instance(second, { FILE_STORAGE: 'database' });
  const login = await a.app.inject({
    method: 'POST',
    url: '/api/sys/login',
    payload: { username: 'admin', password: DEMO_PASSWORD },
  });
  token = login.json().result.token;
});
afterAll(async () => {
  for (const x of [a, b]) {
    await x?.app.close();
    if (x) rmSync(x.dataDir, { recursive: true, force: true });
  }
  for (const d of new Set(databases)) await d.close();
  await dropDatabase?.();
});

describe(`file storage shared by every process (${TEST_DB})`, () => {
  it('still serves and deletes a file an instance stored on its own disk before the database driver', async () => {
    const image = (await upload(a, '/api/sys/common/upload?biz=avatar', '旧头像.png', PNG)).json().result;
    // As a local-storage installation left it: the bytes on A's disk only.
    await databases[0].db.delete(fileContents).where(eq(fileContents.storagePath, image.filePath));
    const onDisk = path.join(a.dataDir, 'uploads', image.filePath);
    mkdirSync(path.dirname(onDisk), { recursive: true });
    writeFileSync(onDisk, PNG);
    const shown = await call(a, { method: 'GET', url: `/api/sys/common/static/${image.filePath}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(PNG)).toBe(true);
    await a.app.fileStorage.remove([image.filePath]);
    expect(existsSync(onDisk)).toBe(false);
  });

  it('uses the database on PostgreSQL and the local disk on PGlite by default', async () => {
    const t = await buildTestApp();
    try {
      expect(t.app.fileStorage.kind).toBe(TEST_DB === 'postgres' ? 'database' : 'local');
    } finally {
      await t.close();
    }
  });

  it('serves through one instance what was uploaded through the other, and a delete through one removes it for both', async () => {
    const [project] = await databases[0].db.select({ id: projects.id }).from(projects).limit(1);
    const up = await upload(a, `/api/fj/xmfj/upload?projectId=${project.id}`, '报告.pdf', PDF);
    expect(up.statusCode, up.body).toBe(200);
    const att = up.json().result;
    const download = (on: Instance) =>
      call(on, { method: 'GET', url: `/api/fj/xmfj/downloadFile?filePath=${encodeURIComponent(att.filePath)}` });
    const fromB = await download(b);
    expect(fromB.statusCode, fromB.body).toBe(200);
    expect(fromB.rawPayload.equals(PDF)).toBe(true);
    expect(
      (await call(b, { method: 'GET', url: `/api/sys/common/download/${att.filePath}` })).rawPayload.equals(PDF),
    ).toBe(true);

    const image = (await upload(b, '/api/sys/common/upload?biz=avatar', '头像.png', PNG)).json().result;
    const shown = await a.app.inject({ method: 'GET', url: image.url });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.equals(PNG)).toBe(true);

    expect((await call(b, { method: 'DELETE', url: `/api/fj/xmfj/delete?id=${att.id}` })).statusCode).toBe(200);
    for (const on of [a, b]) {
      const gone = await download(on);
      expect(gone.statusCode).toBe(404);
      expect(await on.app.fileStorage.has(att.filePath)).toBe(false);
    }
  });
});
