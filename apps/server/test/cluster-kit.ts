/**
 * The parts of the cluster test (`cluster-test.ts`) that are not its scenario: the check log,
 * HTTP calls through the balancer, nginx in front of the server processes, and stopping a child process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eventually } from './eventually';
import { freePort } from './own-postgres';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
export const RECOVERY_LIMIT_MS = 10_000;

export type Check = { name: string; ok: boolean; detail: string };
export const checks: Check[] = [];
export const figures: string[] = [];
export function check(name: string, ok: boolean, detail = ''): void {
  checks.push({ name, ok, detail });
  console.log(`${ok ? '  ✓' : '  ✗'} ${name}${detail ? ` — ${detail}` : ''}`);
}

export type Answer = {
  status: number;
  body: { success?: boolean; message?: string; result?: unknown };
  retryAfter: string | null;
  ms: number;
};
export async function call(
  base: string,
  token: string,
  method: string,
  url: string,
  payload?: unknown,
): Promise<Answer> {
  const started = Date.now();
  try {
    const res = await fetch(`${base}/api${url}`, {
      method,
      headers: { 'x-access-token': token, ...(payload ? { 'content-type': 'application/json' } : {}) },
      body: payload ? JSON.stringify(payload) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    let body: Answer['body'] = {};
    try {
      body = JSON.parse(text) as Answer['body'];
    } catch {
      body = { message: text.slice(0, 200) };
    }
    return { status: res.status, body, retryAfter: res.headers.get('retry-after'), ms: Date.now() - started };
  } catch (err) {
    return { status: 0, body: { message: (err as Error).message }, retryAfter: null, ms: Date.now() - started };
  }
}
export const total = async (base: string, token: string) =>
  ((await call(base, token, 'GET', '/gysgl/supplier/list?pageSize=1')).body.result as { total: number } | undefined)
    ?.total ?? -1;

/** nginx in front of both processes: round robin, no buffering (the event stream), its own temp folder. */
export async function startNginx(dir: string, upstreams: string[]): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  chmodSync(dir, 0o777);
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream lims { ${upstreams.map((u) => `server ${u.replace(/^http:\/\//, '')} max_fails=0;`).join(' ')} keepalive 8; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://lims;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_buffering off;
      proxy_read_timeout 30s;
    }
  }
}
`,
  );
  const child = spawn(NGINX, ['-c', conf, '-p', dir, '-e', `${dir}/error.log`], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const up = await eventually(async () => (await fetch(`${url}/api/health`)).status === 200, 10_000);
  if (!up)
    throw new Error(
      `nginx did not start: ${existsSync(`${dir}/error.log`) ? readFileSync(`${dir}/error.log`, 'utf8') : ''}`,
    );
  return { url, child };
}

export async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await gone;
  clearTimeout(timer);
}
