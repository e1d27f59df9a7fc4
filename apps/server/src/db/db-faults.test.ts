import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND } from '../../test/test-database';
import { eventually } from '../../test/eventually';
import { hasInitdb, startOwnPostgres, type OwnPostgres } from '../../test/own-postgres';
import { killServer, signIn, startServer, type ServerProcess } from '../security/server-process';

/**
 * The real server on a PostgreSQL of the test's own, which the test stops, freezes and cuts off:
 * the process must stay up, answer 503 with Retry-After (never hang) while the database is away,
 * and recover by itself. Runs in the PostgreSQL pass, when initdb is installed.
 */
let own: OwnPostgres | undefined;
let server: ServerProcess | undefined;
let token = '';

/** Polls until `probe` is true, for at most `ms`. */
const get = (path: string) =>
  fetch(`${server!.url}/api${path}`, { headers: { 'x-access-token': token }, signal: AbortSignal.timeout(20_000) });
const alive = () => server!.child.exitCode === null && server!.child.signalCode === null;

describe.skipIf(TEST_DB_KIND !== 'postgres' || !hasInitdb)('database faults (own PostgreSQL cluster)', () => {
  beforeAll(async () => {
    own = await startOwnPostgres();
    own.createDatabase('lims');
    server = await startServer({
      DATABASE_URL: own.url('lims'),
      NODE_ENV: 'development',
      DB_STATEMENT_TIMEOUT_MS: '1000',
      DB_CONNECT_TIMEOUT_MS: '1000',
    });
    token = await signIn(server.url);
  }, 180_000);
  afterAll(async () => {
    await killServer(server);
    own?.destroy();
  });

  it('a stopped database: 503 with Retry-After and the Chinese message, the process stays up, and answers again once it is back', async () => {
    expect((await get('/sys/user/list')).status).toBe(200);
    own!.stop('fast');
    // Longer than the 2.2 s outage that used to end the process.
    const until = Date.now() + 3_000;
    do {
      const started = Date.now();
      const res = await get('/sys/user/list');
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toMatchObject({ success: false, code: 503, message: '数据库暂时不可用，请稍后重试' });
      await new Promise((r) => setTimeout(r, 250));
    } while (Date.now() < until);
    expect((await get('/health')).status).toBe(200);
    expect((await get('/ready')).status).toBe(503);
    expect(alive()).toBe(true);
    own!.start();
    const back = Date.now();
    expect(await eventually(async () => (await get('/sys/user/list')).status === 200, 10_000)).toBe(true);
    expect(Date.now() - back).toBeLessThan(10_000);
    expect((await get('/ready')).status).toBe(200);
    expect(alive()).toBe(true);
  }, 60_000);

  it('a hung database (every process SIGSTOPped) answers 503 within the timeouts instead of hanging, and recovers', async () => {
    expect((await get('/sys/user/list')).status).toBe(200);
    own!.freeze();
    try {
      const started = Date.now();
      const res = await get('/sys/user/list');
      // Statement timeout 1 s: the client gives up 1 s later on a pooled connection; a new one gets 1 s to connect.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect((await get('/health')).status).toBe(200);
      const ready = Date.now();
      expect((await get('/ready')).status).toBe(503);
      expect(Date.now() - ready).toBeLessThan(4_000);
    } finally {
      own!.thaw();
    }
    expect(await eventually(async () => (await get('/sys/user/list')).status === 200, 15_000)).toBe(true);
    expect(alive()).toBe(true);
  }, 60_000);

  it('a statement running past the statement timeout is cancelled by the server: 503, not a hang', async () => {
    const client = new pg.Client({ connectionString: own!.url('lims') });
    await client.connect();
    try {
      // The dictionaries are read under an exclusive lock held elsewhere: the read waits, then is cancelled.
      await client.query('begin');
      await client.query('lock table dicts in access exclusive mode');
      const started = Date.now();
      const res = await get('/sys/dict/list');
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ message: '数据库暂时不可用，请稍后重试' });
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
    expect((await get('/sys/dict/list')).status).toBe(200);
  }, 60_000);

  it('the event connection reconnects after its backend is cut off, and open pages are told to reload what they may have missed', async () => {
    const controller = new AbortController();
    const res = await fetch(`${server!.url}/api/sys/annountCement/events`, {
      headers: { 'x-access-token': token },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    let text = '';
    const reader = res.body!.getReader();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        text += new TextDecoder().decode(value);
      }
    })();
    const client = new pg.Client({ connectionString: own!.url('lims') });
    await client.connect();
    try {
      expect(await eventually(async () => text.includes('event: ready'), 5_000)).toBe(true);
      const cut = await client.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = 'lims' and query ilike 'LISTEN%'`,
      );
      expect(cut.rowCount).toBeGreaterThan(0);
      expect(await eventually(async () => text.includes('"action":"resync"'), 10_000)).toBe(true);
      // And it listens again: a notification now reaches the page.
      const id = (
        (await (
          await fetch(`${server!.url}/api/sys/annountCement/add`, {
            method: 'POST',
            headers: { 'x-access-token': token, 'content-type': 'application/json' },
            body: JSON.stringify({ titile: '重连后通告', msgCategory: '1', msgType: 'ALL', msgContent: '<p>x</p>' }),
          })
        ).json()) as { result: string }
      ).result;
      expect((await get(`/sys/annountCement/doReleaseData?id=${id}`)).status).toBe(200);
      expect(await eventually(async () => text.includes(`"id":"${id}"`), 10_000)).toBe(true);
    } finally {
      controller.abort();
      await client.end();
    }
    expect(alive()).toBe(true);
  }, 60_000);
});
