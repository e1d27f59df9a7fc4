/**
 * Export through the real server: GET /api/gysgl/supplier/exportXls of every supplier (the
 * default sort), read as fast as the client can, for each size in --sizes. Reports seconds, file
 * size, the server's peak RSS during the download (sampled every 50 ms from /proc) and the CPU
 * seconds the server process and the PostgreSQL backends spent on it (steadier than the time on a
 * busy machine). --runs=N downloads each size N times, each from a freshly started server. The
 * server runs as `npm start` runs it (the bundle); --sources runs apps/server/src through tsx
 * instead, whose compiled modules and source maps add about 75 MB to the server's RSS.
 *   npx tsx export-bench.ts --db=postgres --sizes=100000,1000000 [--runs=2] [--sources]
 */
import { dbFlag, flag, numberFlag } from './lib/args';
import { cpuMeter } from './lib/cpu';
import { printTable } from './lib/load';
import { login, startServer } from './lib/server';
import { createStore, fillStore, supplierInsert } from './lib/store';

const kind = dbFlag();
const sizes = flag('sizes', '100000,1000000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);
const runs = Math.max(1, numberFlag('runs', 1));
const viaNpmStart = !process.argv.includes('--sources');

async function download(url: string, token: string): Promise<{ bytes: number; ms: number; type: string }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { 'x-access-token': token } });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  const reader = res.body.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
  return { bytes, ms: performance.now() - t0, type: res.headers.get('content-type') ?? '' };
}

console.log(
  `export bench: ${kind}, sizes ${sizes.join(', ')}, server ${viaNpmStart ? 'as npm start runs it' : 'sources through tsx'}`,
);
const store = await createStore(kind);
const table: (string | number)[][] = [];
try {
  let loaded = 0;
  for (const size of sizes) {
    if (loaded === 0) {
      await fillStore(store, size);
    } else {
      const database = await store.open();
      await database.db.execute(supplierInsert(size - loaded, loaded));
      await database.close();
    }
    loaded = size;
    for (let run = 1; run <= runs; run++) {
      const server = await startServer(store.env, 'server', { viaNpmStart });
      try {
        const token = await login(server.url);
        const before = server.rss().currentMb;
        server.resetPeak();
        const cpu = cpuMeter(server.serverPid, store.dbName);
        const r = await download(`${server.url}/api/gysgl/supplier/exportXls`, token);
        const { serverMs, dbMs } = cpu.stop();
        const { peakMb } = server.rss();
        table.push([
          `${size} rows (+ demo rows)`,
          r.ms / 1000,
          r.bytes / 1024 / 1024,
          before,
          peakMb,
          peakMb - before,
          serverMs / 1000,
          dbMs / 1000,
        ]);
      } finally {
        await server.stop();
      }
    }
  }
  printTable(
    ['export', 'seconds', 'MB', 'RSS before MB', 'peak RSS MB', 'growth MB', 'server CPU s', 'db CPU s'],
    table,
  );
} finally {
  await store.dispose();
}
