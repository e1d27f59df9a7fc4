/**
 * The cluster test (`npm test` step "cluster"): two real server processes on one PostgreSQL of the
 * test's own (initdb + pg_ctl on a free port), behind nginx as the load balancer, on free ports with
 * a temp config. It checks that a write through one process is seen through the other at once
 * (totals, permissions, dictionaries, announcements, files; the laboratory's sample and report numbers,
 * settings and concurrent results in cluster-lims.ts), that a database restart loses no acknowledged
 * write and both processes answer again within 10 s with no stale permission, and that a stopped
 * database gives 503 + Retry-After, not a hang, with both processes staying up. Every process it
 * starts is stopped by its PID, also on failure. Exit code 0 when every check passed.
 *
 * Run: `node --import tsx test/cluster-test.ts` in apps/server (needs PostgreSQL 15's initdb and nginx).
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { call, check, checks, figures, NGINX, RECOVERY_LIMIT_MS, startNginx, stopChild, total } from './cluster-kit';
import { limsChecks } from './cluster-lims';
import { eventually } from './eventually';
import { hasInitdb, startOwnPostgres, type OwnPostgres } from './own-postgres';
import { killServer, signIn, startServer, type ServerProcess } from '../src/security/server-process';

async function main(): Promise<number> {
  if (!hasInitdb) {
    console.log('[cluster] PostgreSQL 15 的 initdb 不存在 — 跳过集群测试');
    return 0;
  }
  if (!existsSync(NGINX)) {
    console.error(`[cluster] nginx 不存在 (${NGINX})：sudo apt-get install -y nginx`);
    return 1;
  }
  const started = Date.now();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lims-cluster-'));
  let own: OwnPostgres | undefined;
  const servers: ServerProcess[] = [];
  let nginx: ChildProcess | undefined;
  let admin: pg.Client | undefined;
  const cleanup = async () => {
    await stopChild(nginx, 'SIGTERM');
    for (const s of servers) await killServer(s);
    await admin?.end().catch(() => undefined);
    own?.destroy();
    rmSync(dir, { recursive: true, force: true });
  };
  const onSignal = () => void cleanup().finally(() => process.exit(1));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Whatever goes wrong, nothing it started is left running.
  process.once('uncaughtException', (err) => {
    console.error(err);
    onSignal();
  });
  const connectAdmin = async () => {
    const c = new pg.Client({ connectionString: own!.url('lims') });
    c.on('error', () => undefined); // the test's own connection dies with each restart
    await c.connect();
    return c;
  };
  try {
    own = await startOwnPostgres();
    own.createDatabase('lims');
    const env = {
      DATABASE_URL: own.url('lims'),
      NODE_ENV: 'development',
      DB_STATEMENT_TIMEOUT_MS: '3000',
      DB_CONNECT_TIMEOUT_MS: '1000',
      TRUST_PROXY: '1',
    };
    // The first migrates and seeds; the second finds it done.
    servers.push(await startServer(env));
    servers.push(await startServer(env));
    const [A, B] = servers.map((s) => s.url);
    nginx = (await startNginx(dir, [A, B])).child;
    const LB = `http://127.0.0.1:${/listen 127\.0\.0\.1:(\d+)/.exec(readFileSync(path.join(dir, 'nginx.conf'), 'utf8'))![1]}`;
    admin = await connectAdmin();
    console.log(
      `[cluster] PostgreSQL :${own.port}, servers ${A} ${B}, nginx ${LB} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );

    const adminToken = await signIn(LB);
    const userToken = await signIn(LB, 'zhangsan');

    // 1. Writes through one process, seen through the other at once.
    let seen = 0;
    let writes = 0;
    for (let i = 0; i < 10; i++) {
      const [writer, reader] = i % 2 ? [B, A] : [A, B];
      const before = await total(reader, adminToken);
      const added = await call(writer, adminToken, 'POST', '/gysgl/supplier/add', {
        code: `CL${i}`,
        name: `集群供应商${i}`,
      });
      writes++;
      if (added.status === 200 && (await total(reader, adminToken)) === before + 1) seen++;
    }
    check(
      'list totals: a write through one process is counted by the other on its next request',
      seen === writes,
      `${seen}/${writes}`,
    );
    figures.push(`totals seen across processes at once: ${seen}/${writes}`);

    const {
      rows: [role],
    } = await admin.query<{ id: string }>(`select id from roles where role_code = 'user'`);
    const {
      rows: [button],
    } = await admin.query<{ id: string }>(`select id from permissions where perms = 'supplier:add' and menu_type = 2`);
    const grant = (on: string) =>
      call(on, adminToken, 'POST', '/sys/permission/saveRolePermission', {
        roleId: role.id,
        permissionIds: button.id,
        lastpermissionIds: '',
      });
    const revoke = (on: string) =>
      call(on, adminToken, 'POST', '/sys/permission/saveRolePermission', {
        roleId: role.id,
        permissionIds: '',
        lastpermissionIds: button.id,
      });
    const tryAdd = async (on: string) =>
      (await call(on, userToken, 'POST', '/gysgl/supplier/add', { code: 'CLPERM', name: '权限探测' })).status;
    let permOk = 0;
    for (let i = 0; i < 10; i++) {
      const [writer, reader] = i % 2 ? [B, A] : [A, B];
      await grant(writer);
      const allowed = (await tryAdd(reader)) !== 403;
      await revoke(writer);
      if (allowed && (await tryAdd(reader)) === 403) permOk++;
    }
    check(
      "permissions: a grant and a revoke through one process hold on the other's next request",
      permOk === 10,
      `${permOk}/10`,
    );
    figures.push(`grant+revoke seen across processes at once: ${permOk}/10`);

    const {
      rows: [dict],
    } = await admin.query<{ id: string; dict_code: string }>(
      `select id, dict_code from dicts order by dict_code limit 1`,
    );
    let dictOk = 0;
    for (let i = 0; i < 5; i++) {
      const [writer, reader] = i % 2 ? [B, A] : [A, B];
      await call(reader, adminToken, 'GET', `/sys/dict/getDictItems/${dict.dict_code}`); // warm its cache
      const added = await call(writer, adminToken, 'POST', '/sys/dictItem/add', {
        dictId: dict.id,
        itemText: `集群项${i}`,
        itemValue: `cluster_${i}`,
      });
      const options = (await call(reader, adminToken, 'GET', `/sys/dict/getDictItems/${dict.dict_code}`)).body
        .result as { value: string }[] | undefined;
      if (added.status === 200 && options?.some((o) => o.value === `cluster_${i}`)) dictOk++;
    }
    check(
      "dictionaries: an item added through one process is in the other's options on its next request",
      dictOk === 5,
      `${dictOk}/5`,
    );

    const announcementReach = async (writer: string, reader: string, title: string): Promise<number> => {
      const controller = new AbortController();
      const res = await fetch(`${reader}/api/sys/annountCement/events`, {
        headers: { 'x-access-token': userToken },
        signal: controller.signal,
      });
      let text = '';
      const reading = (async () => {
        const r = res.body!.getReader();
        for (;;) {
          const { value, done } = await r.read().catch(() => ({ value: undefined, done: true }));
          if (done) return;
          text += new TextDecoder().decode(value);
        }
      })();
      try {
        await eventually(async () => text.includes('event: ready'), 5_000, 20);
        const id = (
          await call(writer, adminToken, 'POST', '/sys/annountCement/add', {
            titile: title,
            msgCategory: '1',
            msgType: 'ALL',
            msgContent: '<p>集群</p>',
          })
        ).body.result as string;
        const t0 = Date.now();
        await call(writer, adminToken, 'GET', `/sys/annountCement/doReleaseData?id=${id}`);
        return (await eventually(async () => text.includes(`"id":"${id}"`), 5_000, 10)) ? Date.now() - t0 : -1;
      } finally {
        controller.abort();
        await reading;
      }
    };
    const reachMs = await announcementReach(A, B, '集群通告');
    check('announcements: published through one process, pushed to a page on the other', reachMs >= 0, `${reachMs} ms`);
    figures.push(`announcement pushed across processes in ${reachMs} ms`);

    // Files: stored through one process, served by the other (the database file storage on PostgreSQL).
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    );
    let filesOk = 0;
    for (let i = 0; i < 4; i++) {
      const [writer, reader] = i % 2 ? [B, A] : [A, B];
      const form = new FormData();
      form.append('file', new Blob([png], { type: 'image/png' }), `集群${i}.png`);
      const up = await fetch(`${writer}/api/sys/common/upload?biz=avatar`, {
        method: 'POST',
        headers: { 'x-access-token': adminToken },
        body: form,
        signal: AbortSignal.timeout(20_000),
      }).catch(() => undefined);
      const stored = up?.ok ? ((await up.json()) as { result?: { filePath?: string } }).result?.filePath : undefined;
      if (!stored) continue;
      const down = await fetch(`${reader}/api/sys/common/download/${stored}`, {
        headers: { 'x-access-token': adminToken },
        signal: AbortSignal.timeout(20_000),
      }).catch(() => undefined);
      if (down?.status === 200 && Buffer.from(await down.arrayBuffer()).equals(png)) filesOk++;
    }
    check('files: uploaded through one process, downloaded through the other', filesOk === 4, `${filesOk}/4`);

    let viaLb = 0;
    for (let i = 0; i < 6; i++) {
      const before = await total(LB, adminToken);
      await call(LB, adminToken, 'POST', '/gysgl/supplier/add', { code: `LB${i}`, name: `负载均衡${i}` });
      if ((await total(LB, adminToken)) === before + 1) viaLb++;
    }
    check(
      'through nginx (round robin): every write is counted by the next read, whichever process serves it',
      viaLb === 6,
      `${viaLb}/6`,
    );

    // The laboratory routes with both processes at once: numbers, settings, concurrent results, reports.
    await limsChecks({ A, B, LB, db: admin });

    // 2. A database restart under writes: no acknowledged write lost, both back within 10 s, no stale permission.
    await grant(A);
    const warm = await tryAdd(B); // B caches the grant
    const acknowledged: string[] = [];
    let writing = true;
    let n = 0;
    const writer = (async () => {
      while (writing) {
        const code = `RS${n++}`;
        const r = await call(LB, adminToken, 'POST', '/gysgl/supplier/add', { code, name: `重启写入${code}` });
        if (r.status === 200) acknowledged.push(code);
        else await new Promise((res) => setTimeout(res, 50));
      }
    })();
    await eventually(async () => acknowledged.length >= 5, 10_000, 20);
    own.stop('fast');
    own.start();
    const restarted = Date.now();
    // Revoked as soon as the database is back, while the listeners may still be reconnecting.
    await eventually(async () => (await revoke(A)).status === 200, RECOVERY_LIMIT_MS, 50);
    const stale = warm !== 403 && (await tryAdd(B)) !== 403;
    const backA = await eventually(
      async () => (await call(A, adminToken, 'GET', '/gysgl/supplier/list?pageSize=1')).status === 200,
      RECOVERY_LIMIT_MS,
      50,
    );
    const backB = await eventually(
      async () => (await call(B, adminToken, 'GET', '/gysgl/supplier/list?pageSize=1')).status === 200,
      RECOVERY_LIMIT_MS,
      50,
    );
    const recoveryMs = Date.now() - restarted;
    const before = acknowledged.length;
    await eventually(async () => acknowledged.length >= before + 5, 10_000, 20);
    writing = false;
    await writer;
    await admin.end().catch(() => undefined);
    admin = await connectAdmin();
    const { rows } = await admin.query<{ code: string }>(`select code from suppliers where code like 'RS%'`);
    const stored = new Set(rows.map((r) => r.code));
    const lost = acknowledged.filter((c) => !stored.has(c));
    check(
      'database restart: no acknowledged write lost',
      lost.length === 0,
      `${acknowledged.length} acknowledged, ${lost.length} lost${lost.length ? ` (${lost.slice(0, 5).join(', ')})` : ''}`,
    );
    check(
      `database restart: both processes answer again within ${RECOVERY_LIMIT_MS / 1000} s`,
      backA && backB && recoveryMs <= RECOVERY_LIMIT_MS,
      `${recoveryMs} ms after the restart`,
    );
    check('database restart: a revoke right after it holds on the other process at once', !stale && warm !== 403);
    figures.push(
      `database restart: ${acknowledged.length} acknowledged writes, ${lost.length} lost; both processes answering ${recoveryMs} ms after PostgreSQL was back`,
    );

    // 3. A stopped database: 503 + Retry-After, not a hang; the processes stay up and recover.
    await admin.end().catch(() => undefined);
    admin = undefined;
    own.stop('fast');
    const down = await Promise.all(
      [A, B, LB].map((base) => call(base, adminToken, 'GET', '/gysgl/supplier/list?pageSize=1')),
    );
    const slowest = Math.max(...down.map((d) => d.ms));
    check(
      'stopped database: every process (and nginx) answers 503 with Retry-After and the Chinese message',
      down.every((d) => d.status === 503 && d.retryAfter !== null && d.body.message === '数据库暂时不可用，请稍后重试'),
      down.map((d) => `${d.status} in ${d.ms} ms`).join(', '),
    );
    check('stopped database: no hang (every answer within 5 s)', slowest < 5_000, `slowest ${slowest} ms`);
    const health = await Promise.all([A, B].map((base) => call(base, '', 'GET', '/health')));
    const ready = await Promise.all([A, B].map((base) => call(base, '', 'GET', '/ready')));
    check(
      'stopped database: /api/health 200 and /api/ready 503 on both',
      health.every((h) => h.status === 200) && ready.every((r) => r.status === 503),
    );
    await new Promise((r) => setTimeout(r, 2_500)); // longer than the 2.2 s outage that used to end both processes
    check(
      'stopped database: both processes are still running',
      servers.every((s) => s.child.exitCode === null && s.child.signalCode === null),
    );
    own.start();
    const t1 = Date.now();
    const back = await eventually(
      async () =>
        (await Promise.all([A, B].map((base) => call(base, adminToken, 'GET', '/ready')))).every(
          (r) => r.status === 200,
        ),
      RECOVERY_LIMIT_MS,
      50,
    );
    check('stopped database: both ready again once it is back', back, `${Date.now() - t1} ms`);
    figures.push(`after a stop: ready again ${Date.now() - t1} ms after PostgreSQL was back`);
  } catch (err) {
    check('cluster test ran to the end', false, (err as Error).stack ?? String(err));
  } finally {
    await cleanup();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
  const failed = checks.filter((c) => !c.ok);
  console.log(`\n[cluster] ${figures.join('\n[cluster] ')}`);
  console.log(
    `[cluster] ${checks.length - failed.length} passed, ${failed.length} failed (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  // For `npm test`'s summary: the checks as tests.
  if (process.env.CLUSTER_REPORT) {
    writeFileSync(
      process.env.CLUSTER_REPORT,
      JSON.stringify({
        passed: checks.length - failed.length,
        failed: failed.length,
        failures: failed.map((c) => `cluster > ${c.name}: ${c.detail.split('\n')[0].slice(0, 200)}`),
      }),
    );
  }
  return failed.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
