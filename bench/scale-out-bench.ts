/**
 * List throughput on PostgreSQL with one server process and with two (same database, two ports,
 * the load split evenly): page 1 of the suppliers sorted by createTime desc, exact total.
 *   npx tsx scale-out-bench.ts --rows=1000000 --duration=15 --connections=50
 */
import { numberFlag } from './lib/args';
import { httpLoad, printTable, type LoadResult } from './lib/load';
import { login, startServer, type RunningServer } from './lib/server';
import { createStore, fillStore } from './lib/store';

const rows = numberFlag('rows', 100_000);
const seconds = numberFlag('duration', 15);
const warmup = numberFlag('warmup', 3);
const connections = numberFlag('connections', 50);
const PATH = '/api/gysgl/supplier/list?pageNo=1&pageSize=10&column=createTime&order=desc';

/** Runs one autocannon per server at once, splitting the connections; sums the rates. */
async function load(servers: RunningServer[], tokens: string[], secs: number): Promise<LoadResult> {
  const share = Math.floor(connections / servers.length);
  const results = await Promise.all(
    servers.map((s, i) => httpLoad(`${s.url}${PATH}`, { 'x-access-token': tokens[i] }, share, secs)),
  );
  return {
    rps: results.reduce((n, r) => n + r.rps, 0),
    p50: Math.max(...results.map((r) => r.p50)),
    p99: Math.max(...results.map((r) => r.p99)),
    errors: results.reduce((n, r) => n + r.errors, 0),
  };
}

const store = await createStore('postgres');
try {
  await fillStore(store, rows);
  const servers = [await startServer(store.env, 'server 1'), await startServer(store.env, 'server 2')];
  try {
    const tokens = await Promise.all(servers.map((s) => login(s.url)));
    const table: (string | number)[][] = [];
    await load(servers.slice(0, 1), tokens, warmup);
    const one = await load(servers.slice(0, 1), tokens, seconds);
    table.push(['1 process', one.rps, one.p50, one.p99, one.errors, '1.00']);
    await load(servers, tokens, warmup);
    const two = await load(servers, tokens, seconds);
    table.push(['2 processes', two.rps, two.p50, two.p99, two.errors, (two.rps / one.rps).toFixed(2)]);
    console.log(
      `scale-out: postgres, ${rows} suppliers, ${connections} connections × ${seconds} s (worst p50/p99 of the two)`,
    );
    printTable(['servers', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'ratio'], table);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
} finally {
  await store.dispose();
}
