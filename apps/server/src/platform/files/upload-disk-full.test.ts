import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TEST_DB } from '../../../test/build-test-app';
import { openTestDatabase } from '../../../test/test-database';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { DEMO_PASSWORD } from '../../db/seed';
import { fileUpload } from './multipart.fixture';
import { AppError } from '../reply';
import { storageError } from './file-store';
import { localFileStorage } from './storage';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A staging write that fails like a full disk (ENOSPC) on its first chunk. */
function fullDisk(): Writable {
  return new Writable({
    write(_chunk, _enc, done) {
      done(
        Object.assign(new Error('ENOSPC: no space left on device, write'), {
          code: 'ENOSPC',
          errno: -28,
          syscall: 'write',
        }),
      );
    },
  });
}

let database: Database;
let app: FastifyInstance;
let dataDir: string;
let port: number;
let token: string;
/** The disk is full while this is true. */
let diskFull = true;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'lims-enospc-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, FILE_STORAGE: 'local' });
  database = await openTestDatabase({ seeded: true });
  const fileStorage = localFileStorage(config.uploadDir, {
    createStagingStream: (file) => (diskFull ? fullDisk() : createWriteStream(file, { flags: 'wx', mode: 0o600 })),
  });
  app = await buildApp(config, database, { logger: false, fileStorage });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  const login = await app.inject({
    method: 'POST',
    url: '/api/sys/login',
    payload: { username: 'admin', password: DEMO_PASSWORD },
  });
  token = login.json().result.token;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; json: { message: string; success: boolean }; socket: unknown };

/** POSTs an upload on the agent's (single, kept-alive) connection; fails after 10 s instead of hanging. */
function post(agent: http.Agent, body: { payload: Buffer; headers: Record<string, string> }): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/sys/common/upload?biz=avatar',
        agent,
        headers: { ...body.headers, 'content-length': String(body.payload.length), 'x-access-token': token },
        timeout: 10_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            json: JSON.parse(Buffer.concat(chunks).toString()),
            socket: req.socket,
          }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('no answer within 10 s: the connection hangs')));
    req.on('error', reject);
    req.end(body.payload);
  });
}

describe(`an upload that meets a full disk (${TEST_DB})`, () => {
  it('answers 507 with a clear message; the next upload on the same kept-alive connection works; shutdown is quick', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // 2 MB: most of the body is still on the wire when the first write fails.
      const big = fileUpload('big.png', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
      const failed = await post(agent, big);
      expect(failed.status).toBe(507);
      expect(failed.json).toMatchObject({ success: false, message: '服务器存储空间不足，请联系管理员' });

      diskFull = false;
      const next = await post(agent, fileUpload('small.png', PNG));
      expect(next.status).toBe(200);
      expect(next.json.success).toBe(true);
      expect(next.socket).toBe(failed.socket);
    } finally {
      agent.destroy();
    }
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('which storage failures are a full disk', () => {
  it('maps ENOSPC, EDQUOT and PostgreSQL disk_full (53100, as drizzle wraps it) to 507, nothing else', () => {
    for (const err of [{ code: 'ENOSPC' }, { code: 'EDQUOT' }, { message: 'Failed query', cause: { code: '53100' } }]) {
      const mapped = storageError(Object.assign(new Error('x'), err));
      expect(mapped).toBeInstanceOf(AppError);
      expect(mapped).toMatchObject({ status: 507, message: '服务器存储空间不足，请联系管理员' });
    }
    const other = Object.assign(new Error('x'), { code: 'EACCES' });
    expect(storageError(other)).toBe(other);
  });
});
