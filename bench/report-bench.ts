/**
 * 检测报告 of a large project through the real server: a project with --samples samples (default
 * 200) × --items analyses each (default 10), all verified, then POST /api/lims/report/generate
 * (reads the data, renders the PDF with the CJK font embedded, stores it), approve and publish
 * (each re-renders), and a download of the stored PDF. Reports seconds per step, the PDF's size and
 * page count. --runs=N repeats the generate on the same project N times.
 *   npx tsx report-bench.ts [--db=pglite|postgres] [--samples=200] [--items=10] [--runs=3]
 */
import { dbFlag, numberFlag } from './lib/args';
import { printTable } from './lib/load';
import { login, startServer } from './lib/server';
import { createStore } from './lib/store';
import { seedDatabase } from '../apps/server/src/db/seed';
import { reportFixture } from '../apps/server/src/modules/lims/report/report.test-kit';

const kind = dbFlag();
const sampleCount = numberFlag('samples', 200);
const items = numberFlag('items', 10);
const runs = Math.max(1, numberFlag('runs', 3));

async function call(url: string, token: string, init: RequestInit = {}): Promise<{ ms: number; body: Buffer }> {
  const t0 = performance.now();
  const res = await fetch(url, {
    ...init,
    headers: { 'x-access-token': token, 'content-type': 'application/json', ...(init.headers ?? {}) },
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (!res.ok) throw new Error(`${url}: ${res.status} ${body.toString('utf8').slice(0, 300)}`);
  return { ms: performance.now() - t0, body };
}

console.log(`report bench: ${kind}, ${sampleCount} samples × ${items} analyses`);
const store = await createStore(kind);
const rows: (string | number)[][] = [];
try {
  const database = await store.open();
  let projectId: string;
  try {
    await seedDatabase(database.db, { production: false });
    const t0 = performance.now();
    ({ projectId } = await reportFixture(database.db, { samples: sampleCount, items }));
    console.log(`fixture written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    await database.close();
  }
  const server = await startServer(store.env);
  try {
    const token = await login(server.url, 'zhouba');
    const api = `${server.url}/api/lims/report`;
    const post = (path: string, body: object) =>
      call(`${api}/${path}`, token, { method: 'POST', body: JSON.stringify(body) });
    let id = '';
    for (let run = 1; run <= runs; run++) {
      const g = await post('generate', { projectId });
      id = (JSON.parse(g.body.toString('utf8')) as { result: { id: string } }).result.id;
      rows.push([`generate (run ${run})`, g.ms / 1000]);
    }
    const a = await post('approve', { id });
    rows.push(['approve (re-render)', a.ms / 1000]);
    const p = await post('publish', { id });
    rows.push(['publish (freeze + re-render)', p.ms / 1000]);
    const d = await call(`${api}/download?id=${id}`, token);
    rows.push(['download (stored)', d.ms / 1000]);
    const pages = (d.body.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    console.log(`PDF: ${(d.body.length / 1024).toFixed(0)} KiB, ${pages} pages, ${sampleCount * items} result rows`);
  } finally {
    await server.stop();
  }
} finally {
  await store.dispose();
}
printTable(['step', 'seconds'], rows);
