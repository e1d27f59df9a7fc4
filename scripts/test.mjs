#!/usr/bin/env node
// `npm test`: every check of the product, each reported (typecheck, lint and the contracts' unit tests side by
// side, the rest in sequence), then a summary table and, alone on the
// last line, `N passed, N failed` (tests across all vitest runs; a failing non-test step counts as 1 failed).
// Steps: typecheck, lint, unit tests (contracts, web), API tests on PGlite and on PostgreSQL (when DATABASE_URL
// is set or 127.0.0.1:5432 answers), the cluster test (two server processes behind nginx on a PostgreSQL of
// its own; skipped when PostgreSQL 15's initdb is absent), web build, browser tests in Chromium. Exit code 1 when anything failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitestBin = path.join(root, 'node_modules/vitest/vitest.mjs');
const reportDir = mkdtempSync(path.join(os.tmpdir(), 'lims-test-report-'));
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const STEP_TIMEOUT_MS = Number(process.env.TEST_STEP_TIMEOUT_MS ?? 25 * 60_000);

/** The steps' processes now running (a group of steps runs at once). */
const running = new Set();
let interrupted = false;

function banner(text) {
  const line = '═'.repeat(Math.max(20, 78 - text.length));
  console.log(`\n══ ${text} ${line}`);
}

/**
 * Runs a command; resolves with its exit code (non-zero on signal or timeout). Its output is the
 * terminal's, or, with `output` (a step running beside others), gathered there to be printed after it.
 */
