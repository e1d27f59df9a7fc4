/**
 * Export through the real server: GET /api/gysgl/supplier/exportXls of every supplier (the
 * default sort), read as fast as the client can, for each size in --sizes. Reports seconds, file
 * size and the server's peak RSS during the download (sampled every 50 ms from /proc).
 *   npx tsx export-bench.ts --db=postgres --sizes=100000,1000000
 */
import { dbFlag, flag } from './lib/args';
import { printTable } from './lib/load';
import { login, startServer } from './lib/server';
import { createStore, fillStore, supplierInsert } from './lib/store';

const kind = dbFlag();
const sizes = flag('sizes', '100000,1000000')
  .split(',')
  .map(Number)
  .sort((a, b) => a - b);

async function download(url: string, token: string): Promise<{ bytes: number; ms: number; type: string }> {
  const t0 = performance.now();
  const res = await fetch(url, { headers: { 'x-access-token': token } });
  if (!res.ok || !res.body) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  const reader = res.body.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) bytes += r.value.byteLength;
  return { bytes, ms: performance.now() - t0, type: res.headers.get('content-type') ?? '' };
}

console.log(`export bench: ${kind}, sizes ${sizes.join(', ')}`);
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
    const server = await startServer(store.env);
    try {
      const token = await login(server.url);
      const before = server.rss().currentMb;
      server.resetPeak();
      const r = await download(`${server.url}/api/gysgl/supplier/exportXls`, token);
      const { peakMb } = server.rss();
      table.push([`${size} rows (+ demo rows)`, r.ms / 1000, r.bytes / 1024 / 1024, before, peakMb, peakMb - before]);
    } finally {
      await server.stop();
    }
  }
  printTable(['export', 'seconds', 'MB', 'RSS before MB', 'peak RSS MB', 'growth MB'], table);
} finally {
  await store.dispose();
}
