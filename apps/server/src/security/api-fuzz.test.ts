import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';
import { authAttempts, users } from '../db/schema';
import type { ApiRoute } from '../plugins/auth';
import { memorySmsSender } from '../platform/sms-sender';
import { requestArb, type FuzzRequest } from './fuzz-arbitraries';
import type { SampleIds } from './route-samples';
import { prepareSamples } from './sample-data';

/**
 * Property-based fuzzing of every registered route's query, path and body, generated from the
 * route table: never a 500, always the envelope for JSON, no internals in any answer, and no
 * SQL payload that delays the answer (pg_sleep).
 * FUZZ_RUNS (default 20 per route) for a long run; FUZZ_SEED to replay; FUZZ_REPORT=1 prints per-route counts.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const INTERNALS = /\bat .+:\d+:\d+\)|node_modules|stack|drizzle|syntax error|relation "|column "|FST_ERR|pglite/i;

let t: TestApp;
let admin: string;
let ids: SampleIds;
let adminHash: string;
const stats = new Map<string, { tried: number; passed: number; statuses: Record<number, number> }>();

beforeAll(async () => {
  // High per-IP limits: the fuzzer signs in wrongly thousands of times (the limit itself has its own test).
  t = await buildTestApp(
    { LOGIN_IP_MAX_FAILURES: '1000000', SMS_IP_MAX_PER_HOUR: '1000000', REGISTER_IP_MAX_PER_HOUR: '1000000' },
    { smsSender: memorySmsSender() },
  );
  admin = await t.login('admin');
  ids = await prepareSamples(t, admin);
  adminHash = (await t.database.db.select().from(users).where(eq(users.username, 'admin')))[0].passwordHash;
});
afterAll(async () => {
  const all = [...stats.values()];
  const tried = all.reduce((s, x) => s + x.tried, 0);
  const passed = all.reduce((s, x) => s + x.passed, 0);
  console.log(
    `[fuzz ${TEST_DB}] ${stats.size} routes, ${tried} cases tried, ${passed} passed (runs per route ${RUNS}${SEED === undefined ? '' : `, seed ${SEED}`})`,
  );
  if (process.env.FUZZ_REPORT)
    for (const [route, s] of stats)
      console.log(`  ${route}: ${s.tried} tried, ${s.passed} passed, statuses ${JSON.stringify(s.statuses)}`);
  await t?.close();
});

/** Public sign-in routes are called without a token (a logout would end admin's session); the rest as admin. */
const anonymous = (r: ApiRoute) => r.access === 'public';
const fuzzed = () => t.app.routeTable.filter((r) => !r.url.endsWith('/annountCement/events'));

async function check(route: ApiRoute, req: FuzzRequest): Promise<void> {
  const key = `${route.method} ${route.url}`;
  const s = stats.get(key) ?? { tried: 0, passed: 0, statuses: {} };
  stats.set(key, s);
  s.tried++;
  const opts = { method: req.method as 'GET', url: req.url, payload: req.payload as string, headers: req.headers };
  const t0 = performance.now();
  const res = anonymous(route) ? await t.app.inject(opts) : await t.as(admin, opts);
  const ms = performance.now() - t0;
  s.statuses[res.statusCode] = (s.statuses[res.statusCode] ?? 0) + 1;
  const what = `${req.method} ${req.url.slice(0, 300)} ${JSON.stringify(req.payload ?? '').slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  // A pg_sleep(5) that reached SQL would hold the answer for five seconds.
  if (JSON.stringify(req).includes('pg_sleep')) expect(ms, `${what} took ${Math.round(ms)} ms`).toBeLessThan(4500);
  if (String(res.headers['content-type']).includes('json')) {
    const body = res.json();
    expect(Object.keys(body).sort(), what).toEqual(['code', 'message', 'result', 'success', 'timestamp']);
    if (!body.success) expect(body.message, what).toMatch(/[\u4e00-\u9fa5]/);
    expect(res.body, what).not.toMatch(INTERNALS);
  }
  s.passed++;
}

describe(`fuzzing every route's parameters (${TEST_DB})`, () => {
  it('has routes to fuzz', () => {
    expect(fuzzed().length).toBeGreaterThan(150);
  });

  it('never answers 500, always the envelope, across generated queries, paths and bodies', async () => {
    for (const route of fuzzed()) {
      await fc.assert(
        fc.asyncProperty(requestArb(route, ids), (req) => check(route, req)),
        { numRuns: RUNS, seed: SEED, endOnFailure: false },
      );
      // A logout or password change among the generated calls may have ended admin's session: sign in again.
      if ((await t.as(admin, { method: 'GET', url: '/api/sys/user/getCurrentUserDeparts' })).statusCode === 401) {
        await t.database.db
          .update(users)
          .set({ passwordHash: adminHash, failedLogins: 0, lockedUntil: null, status: 1, mustChangePassword: false })
          .where(eq(users.username, 'admin'));
        await t.database.db.delete(authAttempts).where(eq(authAttempts.account, 'admin'));
        admin = await t.login('admin');
      }
    }
    const tried = [...stats.values()].reduce((s, x) => s + x.tried, 0);
    expect(tried).toBeGreaterThanOrEqual(fuzzed().length * RUNS);
  }, 600_000);
});
