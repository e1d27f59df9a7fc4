/**
 * Start-up time of `npm start` (node scripts/start.mjs: the web build check, the server bundle,
 * the server): the first start on an empty database (migrations, seed), then --runs more starts
 * with the data there (the "second npm start"), from spawn to the first answer; and, for the
 * ratio, the same second start of the sources through tsx (how tests and `npm run dev` run).
 *   npx tsx startup-bench.ts --db=pglite --rows=100000 --runs=3
 * Build apps/web first (npm start would, and that is not start-up).
 */
import { dbFlag, numberFlag } from './lib/args';
import { printTable } from './lib/load';
import { startServer } from './lib/server';
import { createStore, fillStore } from './lib/store';

const kind = dbFlag();
const rows = numberFlag('rows', 100_000);
const runs = numberFlag('runs', 3);
const store = await createStore(kind);
try {
  const table: (string | number)[][] = [];
  const first = await startServer(store.env, 'server', { viaNpmStart: true });
  table.push(['first start (empty database: migrate, seed)', first.startMs / 1000, first.rss().currentMb]);
  await first.stop();
  await fillStore(store, rows);
  for (let i = 1; i <= runs; i++) {
    const server = await startServer(store.env, 'server', { viaNpmStart: true });
    table.push([`npm start ${i + 1} (${rows} suppliers there)`, server.startMs / 1000, server.rss().currentMb]);
    await server.stop();
    const sources = await startServer(store.env);
    table.push([`  the same, sources through tsx`, sources.startMs / 1000, sources.rss().currentMb]);
    await sources.stop();
  }
  console.log(`start-up bench: ${kind}`);
  printTable(['start', 'seconds', 'RSS MB'], table);
} finally {
  await store.dispose();
}
