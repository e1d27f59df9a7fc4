/**
 * 结果录入 of --analyses open analyses (default 1 000) through the real server, as the grid does it:
 * the analyst's list (GET /api/lims/result/list, 500 rows a page as the grid asks), then one
 * POST /api/lims/result/save per row, one after another (type, Enter), every tenth result outside
 * its limits. Reports the list time and the per-save times (median, p95) and the total.
 *   npx tsx results-entry-bench.ts [--db=pglite|postgres] [--analyses=1000]
 */
import { eq } from 'drizzle-orm';
import { dbFlag, numberFlag } from './lib/args';
import { printTable } from './lib/load';
import { login, startServer } from './lib/server';
import { createStore } from './lib/store';
import { seedDatabase } from '../apps/server/src/db/seed';
import { analyses, customerUnits, projects, samples, users } from '../apps/server/src/db/schema';

const kind = dbFlag();
const count = numberFlag('analyses', 1000);
const PER_SAMPLE = 10;

async function call(url: string, token: string, init: RequestInit = {}): Promise<{ ms: number; body: unknown }> {
  const t0 = performance.now();
  const res = await fetch(url, {
    ...init,
    headers: { 'x-access-token': token, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${text.slice(0, 300)}`);
  return { ms: performance.now() - t0, body: JSON.parse(text) as unknown };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

console.log(`results entry bench: ${kind}, ${count} analyses assigned to sunqi`);
const store = await createStore(kind);
const rows: (string | number)[][] = [];
try {
  const database = await store.open();
  try {
    const db = database.db;
    await seedDatabase(db, { production: false });
    const [sunqi] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'sunqi'));
    const [unit] = await db.select({ id: customerUnits.id }).from(customerUnits).limit(1);
    const [project] = await db
      .insert(projects)
      .values({ projectNo: 'XMBENCH0001', name: '结果录入基准项目', customerUnitId: unit.id, status: '2' })
      .returning({ id: projects.id });
    const sampleCount = Math.ceil(count / PER_SAMPLE);
    const made = await db
      .insert(samples)
      .values(
        Array.from({ length: sampleCount }, (_, i) => ({
          sampleNo: `YPBENCH${String(i + 1).padStart(5, '0')}`,
          projectId: project.id,
          name: `基准样品${i + 1}`,
          status: '2',
          receivedAt: new Date().toISOString(),
        })),
      )
      .returning({ id: samples.id });
    const values = Array.from({ length: count }, (_, i) => ({
      sampleId: made[Math.floor(i / PER_SAMPLE)].id,
      itemName: `项目${(i % PER_SAMPLE) + 1}`,
      unit: 'mg/L',
      specMax: '1',
      analystId: sunqi.id,
      status: '1',
    }));
    for (let i = 0; i < values.length; i += 500) await db.insert(analyses).values(values.slice(i, i + 500));
  } finally {
    await database.close();
  }
  const server = await startServer(store.env);
  try {
    const token = await login(server.url, 'sunqi');
    const api = `${server.url}/api/lims/result`;
    const list = await call(`${api}/list?pageSize=500`, token);
    rows.push(['list: first 500 open analyses', list.ms / 1000]);
    const ids: string[] = [];
    for (let page = 1; ids.length < count; page++) {
      const res = await call(`${api}/list?pageSize=500&pageNo=${page}`, token);
      const records = (res.body as { result: { records: { id: string; result: string | null }[] } }).result.records;
      if (records.length === 0) break;
      // The demo data's own analyses of sunqi already have results (changing them needs a reason).
      ids.push(...records.filter((r) => r.result === null).map((r) => r.id));
    }
    const times: number[] = [];
    const t0 = performance.now();
    for (const [i, id] of ids.entries()) {
      const result = i % 10 === 0 ? '1.5' : '0.5';
      const res = await call(`${api}/save`, token, { method: 'POST', body: JSON.stringify({ id, result }) });
      times.push(res.ms);
    }
    const total = (performance.now() - t0) / 1000;
    times.sort((a, b) => a - b);
    rows.push([`save ${ids.length} results one by one: total`, total]);
    rows.push(['save: median per row', quantile(times, 0.5) / 1000]);
    rows.push(['save: p95 per row', quantile(times, 0.95) / 1000]);
  } finally {
    await server.stop();
  }
} finally {
  await store.dispose();
}
printTable(['step', 'seconds'], rows);
