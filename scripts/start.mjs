#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than apps/web/dist, bundles the server
// the same way (apps/server/dist/bundle), then runs ONE server process.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_SOURCES, bundleServer } from './server-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'packages/contracts/src',
  'packages/contracts/package.json',
].map((p) => path.join(root, p));

/** Newest modification time (ms) of a file or of every file below a directory; 0 when missing. */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

function webBuildNeeded() {
  if (!existsSync(distIndex)) return '未找到 apps/web/dist/index.html';
  const built = statSync(distIndex).mtimeMs;
  const changed = webSources.find((src) => newestMtime(src) > built);
  return changed ? `${path.relative(root, changed)} 比构建产物新` : '';
}

const reason = webBuildNeeded();
if (reason) {
  console.log(`[start] 构建前端 (${reason}) ...`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', '@lims/web'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (build.status !== 0) {
    console.error('[start] 前端构建失败，服务未启动。');
    process.exit(build.status ?? 1);
  }
}

/** The server's bundle (scripts/server-bundle.mjs), built again when a source is newer. */
const serverBundle = path.join(root, 'apps/server/dist/bundle/server.mjs');

async function bundleServerIfChanged() {
  const built = existsSync(serverBundle) ? statSync(serverBundle).mtimeMs : 0;
  if (built && !SERVER_SOURCES.some((src) => newestMtime(src) > built)) return;
  await bundleServer(path.dirname(serverBundle));
}

try {
  await bundleServerIfChanged();
} catch (err) {
  console.error(`[start] 服务端打包失败，服务未启动: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}

const child = spawn(process.execPath, [serverBundle], {
  cwd: root,
  env: process.env,
  stdio: 'inherit',
});

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', (err) => {
  console.error(`[start] 无法启动服务: ${err.message}`);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    // Mirror the child's fate (e.g. 143 for SIGTERM) without re-raising a signal we handle.
    process.exit(128 + ({ SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 }[signal] ?? 0));
  }
  process.exit(code ?? 0);
});
