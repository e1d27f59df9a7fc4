/**
 * List throughput with exact totals: the real server on a fresh database holding `rows` suppliers,
 * three list shapes under autocannon, and the same shapes run in-process (no HTTP) for the ratio:
 * "sql" = the plain way (page query and count(*) at once), "engine" = runList itself.
 *   npm run bench -- --db=postgres --rows=1000000 --duration=15 --connections=50
 * See README.md.
 */
import { sql } from 'drizzle-orm';
import { createDictCache } from '../apps/server/src/platform/dict-cache';
import { parseListQuery, runList, selectionOf } from '../apps/server/src/platform/list-query';
import { supplierList } from '../apps/server/src/modules/supplier/supplier.entities';
import type { DbOrTx } from '../apps/server/src/db/client';
import { dbFlag, flag, numberFlag } from './lib/args';
import { cpuMeter } from './lib/cpu';
import { directLoad, httpLoad, printTable, type LoadResult } from './lib/load';
import { login, startServer } from './lib/server';
import { createStore, fillStore } from './lib/store';

const kind = dbFlag();
const rows = numberFlag('rows', 100_000);
const seconds = numberFlag('duration', 15);
const warmup = numberFlag('warmup', 3);
const connections = numberFlag('connections', 50);
const only = flag('only', '');
const deepPage = Math.max(1, Math.floor(rows / 20));

const ALL_SHAPES: { name: string; params: Record<string, string> }[] = [
  { name: 'page 1, createTime desc', params: { pageNo: '1', pageSize: '10', column: 'createTime', order: 'desc' } },
  {
    name: `page ${deepPage} (offset ${(deepPage - 1) * 10})`,
    params: { pageNo: String(deepPage), pageSize: '10', column: 'createTime', order: 'desc' },
  },
  { name: 'name=*abc*', params: { pageNo: '1', pageSize: '10', column: 'createTime', order: 'desc', name: '*abc*' } },
];
const SHAPES = ALL_SHAPES.filter((s) => !only || s.name.includes(only));

/** What a list did before any counting strategy: the page and count(*) at once. */
function plainSql(db: DbOrTx, params: Record<string, string>) {
  const q = parseListQuery(supplierList, params);
  return () =>
    Promise.all([
      db
        .select(selectionOf(q.fields))
        .from(supplierList.table)
        .where(q.where)
        .orderBy(...q.orderBy)
        .limit(q.pageSize)
        .offset((q.pageNo - 1) * q.pageSize),
      db.execute(sql`select count(*) from suppliers ${q.where ? sql`where ${q.where}` : sql``}`),
    ]);
}

console.log(`list bench: ${kind}, ${rows} suppliers, ${connections} connections × ${seconds} s (warm-up ${warmup} s)`);
const store = await createStore(kind);
try {
  const { loadMs } = await fillStore(store, rows);
  console.log(`loaded in ${(loadMs / 1000).toFixed(1)} s`);

  // In-process first (PGlite's data directory can have only one owner at a time).
  type Direct = { plain: LoadResult; engine: LoadResult; plainDbMs: number; engineCpuMs: number };
  const direct = new Map<string, Direct>();
  /** Runs a direct load, measuring this process's CPU and the database's per request. */
  const measured = async (task: () => Promise<unknown>) => {
    const db = cpuMeter(process.pid, store.dbName);
    const own = process.cpuUsage();
    const r = await directLoad(task, connections, seconds);
    const used = process.cpuUsage(own);
    const n = r.rps * seconds;
    return { r, selfMs: (used.user + used.system) / 1000 / n, dbMs: db.stop().dbMs / n };
  };
  const database = await store.open(10);
  try {
    const dicts = createDictCache(database.db);
    for (const shape of SHAPES) {
      const plain = plainSql(database.db, shape.params);
      const engine = () => runList(database.db, supplierList, shape.params, { loadDict: dicts.textMap });
      await directLoad(plain, connections, warmup);
      const p = await measured(plain);
      await directLoad(engine, connections, warmup);
      const e = await measured(engine);
      direct.set(shape.name, {
        plain: p.r,
        engine: e.r,
        plainDbMs: kind === 'pglite' ? p.selfMs : p.dbMs,
        engineCpuMs: e.selfMs + e.dbMs,
      });
    }
  } finally {
    await database.close();
  }

  const server = await startServer(store.env);
  try {
    console.log(`server up in ${(server.startMs / 1000).toFixed(2)} s (second start: data exists)`);
    const headers = { 'x-access-token': await login(server.url) };
    const table: (string | number)[][] = [];
    for (const shape of SHAPES) {
      const url = `${server.url}/api/gysgl/supplier/list?${new URLSearchParams(shape.params)}`;
      const probe = await fetch(url, { headers });
      const body = (await probe.json()) as { result?: { total?: number; records?: unknown[] } };
      if (!probe.ok) throw new Error(`${shape.name}: ${probe.status}`);
      await httpLoad(url, headers, connections, warmup);
      const meter = cpuMeter(server.pid, store.dbName);
      const r = await httpLoad(url, headers, connections, seconds);
      const cpu = meter.stop();
      const n = r.rps * seconds;
      const d = direct.get(shape.name)!;
      table.push([
        `${shape.name} (total ${body.result?.total})`,
        r.rps,
        r.p50,
        r.p99,
        r.errors,
        cpu.serverMs / n,
        cpu.dbMs / n,
        d.plain.rps,
        d.plainDbMs,
        d.engine.rps,
        d.engineCpuMs,
        (r.rps / d.plain.rps).toFixed(2),
      ]);
    }
    console.log('');
    printTable(
      [
        'shape',
        'http req/s',
        'p50 ms',
        'p99 ms',
        'errors',
        'server cpu ms/req',
        'db cpu ms/req',
        'sql req/s',
        'sql cpu ms/req',
        'engine req/s',
        'engine cpu ms/req',
        'http/sql',
      ],
      table,
    );
    console.log(
      'cpu ms/req: CPU time of the server process and of the PostgreSQL backends per answered request' +
        ' (PGlite runs inside the server: all of it is server cpu); "sql" = page + count(*) at once, "engine" = runList in-process.',
    );
    console.log(`\nserver RSS ${server.rss().currentMb.toFixed(0)} MB`);
  } finally {
    await server.stop();
  }
} finally {
  await store.dispose();
}
