#!/usr/bin/env node
// `npm run dev`: the API server under `tsx watch` (port 3000, reloads on change) and the Vite dev server
// (which proxies /api to it). Both children stop when this process stops or when either of them exits.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(root, 'apps/web');
const tsxCli = createRequire(path.join(root, 'package.json')).resolve('tsx/cli');
const vitePkg = createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json');
const viteBin = path.join(path.dirname(vitePkg), 'bin/vite.js');
const apiPort = process.env.PORT ?? '3000';

/** @type {import('node:child_process').ChildProcess[]} */
const children = [];
let stopping = false;

function run(name, args, options) {
  // detached: each child leads its own process group, so stopping it also stops what it started (tsx's worker).
  // stdin is not shared: a background process group reading the terminal would be stopped by SIGTTIN.
  const child = spawn(process.execPath, args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: process.platform !== 'win32',
    ...options,
  });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.log(`[dev] ${name} 已退出 (${signal ?? code})，停止其余进程。`);
      stop(code ?? 1);
    }
  });
  children.push(child);
  return child;
}

function kill(child, signal) {
  if (child.exitCode !== null || child.signalCode !== null || !child.pid) return;
  try {
    if (process.platform === 'win32') child.kill(signal);
    else process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) kill(child, 'SIGTERM');
  const deadline = setTimeout(() => {
    for (const child of children) kill(child, 'SIGKILL');
    process.exit(code);
  }, 5000);
  deadline.unref();
  Promise.all(
    children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r)))),
  ).then(() => process.exit(code));
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
process.on('SIGHUP', () => stop(0));
process.on('exit', () => {
  for (const child of children) kill(child, 'SIGKILL');
});

run('server', [tsxCli, 'watch', '--clear-screen=false', 'apps/server/src/server.ts'], {
  cwd: root,
  env: { ...process.env, PORT: apiPort, NODE_ENV: process.env.NODE_ENV ?? 'development' },
});
run('vite', [viteBin], {
  cwd: webDir,
  env: { ...process.env, LIMS_API_PORT: apiPort },
});
console.log(`[dev] API: http://localhost:${apiPort}/api  · 前端: Vite 开发服务器 (见上方地址，/api 代理到 ${apiPort})`);
