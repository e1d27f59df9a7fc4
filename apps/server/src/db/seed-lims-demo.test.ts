import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_STATUS, REPORT_STATUS, SAMPLE_STATUS } from '@lims/contracts';
import { openTestDatabase } from '../../test/test-database';
import type { Database, Db } from './client';
import * as s from './schema';
import { seedDatabase } from './seed';
import { seedToday } from './seed-demo';

let database: Database;
let db: Db;
beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  await seedDatabase(db, { production: false });
});
afterAll(async () => {
  await database?.close();
});

const userIds = async () => new Map((await db.select().from(s.users)).map((u) => [u.id, u.username]));
const LIMS_TABLES = {
  samples: s.samples,
  analyses: s.analyses,
  analysisVerifications: s.analysisVerifications,
  reports: s.reports,
  reportSamples: s.reportSamples,
  limsAudit: s.limsAudit,
  docNoCounters: s.docNoCounters,
};
const snapshot = async () =>
  Object.fromEntries(
    await Promise.all(
      Object.entries(LIMS_TABLES).map(async ([name, table]) => {
        const rows = await db.select().from(table);
        return [name, rows.map((r) => JSON.stringify(r)).sort()] as const;
      }),
    ),
  );

describe('demo laboratory data', () => {
  it('has samples in every state, each state matching its analyses', async () => {
    const samples = await db.select().from(s.samples);
    const analyses = await db.select().from(s.analyses);
    expect(new Set(samples.map((x) => x.status))).toEqual(new Set(Object.values(SAMPLE_STATUS)));
    for (const sample of samples) {
      const own = analyses.filter((a) => a.sampleId === sample.id);
      const entered = own.filter((a) => a.result !== null);
      const verified = own.filter((a) => a.status === ANALYSIS_STATUS.verified);
      const expected = !sample.receivedAt
        ? sample.returnReason
          ? SAMPLE_STATUS.returned
          : SAMPLE_STATUS.pending
        : verified.length === own.length
          ? SAMPLE_STATUS.done
          : entered.length > 0
            ? SAMPLE_STATUS.testing
            : SAMPLE_STATUS.received;
      expect(sample.status, sample.sampleNo).toBe(expected);
      expect(sample.sampleNo).toMatch(/^YP\d{12}$/);
      if (sample.receivedAt) expect(own.length, sample.sampleNo).toBeGreaterThan(0);
    }
    expect(samples.find((x) => x.status === SAMPLE_STATUS.returned)?.returnReason).toMatch(/破损/);
  });

  it('has results by 孙七 (one 超标, outside its limit) verified by 周八 for the current round', async () => {
    const names = await userIds();
    const analyses = await db.select().from(s.analyses);
    const verifications = await db.select().from(s.analysisVerifications);
    const entered = analyses.filter((a) => a.result !== null);
    expect(entered.length).toBeGreaterThan(5);
    expect(new Set(entered.map((a) => names.get(a.enteredBy!)))).toEqual(new Set(['sunqi']));
    const over = analyses.filter((a) => a.outOfSpec);
    expect(over).toHaveLength(1);
    expect(Number(over[0].result)).toBeGreaterThan(Number(over[0].specMax));
    for (const a of entered.filter((x) => x.specMax !== null && x.specText === null))
      expect(a.outOfSpec, a.itemName).toBe(Number(a.result) > Number(a.specMax));
    for (const a of analyses) {
      const v = verifications.filter((x) => x.analysisId === a.id && x.round === a.resultRound);
      expect(v.length, a.itemName).toBe(a.status === ANALYSIS_STATUS.verified ? 1 : 0);
      for (const x of v) expect(names.get(x.verifierId)).toBe('zhouba');
      expect(a.status).toBe(a.result === null ? ANALYSIS_STATUS.open : a.status);
    }
    expect(analyses.some((a) => a.status === ANALYSIS_STATUS.entered)).toBe(true);
    expect(analyses.some((a) => a.status === ANALYSIS_STATUS.open && a.analystId === null)).toBe(true);
    const today = await seedToday(db);
    const overdue = analyses.filter((a) => a.status !== ANALYSIS_STATUS.verified && a.dueDate! < today);
    expect(overdue.map((a) => [a.itemName, names.get(a.analystId!)])).toEqual([['总磷', 'sunqi']]);
  });

  it('has one published report of fully verified samples, approved and published by 周八, without a file', async () => {
    const names = await userIds();
    const [report, ...more] = await db.select().from(s.reports);
    expect(more).toHaveLength(0);
    expect(report).toMatchObject({ status: REPORT_STATUS.published, versionNo: 1, fileId: null, previousId: null });
    expect(report.reportNo).toMatch(/^BG\d{12}$/);
    expect([names.get(report.approvedBy!), names.get(report.publishedBy!)]).toEqual(['zhouba', 'zhouba']);
    expect(report.approvedAt! <= report.publishedAt!).toBe(true);
    const covered = await db
      .select({ status: s.samples.status, projectId: s.samples.projectId })
      .from(s.reportSamples)
      .innerJoin(s.samples, eq(s.samples.id, s.reportSamples.sampleId))
      .where(eq(s.reportSamples.reportId, report.id));
    expect(covered.length).toBeGreaterThan(0);
    for (const c of covered) expect(c).toEqual({ status: SAMPLE_STATUS.done, projectId: report.projectId });
    const [project] = await db.select().from(s.projects).where(eq(s.projects.id, report.projectId));
    expect(project.status).toBe('3');
  });

  it('records every step in the audit trail with its user, time and reason', async () => {
    const audit = await db.select().from(s.limsAudit).orderBy(asc(s.limsAudit.at));
    const records = [
      ...(await db.select({ id: s.samples.id }).from(s.samples)),
      ...(await db.select({ id: s.analyses.id }).from(s.analyses)),
      ...(await db.select({ id: s.reports.id }).from(s.reports)),
    ];
    for (const r of records)
      expect(audit.some((a) => a.recordId === r.id && ['create', 'generate'].includes(a.action))).toBe(true);
    const actions = new Set(audit.map((a) => a.action));
    for (const a of [
      'create',
      'receive',
      'return',
      'assign',
      'enter',
      'change',
      'verify',
      'generate',
      'approve',
      'publish',
    ])
      expect(actions, a).toContain(a);
    expect(audit.find((a) => a.action === 'change')?.reason).toBeTruthy();
    expect(audit.find((a) => a.action === 'return')?.reason).toBeTruthy();
    expect(new Set(audit.map((a) => a.realname))).toEqual(new Set(['赵六', '孙七', '周八', '管理员']));
    expect(audit.every((a) => new Date(a.at) <= new Date())).toBe(true);
  });

  it('keeps the sample and report numbers ahead; a second run (also of an older version) changes nothing', async () => {
    const counters = await db.select().from(s.docNoCounters);
    const last = (prefix: string, day: string) => counters.find((c) => c.prefix === prefix && c.day === day)?.last;
    for (const x of await db.select().from(s.samples))
      expect(last('YP', x.sampleNo.slice(2, 10))).toBeGreaterThanOrEqual(Number(x.sampleNo.slice(10)));
    for (const x of await db.select().from(s.reports))
      expect(last('BG', x.reportNo.slice(2, 10))).toBeGreaterThanOrEqual(Number(x.reportNo.slice(10)));

    const before = await snapshot();
    await seedDatabase(db, { production: false });
    expect(await snapshot()).toEqual(before);
    await db.update(s.appMeta).set({ value: '0' }).where(eq(s.appMeta.key, 'seed_version'));
    await seedDatabase(db, { production: false });
    expect(await snapshot()).toEqual(before);
  });
});
