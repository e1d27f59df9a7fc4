import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PG_ADMIN_URL, TEST_DB_KIND } from '../../test/test-database';
import { multipartBody } from '../platform/files/multipart.fixture';
import { killServer, signIn, startServer, type ServerProcess } from './server-process';

/**
 * kill -9 of the real server during a large import and a burst of writes, then a restart on the
 * same storage: every acknowledged write is there, the interrupted import left no rows, the
 * database opens and works. On a file-backed PGlite DATA_DIR (TEST_DB=pglite) or on PostgreSQL
 * (TEST_DB=postgres), like the other API tests.
 */
const IMPORT_ROWS = 10_000;
const BURST_LOOPS = 24;
const report: string[] = [];
const running: ServerProcess[] = [];
const dirs: string[] = [];
const pgDatabases: string[] = [];

async function pgAdmin(sql: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query(sql);
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
}

afterAll(async () => {
  for (const s of running) await killServer(s);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
  for (const name of pgDatabases) await pgAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  console.log(report.join('\n'));
});

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const s = await startServer({ NODE_ENV: 'test', ...env });
  running.push(s);
  return s;
}

async function api(
  url: string,
  token: string,
  method: string,
  p: string,
  body?: unknown,
): Promise<{ status: number; json: { success: boolean; result: unknown } }> {
  const res = await fetch(`${url}/api${p}`, {
    method,
    headers: { 'x-access-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as { success: boolean; result: unknown } };
}

/** Every supplier code starting with `prefix` (paged through the list API). */
async function codes(url: string, token: string, prefix: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (let page = 1; ; page++) {
    const res = await api(
      url,
      token,
      'GET',
      `/gysgl/supplier/list?code=${encodeURIComponent(`${prefix}*`)}&pageSize=500&pageNo=${page}&field=code`,
    );
    const { records, total } = res.json.result as { records: { code: string }[]; total: number };
    for (const r of records) found.add(r.code);
    if (records.length === 0 || found.size >= total) return found;
  }
}

/** Posts the CSV import; resolves 'sent' once the whole body is on the wire, and the answer (or the error) later. */
function startImport(url: string, token: string, csv: Buffer) {
  const body = multipartBody([{ name: 'file', filename: '供应商.csv', content: csv, contentType: 'text/csv' }]);
  let sent!: () => void;
  const onSent = new Promise<void>((r) => (sent = r));
  const answer = new Promise<string>((resolve) => {
    const req = http.request(
      `${url}/api/gysgl/supplier/importExcel`,
      { method: 'POST', agent: false, headers: { ...body.headers, 'x-access-token': token } },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve(`answered ${res.statusCode} ${text.slice(0, 100)}`));
        res.on('error', (e) => resolve(`error ${e.message}`));
      },
    );
    req.on('error', (e) => resolve(`error ${e.message}`));
    req.end(body.payload, () => sent());
  });
  return { onSent, answer };
}

async function crashAndRecover(kind: string, env: Record<string, string>) {
  const first = await start(env);
  const token = await signIn(first.url);
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const csv = Buffer.from(
    ['供应商编码,供应商名称', ...Array.from({ length: IMPORT_ROWS }, (_, i) => `IMP${tag}-${i},导入供应商${i}`)].join(
      '\n',
    ),
  );

  // The burst: loops adding suppliers; an acknowledgement is a 200 with success.
  const acked: string[] = [];
  let attempted = 0;
  let crashed = false;
  const loops = Array.from({ length: BURST_LOOPS }, async (_, l) => {
    for (let i = 0; !crashed; i++) {
      const code = `CR${tag}-${l}-${i}`;
      attempted++;
      try {
        const res = await api(first.url, token, 'POST', '/gysgl/supplier/add', { code, name: `崩溃测试${l}-${i}` });
        if (res.status === 200 && res.json.success) acked.push(code);
      } catch {
        return;
      }
    }
  });
  // The burst is under way once a good number of writes were acknowledged.
  await vi.waitFor(() => expect(acked.length).toBeGreaterThan(20), { timeout: 120_000, interval: 20 });
  const imp = startImport(first.url, token, csv);
  await imp.onSent;
  // The server has read the import's body once it acknowledged more writes after it.
  const before = acked.length;
  await vi.waitFor(() => expect(acked.length).toBeGreaterThan(before + BURST_LOOPS), { timeout: 60_000, interval: 5 });
  first.child.kill('SIGKILL');
  crashed = true;
  await first.exited;
  await Promise.all(loops);
  const importOutcome = await imp.answer;

  // Restart on the same storage: it must open, migrate and serve.
  const t0 = performance.now();
  const second = await start(env);
  const restartMs = Math.round(performance.now() - t0);
  const token2 = await signIn(second.url);
  const found = await codes(second.url, token2, `CR${tag}-`);
  const lost = acked.filter((c) => !found.has(c));
  const imported = (await codes(second.url, token2, `IMP${tag}-`)).size;
  const after = await api(second.url, token2, 'POST', '/gysgl/supplier/add', {
    code: `AFTER${tag}`,
    name: '重启后写入',
  });
  report.push(
    `[crash ${kind}] writes attempted ${attempted}, acknowledged ${acked.length}, found after restart ${found.size}, rows lost ${lost.length}; ` +
      `import of ${IMPORT_ROWS} rows ${importOutcome.startsWith('answered') ? 'had answered' : 'was interrupted'} → ${imported} rows after restart; restart ${restartMs} ms`,
  );
  second.child.kill('SIGTERM');
  expect(await second.exited).toBe(0);

  expect(acked.length).toBeGreaterThan(10);
  expect(lost).toEqual([]);
  expect(importOutcome, 'the import must still be running when the process is killed').toMatch(/^error/);
  expect(imported).toBe(0);
  expect(after.status).toBe(200);
}

describe('kill -9 during writes and an import, then restart', () => {
  it.runIf(TEST_DB_KIND === 'pglite')(
    'PGlite in a DATA_DIR: no acknowledged write lost, no partial import, opens cleanly',
    async () => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'lims-crash-'));
      dirs.push(dir);
      await crashAndRecover('pglite', { DATA_DIR: dir });
    },
    300_000,
  );

  it.runIf(TEST_DB_KIND === 'postgres')(
    'PostgreSQL: no acknowledged write lost, no partial import, opens cleanly',
    async () => {
      const name = `lims_crash_${process.pid}_${randomBytes(3).toString('hex')}`;
      expect(await pgAdmin(`CREATE DATABASE ${name}`)).toBe(true);
      pgDatabases.push(name);
      const url = new URL(PG_ADMIN_URL);
      url.pathname = `/${name}`;
      const dir = mkdtempSync(path.join(os.tmpdir(), 'lims-crash-'));
      dirs.push(dir);
      await crashAndRecover('postgres', { DATABASE_URL: url.toString(), DATA_DIR: dir });
    },
    300_000,
  );
});
