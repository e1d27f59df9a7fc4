/**
 * Where the list page's start-up time goes: one cold and one warm load of 供应商管理 (20 rows) under
 * the web bench's network emulation, printed as a waterfall — every request (start → end, ms after
 * navigation start, bytes over the wire), the long tasks (main thread busy > 50 ms) and the moment
 * the list is interactive (the bench's probe).
 *   npx tsx web-waterfall.ts [--dist=DIR | --out=/tmp/dist-webbench] [--latency=40] [--kbps=10000] [--path=/gysgl/supplier]
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../e2e/support/browser';
import { dbFlag, flag, numberFlag, ROOT } from './lib/args';
import { startServer } from './lib/server';
import { createStore, fillStore } from './lib/store';
import { emulateNetwork, listReadyAt, watchListReady } from './lib/web-timing';

const network = { latencyMs: numberFlag('latency', 40), bytesPerSecond: (numberFlag('kbps', 10_000) * 1000) / 8 };
const pagePath = flag('path', '/gysgl/supplier');
const header = flag('header', '供应商编码');

let dist = flag('dist', '');
if (!dist) {
  dist = flag('out', '/tmp/dist-webbench');
  const vite = path.join(ROOT, 'apps/web/node_modules/vite/bin/vite.js');
  const build = spawnSync(process.execPath, [vite, 'build', '--outDir', dist, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('vite build failed');
}

type Row = { name: string; start: number; end: number; kb: number; type: string };
type Shot = { ready: number; requests: Row[]; longTasks: { start: number; ms: number }[] };

/** Long tasks from the document's start (the observer is installed before the app's scripts). */
async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __longTasks: { start: number; ms: number }[] };
    w.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push({ start: e.startTime, ms: e.duration });
    }).observe({ type: 'longtask' });
  });
}

async function shot(page: Page): Promise<Shot> {
  const ready = await listReadyAt(page);
  return page.evaluate((ready) => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const entries = [nav, ...(performance.getEntriesByType('resource') as PerformanceResourceTiming[])];
    return {
      ready,
      requests: entries.map((e) => ({
        name: new URL(e.name).pathname + new URL(e.name).search,
        start: e.startTime,
        end: e.responseEnd,
        kb: e.transferSize / 1024,
        type: e.initiatorType,
      })),
      longTasks: (window as unknown as { __longTasks: { start: number; ms: number }[] }).__longTasks,
    };
  }, ready);
}

function print(label: string, s: Shot): void {
  console.log(`\n== ${label}: interactive at ${s.ready.toFixed(0)} ms`);
  for (const r of s.requests.sort((a, b) => a.start - b.start))
    console.log(
      `${r.start.toFixed(0).padStart(6)} → ${r.end.toFixed(0).padStart(6)}  ${r.kb.toFixed(1).padStart(7)} KB  ${r.type.padEnd(10)} ${r.name.slice(0, 90)}`,
    );
  const busy = s.longTasks.filter((t) => t.start < s.ready);
  console.log(
    `long tasks before ready: ${busy.length}, ${busy.reduce((a, t) => a + t.ms, 0).toFixed(0)} ms: ` +
      busy.map((t) => `${t.start.toFixed(0)}+${t.ms.toFixed(0)}`).join(' '),
  );
}

const store = await createStore(dbFlag());
await fillStore(store, numberFlag('rows', 1000));
const server = await startServer({ ...store.env, WEB_DIST: dist });
const browser = await launchBrowser();
try {
  const res = await fetch(`${server.url}/api/sys/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: 'Lims@2026' }),
  });
  const login = ((await res.json()) as { result: { token: string; userInfo: unknown } }).result;
  await browser.context.addInitScript('globalThis.__name = (f) => f;');
  await browser.context.addInitScript((login) => {
    const set = (key: string, value: unknown) =>
      localStorage.setItem(`pro__${key}`, JSON.stringify({ value, expire: null }));
    set('Access-Token', login.token);
    set('Login_Userinfo', login.userInfo);
    set('Login_Username', 'admin');
    set('DEFAULT_MULTI_PAGE', false);
  }, login);
  const page = await browser.newPage();
  await emulateNetwork(page, network);
  await watchLongTasks(page);
  await watchListReady(page, 20, header);
  await page.goto(`${server.url}${pagePath}?pageSize=20`);
  print('cold', await shot(page));
  await page.goto(`${server.url}${pagePath}?pageSize=20`);
  print('warm', await shot(page));
} finally {
  await browser.close();
  await server.stop();
  await store.dispose();
}
