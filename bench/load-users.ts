/**
 * 200 simulated users for 60 s against one server on PostgreSQL (issue 8): each signs in, then
 * loops over the menu, list pages with filters, the bell, dictionary options, add and edit of a
 * supplier and now and then an export, with a think time between clicks, signing in again from
 * time to time. Every non-2xx answer, `success: false`, network error or timeout is an error.
 * Reports latency percentiles per action and overall, and the server's memory over the run.
 *   npx tsx load-users.ts --users=200 --duration=60 --think=1000 --ramp=10 --rows=10000
 * Exit code 1 when there was any error or the memory kept growing.
 */
import { execSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { departs, roles, userDeparts, userRoles, users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/platform/passwords';
import { numberFlag, sleep } from './lib/args';
import { printTable } from './lib/load';
import { startServer } from './lib/server';
import { createStore, fillStore } from './lib/store';

const USERS = numberFlag('users', 200);
const SECONDS = numberFlag('duration', 60);
const THINK_MS = numberFlag('think', 1000);
const ROWS = numberFlag('rows', 10_000);
/** Users arrive spread over this many seconds (a login costs an argon2id hash: 200 at once is a storm, not a morning). */
const RAMP = numberFlag('ramp', 10);
const PASSWORD = 'Load@2026x';
const TIMEOUT_MS = 30_000;

type Sample = { action: string; at: number; ms: number; ok: boolean; detail?: string };
const samples: Sample[] = [];

/** Creates the simulated accounts (one shared hash, admin role, department A01) before the server starts. */
async function createAccounts(
  open: () => Promise<{ db: import('../apps/server/src/db/client').Db; close(): Promise<void> }>,
): Promise<string[]> {
  const database = await open();
  try {
    const hash = await hashPassword(PASSWORD);
    const names = Array.from({ length: USERS }, (_, i) => `load${String(i + 1).padStart(3, '0')}`);
    const created = await database.db
      .insert(users)
      .values(
        names.map((username) => ({
          username,
          realname: `压测${username.slice(4)}`,
          passwordHash: hash,
          orgCode: 'A01',
          createBy: 'bench',
        })),
      )
      .returning({ id: users.id });
    const [role] = await database.db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, 'admin'));
    const [depart] = await database.db.select({ id: departs.id }).from(departs).where(eq(departs.orgCode, 'A01'));
    await database.db.insert(userRoles).values(created.map((u) => ({ userId: u.id, roleId: role.id })));
    await database.db.insert(userDeparts).values(created.map((u) => ({ userId: u.id, depId: depart.id })));
    return names;
  } finally {
    await database.close();
  }
}

async function timed(action: string, url: string, init: RequestInit): Promise<{ ok: boolean; body: unknown }> {
  const t0 = performance.now();
  const at = t0;
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    const type = res.headers.get('content-type') ?? '';
    const body: unknown = type.includes('json') ? await res.json() : await res.arrayBuffer();
    const ok = res.ok && (!type.includes('json') || (body as { success?: boolean }).success === true);
    samples.push({
      action,
      at,
      ms: performance.now() - t0,
      ok,
      detail: ok ? undefined : `${res.status} ${JSON.stringify(body).slice(0, 160)}`,
    });
    return { ok, body };
  } catch (err) {
    samples.push({ action, at, ms: performance.now() - t0, ok: false, detail: (err as Error).message });
    return { ok: false, body: null };
  }
}

