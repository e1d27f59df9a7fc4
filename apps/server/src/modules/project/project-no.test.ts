import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { docNoCounters, projects } from '../../db/schema';
import { todayIn } from '../../platform/time';
import { formatDocNo, takeDocNos } from '../../platform/doc-no';
import { projectKit } from './project.test-kit';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
let k: ReturnType<typeof projectKit>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  k = projectKit(t, () => admin);
});
afterAll(async () => {
  await t?.close();
});

describe('project numbers', () => {
  it('are XM + yyyyMMdd + a 4-digit sequence', () => {
    expect(formatDocNo('XM', '20261121', 1)).toBe('XM202611210001');
    expect(formatDocNo('XM', '20261121', 10_000)).toBe('XM2026112110000');
  });

  it(`stay unique under 50 concurrent creates and are never reused after a delete (${TEST_DB})`, async () => {
    const unit = await k.ids.unit('KH0002');
    const ids = await Promise.all(
      Array.from({ length: 50 }, (_, i) => k.addProject({ customerUnitId: unit, name: `并发项目${i}` })),
    );
    const rows = await Promise.all(
      ids.map(
        async (id) =>
          (await t.database.db.select({ no: projects.projectNo }).from(projects).where(eq(projects.id, id)))[0].no,
      ),
    );
    const day = todayIn(t.config.timeZone).replaceAll('-', '');
    expect(new Set(rows).size).toBe(50);
    expect(rows.every((no) => no.startsWith(`XM${day}`) && no.length === 14)).toBe(true);
    const seqs = rows.map((no) => Number(no.slice(10))).sort((a, b) => a - b);
    expect(seqs[49] - seqs[0]).toBe(49);

    const latest = ids[rows.indexOf(`XM${day}${String(seqs[49]).padStart(4, '0')}`)];
    expect((await k.send('DELETE', `/project/jcXmProject/delete?id=${latest}`)).statusCode).toBe(200);
    const next = await k.detail(await k.addProject({ customerUnitId: unit, name: '删除后新建' }));
    expect(Number(next.projectNo.slice(10))).toBe(seqs[49] + 1);
    const [counter] = await t.database.db
      .select()
      .from(docNoCounters)
      .where(and(eq(docNoCounters.prefix, 'XM'), eq(docNoCounters.day, day)));
    expect(counter.last).toBe(seqs[49] + 1);
  });

  it('takes a block of consecutive numbers in one statement', async () => {
    const block = await takeDocNos(t.database.db, 'XM', 3);
    const seqs = block.map((no) => Number(no.slice(10)));
    expect(seqs).toEqual([seqs[0], seqs[0] + 1, seqs[0] + 2]);
  });
});
