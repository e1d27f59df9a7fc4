/**
 * 检测任务 list on 1 000 000 analyses (issue 18): a fresh PostgreSQL database holding one project,
 * `rows / 10` samples and `rows` analyses (generate_series), the list shapes the page runs measured
 * in-process through the list engine (`runList`), each followed by the page's completion (sample
 * number and project name of the page's rows), and EXPLAIN (ANALYZE, BUFFERS) of the statements the
 * engine sent for one run of each shape (captured from the pg driver), with the indexes they used.
 *   npx tsx analysis-list-bench.ts --rows=1000000 --duration=10 --connections=10
 * The analyses list entity is the analysis module's; until it is merged, the bench declares the
 * fields a 检测任务 list uses here (same table, same engine).
 */
import pg from 'pg';
import { inArray, sql } from 'drizzle-orm';
import { projects, samples } from '../apps/server/src/db/schema';
import { runList } from '../apps/server/src/platform/list-query';
import { analysisList } from '../apps/server/src/modules/lims';
import { createDictCache } from '../apps/server/src/platform/dict-cache';
import { queryRows, type DbOrTx } from '../apps/server/src/db/client';
import { numberFlag } from './lib/args';
import { directLoad, printTable } from './lib/load';
import { createStore, fillStore } from './lib/store';

const rows = numberFlag('rows', 1_000_000);
const seconds = numberFlag('duration', 10);
const warmup = numberFlag('warmup', 2);
const connections = numberFlag('connections', 10);
const deepPage = Math.max(1, Math.floor(rows / 20));

const ITEMS = [
  ['pH值', 'GB/T 6920-1986', '无量纲', 6, 9],
  ['化学需氧量', 'HJ 828-2017', 'mg/L', null, 40],
  ['五日生化需氧量', 'HJ 505-2009', 'mg/L', null, 10],
  ['氨氮', 'HJ 535-2009', 'mg/L', null, 2],
  ['总磷', 'GB/T 11893-1989', 'mg/L', null, 0.4],
  ['总氮', 'HJ 636-2012', 'mg/L', null, 2],
  ['铅', 'GB 5009.12-2017', 'mg/kg', null, 0.2],
  ['镉', 'GB 5009.15-2014', 'mg/kg', null, 0.1],
  ['总汞', 'GB 5009.17-2021', 'mg/kg', null, 0.02],
  ['菌落总数', 'GB 4789.2-2022', 'CFU/g', null, 10000],
] as const;
const arr = (i: number) => `array[${ITEMS.map((it) => (it[i] === null ? 'null' : `'${it[i]}'`)).join(',')}]`;

/**
 * `rows / 10` samples of the first demo project, then 10 analyses each (one per item above), one
 * second apart from 2025-01-01; every 23rd analysis 待录入, the next 待复核, the rest 已复核; analysts
 * cycle over the three demo analysts; due dates spread over 2025.
 */
async function fill(db: DbOrTx): Promise<{ loadMs: number }> {
  const t0 = performance.now();
  const sampleCount = Math.ceil(rows / 10);
  await db.execute(sql`insert into samples (id, sample_no, project_id, name, sample_type, status, received_at, create_by, create_time)
    select md5('s' || g), 'YPB' || lpad(g::text, 9, '0'), (select id from projects order by project_no limit 1),
      '样品' || g, '1', '4', timestamptz '2025-01-01' + g * interval '10 second', 'zhaoliu',
      timestamptz '2025-01-01' + g * interval '10 second'
    from generate_series(1, ${sampleCount}::int) g`);
  await db.execute(
    sql.raw(`insert into analyses (id, sample_id, item_name, standard, unit, spec_min, spec_max, analyst_id, due_date,
      result, out_of_spec, entered_by, entered_at, status, result_round, create_by, create_time)
    select md5('a' || g), md5('s' || ((g - 1) / 10 + 1)), (${arr(0)})[g % 10 + 1], (${arr(1)})[g % 10 + 1],
      (${arr(2)})[g % 10 + 1], (${arr(3)}::numeric[])[g % 10 + 1], (${arr(4)}::numeric[])[g % 10 + 1],
      (u.ids)[g % 3 + 1], date '2025-01-01' + (g % 365),
      case when g % 23 = 0 then null else ((g % 97) / 10.0)::text end,
      case when g % 23 = 0 then null else g % 50 = 1 end,
      case when g % 23 = 0 then null else (u.ids)[g % 3 + 1] end,
      case when g % 23 = 0 then null else timestamptz '2025-01-01' + g * interval '1 second' + interval '1 day' end,
      case g % 23 when 0 then '1' when 1 then '2' else '3' end, case when g % 23 = 0 then 0 else 1 end,
      'zhaoliu', timestamptz '2025-01-01' + g * interval '1 second'
    from generate_series(1, ${rows}) g,
      (select array_agg(id order by username) ids from users where username in ('sunqi', 'zhouba', 'admin')) u`),
  );
  await db.execute(sql`vacuum analyze samples`);
  await db.execute(sql`vacuum analyze analyses`);
  return { loadMs: performance.now() - t0 };
}