function run(cmd, args, { cwd = root, env = process.env, output } = {}) {
  return new Promise((resolve) => {
    const detached = process.platform !== 'win32';
    const stdio = output ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'inherit', 'inherit'];
    const child = spawn(cmd, args, { cwd, env, stdio, detached });
    if (output) for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => output.push(chunk));
    running.add(child);
    const killGroup = (signal) => {
      try {
        if (detached && child.pid) process.kill(-child.pid, signal);
        else child.kill(signal);
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      console.error(`\n[test] 超时 (${STEP_TIMEOUT_MS / 1000} s)，终止: ${cmd} ${args.join(' ')}`);
      killGroup('SIGTERM');
      setTimeout(() => killGroup('SIGKILL'), 5000).unref();
    }, STEP_TIMEOUT_MS);
    child.on('error', (err) => {
      console.error(`[test] 无法运行 ${cmd}: ${err.message}`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      running.delete(child);
      // Whatever the step left behind in its process group (a stray server, a browser) goes with it.
      killGroup('SIGKILL');
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = true;
    for (const child of running) {
      try {
        process.kill(process.platform === 'win32' ? child.pid : -child.pid, signal);
      } catch {
        // already gone
      }
    }
  });
}

/** Is something listening on host:port? */
function tcpAnswers(host, port, timeoutMs = 1500) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** The maintenance database URL the server tests create and drop their databases from. */
function pgAdminUrl() {
  if (process.env.TEST_PG_ADMIN_URL) return process.env.TEST_PG_ADMIN_URL;
  if (process.env.DATABASE_URL) {
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = '/postgres';
    return url.toString();
  }
  return 'postgres://postgres@127.0.0.1:5432/postgres';
}

function redact(url) {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

/** The first line of an error message, shortened: enough to name a failure in the summary. */
const firstLine = (text) => (text ?? '').split('\n')[0].slice(0, 200);

/** Reads vitest's JSON report into counts and failed tests; file-level failures (import errors, failing hooks) count as 1 each. */
function readVitestReport(file, exitCode) {
  const counts = { passed: 0, failed: 0, skipped: 0, note: '', failures: [] };
  if (!existsSync(file)) {
    counts.failed = exitCode === 0 ? 0 : 1;
    counts.note = 'no JSON report';
    return counts;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed = report.numPassedTests ?? 0;
  counts.failed = report.numFailedTests ?? 0;
  counts.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  let brokenFiles = 0;
  for (const suite of report.testResults ?? []) {
    const failedTests = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
    const file = path.relative(root, suite.name ?? '');
    for (const a of failedTests)
      counts.failures.push(`${file} > ${a.fullName ?? a.title}: ${firstLine(a.failureMessages?.[0])}`);
    if (suite.status === 'failed' && failedTests.length === 0) {
      brokenFiles += 1;
      counts.failures.push(`${file}: ${firstLine(suite.message)}`);
    }
  }
  counts.failed += brokenFiles;
  if (brokenFiles) counts.note = `${brokenFiles} file(s) failed to run`;
  if ((report.numTotalTestSuites ?? 0) === 0 && (report.testResults ?? []).length === 0) counts.note = 'no test files';
  if (exitCode !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.note ||= `vitest exited with ${exitCode}`;
  }
  return counts;
}

async function vitestStep(name, dir, { env = {}, args = [], output } = {}) {
  const reportFile = path.join(reportDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  const code = await run(
    process.execPath,
    [vitestBin, 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...args],
    { cwd: path.join(root, dir), env: { ...process.env, ...env }, output },
  );
  return { ...readVitestReport(reportFile, code), ok: code === 0 };
}

async function commandStep(cmd, args, opts) {
  const code = await run(cmd, args, opts);
  return { ok: code === 0, passed: 0, failed: code === 0 ? 0 : 1, skipped: 0, note: code === 0 ? '' : `exit ${code}` };
}

/**
 * Debian packages a step needs, each known by one of its files: present, installed with apt-get (all
 * missing ones at once) when we are root on Debian, or a clear message saying what to install.
 */
async function ensurePackages(step, needs) {
  const missing = needs.filter((n) => !existsSync(n.file));
  if (missing.length === 0) return true;
  const pkgs = [...new Set(missing.map((n) => n.pkg))];
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get') || missing.some((n) => n.custom)) {
    console.error(
      [
        `[test] ${step}需要 ${missing.map((n) => n.file).join('、')}，但不存在。`,
        `  安装: sudo apt-get update && sudo apt-get install -y ${pkgs.join(' ')}`,
        ...missing.filter((n) => n.hint).map((n) => `  或${n.hint}`),
      ].join('\n'),
    );
    return false;
  }
  console.log(`[test] 使用 apt-get 安装 ${pkgs.join(' ')} ...`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['update'], { env })) !== 0) return false;
  const code = await run('apt-get', ['install', '-y', '--no-install-recommends', ...pkgs], { env });
  return code === 0 && missing.every((n) => existsSync(n.file));
}

/** The CJK font the server's PDFs embed and the browser renders Chinese with. */
const CJK_FONT = { file: '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc', pkg: 'fonts-noto-cjk' };
/** Tools the API tests read generated PDFs with (pdftotext). */
const PDF_TOOLS = { file: '/usr/bin/pdftotext', pkg: 'poppler-utils' };
const ensureApiTools = () => ensurePackages('API 测试（标签与检测报告 PDF）', [CJK_FONT, PDF_TOOLS]);

const pgBin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

const withoutDatabaseUrl = () => {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  return env;
};

const adminUrl = pgAdminUrl();
// Steps with the same `group` run at once (the checks that each keep one core busy, so that the two
// cores do them side by side); their output is printed when the group is done.
const steps = [
  { name: 'typecheck', group: 'checks', run: (io) => commandStep(npm, ['run', 'typecheck'], io) },
  { name: 'lint', group: 'checks', run: (io) => commandStep(npm, ['run', 'lint'], io) },
  { name: 'unit: contracts', group: 'checks', run: (io) => vitestStep('unit-contracts', 'packages/contracts', io) },
  { name: 'unit: web', run: () => vitestStep('unit-web', 'apps/web') },
  {
    name: 'api: pglite',
    run: async () => {
      if (!(await ensureApiTools())) return { ok: false, passed: 0, failed: 1, skipped: 0, note: 'PDF tools missing' };
      return vitestStep('api-pglite', 'apps/server', { env: { ...withoutDatabaseUrl(), TEST_DB: 'pglite' } });
    },
  },
  {
    name: 'api: postgres',
    run: async () => {
      const u = new URL(adminUrl);
      const host = u.hostname || '127.0.0.1';
      const port = Number(u.port || 5432);
      if (!(await tcpAnswers(host.replace(/^\[|\]$/g, ''), port))) {
        const why = process.env.DATABASE_URL || process.env.TEST_PG_ADMIN_URL ? 'configured' : 'default';
        console.log(`[test] PostgreSQL (${why}) ${host}:${port} 无应答 — 跳过 PostgreSQL 上的 API 测试。`);
        return {
          ok: true,
          skippedStep: true,
          passed: 0,
          failed: 0,
          skipped: 0,
          note: `PostgreSQL ${host}:${port} not reachable`,
        };
      }
      if (!(await ensureApiTools())) return { ok: false, passed: 0, failed: 1, skipped: 0, note: 'PDF tools missing' };
      console.log(`[test] PostgreSQL: 每个测试文件在 ${redact(adminUrl)} 上新建并删除一个数据库`);
      const result = await vitestStep('api-postgres', 'apps/server', {
        env: { ...withoutDatabaseUrl(), TEST_DB: 'postgres', TEST_PG_ADMIN_URL: adminUrl },
      });
      return result;
    },
  },
  {
    name: 'cluster',
    run: async () => {
      if (!existsSync(path.join(pgBin, 'initdb'))) {
        console.log(`[test] ${pgBin}/initdb 不存在 — 跳过集群测试（两个服务进程 + nginx + 自建 PostgreSQL）。`);
        return { ok: true, skippedStep: true, passed: 0, failed: 0, skipped: 0, note: 'initdb missing' };
      }
      const nginx = {
        file: nginxPath,
        pkg: 'nginx',
        custom: nginxPath !== '/usr/sbin/nginx',
        hint: '设置 NGINX_PATH=/path/to/nginx 后重新运行 npm test。',
      };
      if (!(await ensurePackages('集群测试', [nginx])))
        return { ok: false, passed: 0, failed: 1, skipped: 0, note: 'nginx missing' };
      const reportFile = path.join(reportDir, 'cluster.json');
      const code = await run(process.execPath, ['--import', 'tsx', 'test/cluster-test.ts'], {
        cwd: path.join(root, 'apps/server'),
        env: { ...withoutDatabaseUrl(), PG_BIN: pgBin, NGINX_PATH: nginxPath, CLUSTER_REPORT: reportFile },
      });
      if (!existsSync(reportFile))
        return { ok: false, passed: 0, failed: 1, skipped: 0, note: `exit ${code}`, failures: [] };
      const report = JSON.parse(readFileSync(reportFile, 'utf8'));
      return {
        ok: code === 0,
        passed: report.passed,
        failed: report.failed,
        skipped: 0,
        note: code === 0 ? '' : `exit ${code}`,
        failures: report.failures,
      };
    },
  },
  { name: 'build: web', run: () => commandStep(npm, ['run', 'build', '-w', '@lims/web']) },
  {
    name: 'e2e: chromium',
    run: async () => {
      const chromium = {
        file: chromiumPath,
        pkg: 'chromium',
        custom: chromiumPath !== '/usr/bin/chromium',
        hint: '设置 CHROMIUM_PATH=/path/to/chromium 后重新运行 npm test。',
      };
      if (!(await ensurePackages('浏览器测试', [chromium, CJK_FONT, PDF_TOOLS])))
        return { ok: false, passed: 0, failed: 1, skipped: 0, note: 'Chromium missing' };
      return vitestStep('e2e', 'e2e', { env: { CHROMIUM_PATH: chromiumPath } });
    },
  },
];

// `npm test -- api e2e` runs only the steps whose names contain one of the words.
const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const selected = only.length ? steps.filter((s) => only.some((word) => s.name.includes(word))) : steps;
if (!selected.length) {
  console.error(`[test] no step matches ${only.join(', ')}; steps: ${steps.map((s) => s.name).join(', ')}`);
  process.exit(2);
}

/** Runs one step; `output` (when it runs beside others) gathers what it prints. */
async function runStep(step, output) {
  const t0 = Date.now();
  let result;
  try {
    result = await step.run(output ? { output } : {});
  } catch (err) {
    const text = `[test] ${step.name}: ${err instanceof Error ? err.stack : err}`;
    if (output) output.push(Buffer.from(`${text}\n`));
    else console.error(text);
    result = { ok: false, passed: 0, failed: 1, skipped: 0, note: 'runner error' };
  }
  return { name: step.name, ...result, ms: Date.now() - t0 };
}

function printStatus(result) {
  const status = result.skippedStep ? 'SKIPPED' : result.ok ? 'OK' : 'FAILED';
  console.log(
    `[test] ${result.name}: ${status} (${(result.ms / 1000).toFixed(1)} s)${result.note ? ` — ${result.note}` : ''}`,
  );
}

// Consecutive selected steps of one group run together; any other step alone.
const batches = [];
for (const step of selected) {
  const last = batches.at(-1);
  if (step.group && last?.[0].group === step.group) last.push(step);
  else batches.push([step]);
}

const started = Date.now();
const results = [];
for (const batch of batches) {
  if (interrupted) {
    for (const step of batch)
      results.push({
        name: step.name,
        ok: false,
        passed: 0,
        failed: 0,
        skipped: 0,
        note: 'not run (interrupted)',
        ms: 0,
      });
    continue;
  }
  if (batch.length === 1) {
    banner(batch[0].name);
    const result = await runStep(batch[0]);
    results.push(result);
    printStatus(result);
    continue;
  }
  console.log(`\n[test] 同时运行 ${batch.map((s) => s.name).join('、')}（各自的输出在全部结束后显示）`);
  const outputs = batch.map(() => []);
  const done = await Promise.all(batch.map((step, i) => runStep(step, outputs[i])));
  batch.forEach((step, i) => {
    banner(step.name);
    process.stdout.write(Buffer.concat(outputs[i]));
    results.push(done[i]);
    printStatus(done[i]);
  });
}
rmSync(reportDir, { recursive: true, force: true });

const fmt = (n) => String(n);
const rows = results.map((r) => [
  r.name,
  r.skippedStep ? 'skipped' : r.note === 'not run (interrupted)' ? 'not run' : r.ok ? 'ok' : 'FAILED',
  fmt(r.passed),
  fmt(r.failed),
  fmt(r.skipped),
  `${(r.ms / 1000).toFixed(1)}s`,
  r.note ?? '',
]);
const header = ['step', 'result', 'passed', 'failed', 'skipped', 'time', 'note'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
const line = (cells) =>
  cells
    .map((c, i) => (i >= 2 && i <= 5 ? c.padStart(widths[i]) : c.padEnd(widths[i])))
    .join('  ')
    .trimEnd();
const totalPassed = results.reduce((n, r) => n + r.passed, 0);
const totalFailed = results.reduce((n, r) => n + r.failed, 0);

banner('summary');
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const row of rows) console.log(line(row));
// The failed tests again, where a log's tail shows them.
for (const r of results) for (const failure of r.failures ?? []) console.log(`FAILED ${r.name}: ${failure}`);
console.log(`total time ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${totalPassed} passed, ${totalFailed} failed`);
process.exitCode = totalFailed > 0 || interrupted || results.some((r) => !r.ok) ? 1 : 0;
