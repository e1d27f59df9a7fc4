import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '../db/seed';

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const CWD = fileURLToPath(new URL('../..', import.meta.url));

export type ServerProcess = {
  child: ChildProcess;
  url: string;
  /** Everything the process printed. */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process is gone. */
  exited: Promise<number | string>;
};

/** The real server (src/server.ts) as a child process on a free port; resolves once it answers. */
export async function startServer(env: Record<string, string>, timeoutMs = 120_000): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    cwd: CWD,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${timeoutMs} ms:\n${out.slice(-2000)}`)),
      timeoutMs,
    );
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /http:\/\/localhost:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out.slice(-2000)}`));
    });
  });
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Ends a server that a test left running (SIGKILL; the test decides how it should have ended). */
export async function killServer(server: ServerProcess | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}

export async function signIn(url: string, username = 'admin', password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${url}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { message?: string; result?: { token?: string } };
  if (!res.ok || !body.result?.token) throw new Error(`login ${username}: ${res.status} ${body.message}`);
  return body.result.token;
}
