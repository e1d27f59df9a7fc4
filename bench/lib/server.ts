/** The real server (apps/server/src/server.ts) as a child process on a free port, stopped by its PID. */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './args';

export type RunningServer = {
  pid: number;
  /** The server's own process: `pid` itself, or through npm start the wrapper's child. */
  serverPid: number;
  url: string;
  /** From spawn to the first answered request. */
  startMs: number;
  /** Resident set size now, and the highest seen (sampled every 50 ms). */
  rss(): { currentMb: number; peakMb: number };
  /** Starts a new peak measurement from the current RSS. */
  resetPeak(): void;
  stop(): Promise<void>;
};

const DEMO_PASSWORD = 'Lims@2026';

function procStatusMb(pid: number, key: 'VmRSS'): number {
  try {
    const m = new RegExp(`${key}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * The child process of `pid` whose command line names `script` (Linux /proc): npm start's wrapper
 * may also have esbuild's service as a child while it bundles.
 */
function childPid(pid: number, script: string): number {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  const found = children.find((c) => readFileSync(`/proc/${c}/cmdline`, 'utf8').includes(script));
  if (!found) throw new Error(`process ${pid} has no child running ${script}`);
  return Number(found);
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts the server with these env vars (PORT=0: the OS picks a free port, read from its banner):
 * the sources through tsx, or with `viaNpmStart` what `npm start` runs (scripts/start.mjs: the web
 * build check, the server bundle, rebuilt when sources changed, then the server).
 * BENCH_NODE_ARGS adds node flags (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) to the sources run.
 */
export async function startServer(
  env: Record<string, string>,
  label = 'server',
  opts: { viaNpmStart?: boolean } = {},
): Promise<RunningServer> {
  const t0 = performance.now();
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = opts.viaNpmStart
    ? [path.join(ROOT, 'scripts/start.mjs')]
    : [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /http:\/\/localhost:(\d+)/.exec(output);
      if (m) resolve(Number(m[1]));
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) =>
      reject(new Error(`${label} exited (${code}) before listening:\n${output.slice(-2000)}`)),
    );
  });
  const url = `http://127.0.0.1:${port}`;
  await fetch(`${url}/api/sys/login`, { method: 'OPTIONS' }); // any answer: the server is up
  const startMs = performance.now() - t0;
  // Through npm start the server is the wrapper's child: its memory is the one to watch.
  const serverPid = opts.viaNpmStart ? childPid(child.pid!, 'server.mjs') : child.pid!;
  let peak = 0;
  const timer = setInterval(() => (peak = Math.max(peak, procStatusMb(serverPid, 'VmRSS'))), 50);
  timer.unref();
  return {
    pid: child.pid!,
    serverPid,
    url,
    startMs,
    rss: () => {
      const current = procStatusMb(serverPid, 'VmRSS');
      peak = Math.max(peak, current);
      return { currentMb: current, peakMb: peak };
    },
    resetPeak: () => {
      peak = procStatusMb(serverPid, 'VmRSS');
    },
    async stop() {
      clearInterval(timer);
      if (child.exitCode !== null) return;
      process.kill(child.pid!, 'SIGTERM');
      if (!(await waitForExit(child, 20_000))) {
        process.kill(child.pid!, 'SIGKILL');
        await waitForExit(child, 5_000);
      }
    },
  };
}

/** Signs in as the demo admin; returns the token. */
export async function login(url: string, username = 'admin', password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${url}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { success?: boolean; message?: string; result?: { token?: string } };
  if (!res.ok || !body.result?.token) throw new Error(`login failed: ${res.status} ${body.message}`);
  return body.result.token;
}