/** One simulated user: signs in, then clicks through the pages until the end. */
async function user(base: string, username: string, end: number, index: number): Promise<void> {
  const api = `${base}/api`;
  const json = { 'content-type': 'application/json' };
  let token = '';
  const signIn = async () => {
    const r = await timed('login', `${api}/sys/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    token = (r.body as { result?: { token?: string } } | null)?.result?.token ?? '';
  };
  const get = (action: string, path: string) =>
    timed(action, `${api}${path}`, { headers: { 'x-access-token': token } });
  const send = (action: string, method: string, path: string, body: object) =>
    timed(action, `${api}${path}`, {
      method,
      headers: { ...json, 'x-access-token': token },
      body: JSON.stringify(body),
    });

  await sleep((index / USERS) * RAMP * 1000);
  await signIn();
  let mine: string | undefined;
  for (let i = 0; performance.now() < end; i++) {
    const hex = Math.floor(Math.random() * 16).toString(16);
    const step = i % 10;
    if (step === 0) await get('menu', '/sys/permission/getUserPermissionByToken');
    else if (step === 1 || step === 5)
      await get(
        'supplier list',
        `/gysgl/supplier/list?pageNo=${1 + (i % 5)}&pageSize=10&name=${encodeURIComponent(`*${hex}${hex}*`)}&column=createTime&order=desc`,
      );
    else if (step === 2)
      await get('project list', `/project/jcXmProject/list?pageNo=1&pageSize=10&status=${1 + (i % 4)}`);
    else if (step === 3) await get('user list', '/sys/user/list?pageNo=1&pageSize=10&realname=*压测*');
    else if (step === 4) await get('bell', '/sys/annountCement/listByUser');
    else if (step === 6) await get('dict options', '/sys/dict/getDictItems/supplier_status');
    else if (step === 7) {
      const r = await send('add', 'POST', '/gysgl/supplier/add', {
        code: `LD${index}-${i}`,
        name: `压测供应商${index}-${i}`,
        status: '1',
      });
      if (r.ok) mine = String((r.body as { result: string }).result);
    } else if (step === 8 && mine)
      await send('edit', 'PUT', '/gysgl/supplier/edit', {
        id: mine,
        code: `LD${index}-e${i}`,
        name: `压测供应商改${index}-${i}`,
        status: '2',
      });
    else if (step === 9 && i % 50 === 9)
      await get('export', `/gysgl/supplier/exportXls?name=${encodeURIComponent(`*${hex}${hex}${hex}*`)}`);
    if (i % 40 === 39) {
      await send('logout', 'POST', '/sys/logout', {});
      await signIn();
    }
    await sleep(THINK_MS * (0.5 + Math.random()));
  }
}

const pct = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

console.log(`uptime: ${execSync('uptime').toString().trim()}`);
const store = await createStore('postgres');
let exitCode = 0;
try {
  await fillStore(store, ROWS);
  const names = await createAccounts(store.open);
  const server = await startServer(store.env, 'server');
  try {
    const memory: { at: number; mb: number }[] = [];
    const t0 = performance.now();
    const sampler = setInterval(
      () => memory.push({ at: (performance.now() - t0) / 1000, mb: server.rss().currentMb }),
      1000,
    );
    const end = performance.now() + SECONDS * 1000;
    await Promise.all(names.map((n, i) => user(server.url, n, end, i)));
    clearInterval(sampler);
    const elapsed = (performance.now() - t0) / 1000;

    const actions = [...new Set(samples.map((s) => s.action))];
    const row = (label: string, list: Sample[]) => {
      const ms = list.map((s) => s.ms).sort((a, b) => a - b);
      return [
        label,
        list.length,
        list.filter((s) => !s.ok).length,
        pct(ms, 0.5),
        pct(ms, 0.95),
        pct(ms, 0.99),
        ms.at(-1) ?? 0,
      ];
    };
    console.log(
      `\n${USERS} users arriving over ${RAMP} s, ${SECONDS} s, think ${THINK_MS} ms ±50 %, ${ROWS} suppliers, PostgreSQL; ${samples.length} requests in ${elapsed.toFixed(1)} s (${(samples.length / elapsed).toFixed(0)}/s)\n`,
    );
    const steady = samples.filter((s) => s.at - t0 >= RAMP * 1000);
    printTable(
      ['action', 'requests', 'errors', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
      [
        ...actions.map((a) =>
          row(
            a,
            samples.filter((s) => s.action === a),
          ),
        ),
        row('all', samples),
        row(`all after the ${RAMP} s ramp`, steady),
      ],
    );

    const third = memory.filter((m) => m.at >= elapsed / 3);
    const [first, last] = [third[0]?.mb ?? 0, memory.at(-1)?.mb ?? 0];
    const peak = Math.max(...memory.map((m) => m.mb));
    console.log(
      `\nserver RSS: ${memory[0]?.mb.toFixed(0)} MB at start, ${first.toFixed(0)} MB after a third, ${last.toFixed(0)} MB at the end, peak ${peak.toFixed(0)} MB`,
    );
    const errors = samples.filter((s) => !s.ok);
    for (const e of errors.slice(0, 10)) console.log(`error: ${e.action} ${e.detail}`);
    const growing = last > first * 1.5 && last - first > 50;
    if (errors.length > 0 || growing) exitCode = 1;
    const p99 = (list: Sample[]) =>
      pct(
        list.map((s) => s.ms).sort((a, b) => a - b),
        0.99,
      ).toFixed(0);
    console.log(
      `\nresult: ${errors.length} errors, p99 ${p99(samples)} ms (after the ramp ${p99(steady)} ms), memory ${growing ? 'GROWING' : 'stable'}`,
    );
    console.log(`uptime: ${execSync('uptime').toString().trim()}`);
  } finally {
    await server.stop();
  }
} finally {
  await store.dispose();
}
process.exit(exitCode);