/** The page's sample numbers and project names: one query by the page's sample ids. */
async function complete(db: DbOrTx, sampleIds: string[]) {
  if (sampleIds.length === 0) return [];
  return db
    .select({ id: samples.id, sampleNo: samples.sampleNo, projectName: projects.name })
    .from(samples)
    .innerJoin(projects, sql`${projects.id} = ${samples.projectId}`)
    .where(inArray(samples.id, sampleIds));
}

/** Records every statement the pg driver sends while `fn` runs (text and values). */
async function captureQueries(fn: () => Promise<unknown>): Promise<{ text: string; values: unknown[] }[]> {
  const proto = pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown };
  const original = proto.query;
  const seen: { text: string; values: unknown[] }[] = [];
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [q, v] = args;
    if (typeof q === 'string') seen.push({ text: q, values: (v as unknown[]) ?? [] });
    else if (q && typeof q === 'object' && 'text' in q) {
      const c = q as { text: string; values?: unknown[] };
      seen.push({ text: c.text, values: c.values ?? (v as unknown[]) ?? [] });
    }
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    proto.query = original;
  }
  return seen;
}

console.log(`analysis list bench: postgres, ${rows} analyses, ${connections} connections × ${seconds} s`);
const store = await createStore('postgres');
try {
  await fillStore(store, 0);
  const database = await store.open(connections + 2);
  try {
    const db = database.db;
    const { loadMs } = await fill(db);
    console.log(`loaded ${rows} analyses and ${Math.ceil(rows / 10)} samples in ${(loadMs / 1000).toFixed(1)} s`);
    const [sunqi] = await queryRows<{ id: string }>(db, sql`select id from users where username = 'sunqi'`);
    const base = { pageNo: '1', pageSize: '10', column: 'createTime', order: 'desc' };
    const shapes: { name: string; params: Record<string, string> }[] = [
      { name: 'page 1, createTime desc', params: base },
      { name: 'status=1 (待录入)', params: { ...base, status: '1' } },
      { name: 'status=2 (待复核)', params: { ...base, status: '2' } },
      { name: 'itemName=*化学需氧量*', params: { ...base, itemName: '*化学需氧量*' } },
      { name: 'itemName=*铅*', params: { ...base, itemName: '*铅*' } },
      { name: "itemName=铅 (the page's exact search)", params: { ...base, itemName: '铅' } },
      { name: 'analystId=sunqi, status=1', params: { ...base, analystId: sunqi.id, status: '1' } },
      { name: `page ${deepPage} (offset ${(deepPage - 1) * 10})`, params: { ...base, pageNo: String(deepPage) } },
      { name: 'status=3, page 1000', params: { ...base, status: '3', pageNo: '1000' } },
    ];
    const dicts = createDictCache(db);
    const table: (string | number)[][] = [];
    const plans: string[] = [];
    for (const shape of shapes) {
      const task = async () => {
        const page = await runList(db, analysisList, shape.params, { loadDict: dicts.textMap });
        await complete(db, [...new Set(page.records.map((r) => String(r.sampleId)))]);
        return page;
      };
      let total = 0;
      const queries = await captureQueries(async () => (total = (await task()).total));
      await directLoad(task, connections, warmup);
      const r = await directLoad(task, connections, seconds);
      table.push([`${shape.name} (total ${total})`, r.rps, r.p50, r.p99, r.errors]);
      const client = new pg.Client({ connectionString: store.env.DATABASE_URL });
      await client.connect();
      try {
        for (const q of queries.filter((x) => /^\s*(select|with)/i.test(x.text))) {
          const res = await client.query(`explain (analyze, buffers) ${q.text}`, q.values);
          const lines = res.rows.map((row: Record<string, string>) => row['QUERY PLAN']);
          const used = [...new Set(lines.join('\n').match(/(?:Index|Bitmap Index)[\w ]*? (?:on|using) \w+/g) ?? [])];
          const seq = [...new Set(lines.join('\n').match(/Seq Scan on \w+/g) ?? [])];
          const time = lines.find((l: string) => l.startsWith('Execution Time')) ?? '';
          plans.push(
            `${shape.name}: ${q.text.replace(/\s+/g, ' ').slice(0, 110)}…\n    ${used.join('; ') || 'no index'}` +
              `${seq.length ? `; ${seq.join('; ')}` : ''}; ${time}`,
          );
        }
      } finally {
        await client.end();
      }
    }
    console.log('');
    printTable(['shape (exact total)', 'req/s', 'p50 ms', 'p99 ms', 'errors'], table);
    console.log('\nEXPLAIN ANALYZE of the statements one run of each shape sent:');
    for (const p of plans) console.log(`- ${p}`);
  } finally {
    await database.close();
  }
} finally {
  await store.dispose();
}
