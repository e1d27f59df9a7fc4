import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const READY_TIMEOUT_MS = 120_000;

export type TestServer = {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  baseUrl: string;
  pid: number;
  /** What the server printed so far (for failure messages). */
  output(): string;
  stop(): Promise<void>;
  /** The server's PostgreSQL database (when it runs on one): for fixture rows a test writes directly. */
  databaseUrl?: string;
};

export type StartOptions = {
  /**
   * Run on a fresh PostgreSQL database even without E2E_DATABASE_URL (next to TEST_PG_ADMIN_URL, or
   * the machine's postgres@127.0.0.1:5432), so the test can write fixture rows the API cannot make.
   */
  postgres?: boolean;
  /** The server module to run (default: the run's bundle of scripts/server-bundle.mjs, support/global-setup.ts). */
  script?: string;
};

const PG_ADMIN_URL = () =>
  process.env.E2E_DATABASE_URL ?? process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A port the OS considers free right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** A fresh PostgreSQL database next to the one E2E_DATABASE_URL names; dropped by the returned function. */
async function createPgDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `lims_e2e_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Last resort: no server outlives the test process, even when a test or hook failed. */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) if (!exited(child) && child.pid) process.kill(child.pid, 'SIGKILL');
  });
}

/**
 * Starts the real server, as `npm start` runs it (the run's bundle of the sources), on a port chosen by the OS with a
 * fresh PGlite data directory (a copy of the run's seeded one), or a fresh PostgreSQL database when
 * E2E_DATABASE_URL is set, and waits until it answers HTTP.
 */
export async function startServer(extraEnv: Record<string, string> = {}, opts: StartOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lims-e2e-'));
  const pgDb = process.env.E2E_DATABASE_URL || opts.postgres ? await createPgDatabase(PG_ADMIN_URL()) : undefined;
  // A copy of the run's seeded directory (support/global-setup.ts) instead of a first start on an empty one.
  const seeded = pgDb || extraEnv.DATA_DIR ? null : inject('seededDataDir');
  if (seeded) cpSync(seeded, dataDir, { recursive: true });
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'ADMIN_PASSWORD', 'PORT', 'HOST', 'DATA_DIR', 'NODE_ENV', 'VITEST']) {
    delete env[key];
  }
  Object.assign(env, {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...extraEnv,
  });

  const child = spawn(process.execPath, [opts.script ?? inject('serverScript')], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  installExitHook();
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    if (process.env.E2E_SERVER_OUTPUT) process.stderr.write(chunk);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const baseUrl = `http://127.0.0.1:${port}`;
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (!exited(child)) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 15_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    running.delete(child);
    rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (true) {
    if (exited(child)) {
      await stop();
      throw new Error(`server exited during start-up (code ${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    try {
      await fetch(`${baseUrl}/runtime-config.js`, { signal: AbortSignal.timeout(2_000) });
      break;
    } catch {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`server did not answer on ${baseUrl} within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  return { baseUrl, pid: child.pid ?? 0, output: () => output, stop, databaseUrl: pgDb?.url };
}
