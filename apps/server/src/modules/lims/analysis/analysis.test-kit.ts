import { and, asc, eq, sql } from 'drizzle-orm';
import { SAMPLE_STATUS } from '@lims/contracts';
import type { TestApp } from '../../../../test/build-test-app';
import {
  analyses,
  customerUnits,
  limsAudit,
  limsSettings,
  projectItems,
  projects,
  samples,
  users,
} from '../../../db/schema';
import { kit } from '../../supplier/business.test-kit';

let seq = 0;

export type FixtureItem = { itemName: string; unit?: string; specMin?: string; specMax?: string; specText?: string };

/**
 * Fixture rows of the analysis tests, written straight into the database (not through the sample
 * routes): a project with test items, a sample in 已接收 and one analysis per item (待录入), as
 * receiving a sample makes them.
 */
export function analysisKit(t: TestApp, admin: () => string) {
  const base = kit(t, admin);
  const db = t.database.db;
  const userId = async (username: string) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

  /** A received sample with one analysis per item; answers the sample id and its analyses' ids (item order). */
  const receivedSample = async (items: FixtureItem[], opts: { analyst?: string; dueDate?: string } = {}) => {
    seq += 1;
    const tag = `${process.pid}${String(seq).padStart(3, '0')}`;
    const [unit] = await db.select({ id: customerUnits.id }).from(customerUnits).limit(1);
    const [project] = await db
      .insert(projects)
      .values({
        projectNo: `XMT${tag}`,
        name: `检测任务测试项目${tag}`,
        customerUnitId: unit.id,
        status: '2',
        createBy: 'test',
      })
      .returning({ id: projects.id });
    const itemRows = await db
      .insert(projectItems)
      .values(items.map((it, i) => ({ projectId: project.id, ...it, sortNo: i, createBy: 'test' })))
      .returning({ id: projectItems.id });
    const [sample] = await db
      .insert(samples)
      .values({
        sampleNo: `YPT${tag}`,
        projectId: project.id,
        name: `样品${tag}`,
        status: SAMPLE_STATUS.received,
        receivedAt: sql`now()`,
        createBy: 'test',
      })
      .returning({ id: samples.id });
    const analystId = opts.analyst ? await userId(opts.analyst) : null;
    const rows = await db
      .insert(analyses)
      .values(
        items.map((it, i) => ({
          sampleId: sample.id,
          projectItemId: itemRows[i].id,
          ...it,
          analystId,
          dueDate: opts.dueDate ?? '2026-12-31',
          createBy: 'test',
        })),
      )
      .returning({ id: analyses.id, itemName: analyses.itemName });
    const order = new Map(items.map((it, i) => [it.itemName, i]));
    rows.sort((a, b) => (order.get(a.itemName) ?? 0) - (order.get(b.itemName) ?? 0));
    return { sampleId: sample.id, analysisIds: rows.map((r) => r.id) };
  };

  const analysis = async (id: string) => (await db.select().from(analyses).where(eq(analyses.id, id)))[0];
  const sampleStatus = async (id: string) =>
    (await db.select({ status: samples.status }).from(samples).where(eq(samples.id, id)))[0].status;
  const trail = (entity: string, id: string) =>
    db
      .select()
      .from(limsAudit)
      .where(and(eq(limsAudit.entity, entity), eq(limsAudit.recordId, id)))
      .orderBy(asc(limsAudit.at));
  const setVerifiers = (n: 1 | 2) =>
    db
      .insert(limsSettings)
      .values({ key: 'verifiersRequired', value: n })
      .onConflictDoUpdate({ target: limsSettings.key, set: { value: n } });

  const save = (token: string, body: Record<string, unknown>) => base.send('POST', '/lims/result/save', body, token);
  const verify = (token: string, id: string) => base.send('POST', '/lims/verify/verify', { id }, token);
  const reject = (token: string, id: string, reason?: string) =>
    base.send('POST', '/lims/verify/reject', { id, reason }, token);
  return { ...base, userId, receivedSample, analysis, sampleStatus, trail, setVerifiers, save, verify, reject };
}
