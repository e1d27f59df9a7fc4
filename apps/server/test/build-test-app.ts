import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type AppConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { DEMO_PASSWORD } from '../src/db/seed';
import { openTestDatabase, TEST_DB_KIND } from './test-database';

/** Which database the API tests run on (TEST_DB=postgres or pglite). */
export const TEST_DB = TEST_DB_KIND;

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** Logs in through the API and returns the token. */
  login(username: string, password?: string): Promise<string>;
  /** inject() with the token header set; resolves once the request's operation-log entry is written too. */
  as(token: string, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
};

export async function buildTestApp(env: Record<string, string> = {}, opts: BuildOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lims-test-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env });
  const database = await openTestDatabase({ timeZone: config.timeZone, seeded: true });
  const app = await buildApp(config, database, { logger: false, ...opts });
  await app.ready();

  return {
    app,
    database,
    config,
    async login(username, password = DEMO_PASSWORD) {
      const res = await app.inject({
        method: 'POST',
        url: `${config.apiBase}/sys/login`,
        payload: { username, password },
      });
      const body = res.json();
      if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${body.message}`);
      return body.result.token as string;
    },
    async as(token, opts) {
      const res = await app.inject({ ...opts, headers: { ...(opts.headers ?? {}), 'x-access-token': token } });
      // The entry is written after the answer went out: a test that reads the log next must find it.
      await app.operationLogsWritten();
      return res;
    },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
