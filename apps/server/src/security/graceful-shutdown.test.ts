import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PG_ADMIN_URL, TEST_DB_KIND } from '../../test/test-database';
import { fileUpload } from '../platform/files/multipart.fixture';
import { PNG } from './sample-data';
import { killServer, signIn, startServer, type ServerProcess } from './server-process';

/**
 * SIGTERM during load, against the real server process (in-memory PGlite, or a fresh PostgreSQL
 * database with TEST_DB=postgres): requests the server
 * is working on finish with their answer, nothing answers 5xx or a cut-off body, the process exits 0.
 */
let server: ServerProcess;
let token: string;
let dropDatabase: (() => Promise<void>) | undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lims-sigterm-'));
beforeAll(async () => {
  let databaseUrl = 'memory://';
  if (TEST_DB_KIND === 'postgres') {
    const name = `lims_sigterm_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(sql).finally(() => c.end());
    };
    await admin(`CREATE DATABASE ${name}`);
    dropDatabase = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const url = new URL(PG_ADMIN_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
  }
  server = await startServer({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: dataDir });
  token = await signIn(server.url);
}, 180_000);
afterAll(async () => {
  await killServer(server);
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

type Outcome = { status: number; body: string } | { error: string };

/** The status and text of an answer, or the error that cut it off. */
function readOutcome(res: http.IncomingMessage, resolve: (o: Outcome) => void): void {
  let text = '';
  res.setEncoding('utf8');
  res.on('data', (c: string) => (text += c));
  res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
  res.on('error', (e) => resolve({ error: e.message }));
}

/**
 * Sends the headers with `Expect: 100-continue`, waits for the server's "100 Continue" (so the
 * request is certainly being processed), calls `between`, then sends the body.
 */
function twoPhase(
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer,
  between: Promise<void>,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = http.request(
      `${server.url}${path}`,
      {
        method,
        agent: false,
        headers: { ...headers, 'x-access-token': token, expect: '100-continue', 'content-length': String(body.length) },
      },
      (res) => readOutcome(res, resolve),
    );
    req.on('error', (e) => resolve({ error: e.message }));
    req.on('continue', () => void between.then(() => req.end(body)));
  });
}

const continued: Promise<void>[] = [];
function inFlight(method: string, path: string, headers: Record<string, string>, body: Buffer, release: Promise<void>) {
  let markContinued!: () => void;
  continued.push(new Promise((r) => (markContinued = r)));
  return twoPhase(
    method,
    path,
    headers,
    body,
    new Promise<void>((r) => {
      markContinued();
      void release.then(r);
    }),
  );
}

describe(`graceful shutdown on SIGTERM (real process, ${TEST_DB_KIND})`, () => {
  it('finishes in-flight requests during load, refuses none with 5xx, and exits 0', async () => {
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const json = { 'content-type': 'application/json' };
    const slow: Promise<Outcome>[] = [];
    for (let i = 0; i < 8; i++) {
      slow.push(
        inFlight(
          'POST',
          '/api/gysgl/supplier/add',
          json,
          Buffer.from(JSON.stringify({ code: `SIGTERM${i}`, name: `关机中${i}` })),
          released,
        ),
      );
      const up = fileUpload(`关机${i}.png`, PNG);
      slow.push(inFlight('POST', '/api/sys/common/upload', up.headers, up.payload, released));
    }
    await Promise.all(continued);

    // Background load: 16 keep-alive loops reading a list page.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    let stopLoad = false;
    let sigtermAt = Infinity;
    const load: { startedAt: number; outcome: Outcome }[] = [];
    const get = () =>
      new Promise<Outcome>((resolve) => {
        const req = http.get(
          `${server.url}/api/sys/user/list?pageSize=20`,
          { agent, headers: { 'x-access-token': token } },
          (res) => readOutcome(res, resolve),
        );
        req.on('error', (e) => resolve({ error: e.message }));
      });
    let loopsEnded = 0;
    const loops = Array.from({ length: 16 }, async () => {
      while (!stopLoad) {
        const startedAt = performance.now();
        const outcome = await get();
        load.push({ startedAt, outcome });
        if ('error' in outcome) break;
      }
      loopsEnded++;
    });
    // The load is running: every loop has had a few answers.
    await vi.waitFor(() => expect(load.length).toBeGreaterThanOrEqual(16 * 3), { timeout: 60_000, interval: 20 });

    sigtermAt = performance.now();
    server.child.kill('SIGTERM');
    // The server has taken the signal in: a request begun after it has its outcome, or the load has stopped.
    await vi.waitFor(() => expect(loopsEnded === 16 || load.some((l) => l.startedAt > sigtermAt)).toBe(true), {
      timeout: 30_000,
      interval: 10,
    });
    release();
    const slowOutcomes = await Promise.all(slow);
    const code = await Promise.race([server.exited, new Promise((r) => setTimeout(() => r('timeout'), 25_000))]);
    stopLoad = true;
    await Promise.all(loops);
    agent.destroy();

    // Every request the server had begun (it answered "100 Continue") got its full answer.
    for (const o of slowOutcomes) {
      expect('status' in o ? o.status : o.error).toBe(200);
      if ('status' in o) expect(JSON.parse(o.body)).toMatchObject({ success: true });
    }
    // Under load: an answer is whole (200, the envelope) or there is none at all: a keep-alive
    // connection whose next request the server had not begun to read is closed (ECONNRESET; the
    // request was not processed, a client may retry it), and after SIGTERM new connections are
    // refused. Never a 5xx, never a cut-off body.
    const before = load.filter((l) => l.startedAt < sigtermAt);
    const answered = before.filter((l) => 'status' in l.outcome).length;
    expect(before.length).toBeGreaterThan(16);
    // At most the one request each loop had on the wire at the close goes unanswered.
    expect(before.length - answered, `${answered} of ${before.length} answered`).toBeLessThanOrEqual(16);
    for (const l of load) {
      if ('status' in l.outcome) {
        expect(l.outcome.status).toBe(200);
        expect(JSON.parse(l.outcome.body)).toMatchObject({ success: true });
      } else {
        expect(l.outcome.error).toMatch(/ECONNREFUSED|ECONNRESET|socket hang up|EPIPE/);
      }
    }
    expect(code).toBe(0);
  }, 120_000);
});
