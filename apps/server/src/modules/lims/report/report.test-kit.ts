import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { ANALYSIS_STATUS, PROJECT_STATUS, SAMPLE_STATUS } from '@lims/contracts';
import type { Db } from '../../../db/client';
import {
  analyses,
  analysisVerifications,
  customerUnits,
  projectItems,
  projects,
  samples,
  users,
} from '../../../db/schema';

/** Test items of the fixture projects: unit and limits as a project carries them. */
export const FIXTURE_ITEMS = [
  { itemName: 'pH值', standard: 'GB/T 6920-1986', unit: null, specMin: '6', specMax: '9', specText: null },
  {
    itemName: '化学需氧量',
    standard: 'HJ 828-2017 重铬酸盐法',
    unit: 'mg/L',
    specMin: null,
    specMax: '20',
    specText: null,
  },
  {
    itemName: '氨氮',
    standard: 'HJ 535-2009 纳氏试剂分光光度法',
    unit: 'mg/L',
    specMin: null,
    specMax: '1.0',
    specText: null,
  },
  { itemName: '总磷', standard: 'GB/T 11893-1989', unit: 'mg/L', specMin: null, specMax: '0.2', specText: null },
  {
    itemName: '溶解氧',
    standard: 'HJ 506-2009 电化学探头法',
    unit: 'mg/L',
    specMin: '5',
    specMax: null,
    specText: null,
  },
  { itemName: '外观', standard: '目视法', unit: null, specMin: null, specMax: null, specText: '无色透明' },
] as const;

export type FixtureOptions = {
  samples?: number;
  /** Test items per sample (cycling through FIXTURE_ITEMS). */
  items?: number;
  /** Leave the analyses of these sample indexes 待复核 (entered, not verified). */
  unverified?: number[];
  analyst?: string;
  verifier?: string;
  manager?: string;
};

export type ReportFixture = { projectId: string; projectNo: string; sampleIds: string[]; sampleNos: string[] };

const userIds = async (db: Db, names: string[]) => {
  const rows = await db
    .select({ id: users.id, name: users.username })
    .from(users)
    .where(inArray(users.username, names));
  return new Map(rows.map((r) => [r.name, r.id]));
};

/**
 * A project (进行中, manager, unit with contact, test items with limits) with samples 已完成 and
 * their analyses 已复核: results entered by the analyst (the second analysis of the first sample
 * 超标), verified by the verifier in round 1. Written directly, as the sample and result pages
 * would leave them.
 */
export async function reportFixture(db: Db, opts: FixtureOptions = {}): Promise<ReportFixture> {
  const n = opts.samples ?? 2;
  const m = opts.items ?? 3;
  const tag = randomBytes(4).toString('hex');
  const ids = await userIds(db, [
    opts.analyst ?? 'sunqi',
    opts.verifier ?? 'zhouba',
    opts.manager ?? 'lisi',
    'zhaoliu',
  ]);
  const [unit] = await db.select({ id: customerUnits.id }).from(customerUnits).where(eq(customerUnits.code, 'KH0001'));
  const projectNo = `XMT${tag}`;
  const [project] = await db
    .insert(projects)
    .values({
      projectNo,
      name: `报告测试项目 ${tag}`,
      customerUnitId: unit.id,
      contactName: '许文斌',
      contactPhone: '0510-82700001',
      testType: '1',
      managerId: ids.get(opts.manager ?? 'lisi'),
      status: PROJECT_STATUS.active,
      createBy: 'admin',
    })
    .returning({ id: projects.id });
  const items = await db
    .insert(projectItems)
    .values(
      Array.from({ length: m }, (_, j) => ({
        ...FIXTURE_ITEMS[j % FIXTURE_ITEMS.length],
        itemName: j < FIXTURE_ITEMS.length ? FIXTURE_ITEMS[j].itemName : `${FIXTURE_ITEMS[j % 6].itemName}-${j}`,
        projectId: project.id,
        sortNo: j,
        createBy: 'admin',
      })),
    )
    .returning();
  const sampleRows = await db
    .insert(samples)
    .values(
      Array.from({ length: n }, (_, i) => ({
        sampleNo: `YPT${tag}${String(i + 1).padStart(4, '0')}`,
        projectId: project.id,
        name: `地表水样品 ${i + 1}`,
        sampleType: '1',
        quantity: '2',
        unit: 'L',
        condition: i === 1 ? '2' : '1',
        storageLocation: '冷藏柜 A-1',
        receivedBy: ids.get('zhaoliu'),
        receivedAt: '2026-11-20 09:30:00+08',
        status: opts.unverified?.includes(i) ? SAMPLE_STATUS.testing : SAMPLE_STATUS.done,
        createBy: 'zhaoliu',
      })),
    )
    .returning({ id: samples.id, sampleNo: samples.sampleNo });
  const analysisRows = await db
    .insert(analyses)
    .values(
      sampleRows.flatMap((s, i) =>
        items.map((it, j) => {
          const over = i === 0 && j === 1;
          const open = opts.unverified?.includes(i) ?? false;
          return {
            sampleId: s.id,
            projectItemId: it.id,
            itemName: it.itemName,
            standard: it.standard,
            unit: it.unit,
            specMin: it.specMin,
            specMax: it.specMax,
            specText: it.specText,
            analystId: ids.get(opts.analyst ?? 'sunqi'),
            result: it.specText ? '无色透明' : over ? '35.2' : it.specMin ? String(Number(it.specMin) + 1) : '0.1',
            outOfSpec: it.specText ? false : over,
            enteredBy: ids.get(opts.analyst ?? 'sunqi'),
            enteredAt: '2026-11-21 10:15:00+08',
            status: open ? ANALYSIS_STATUS.entered : ANALYSIS_STATUS.verified,
            resultRound: 1,
            createBy: 'admin',
          };
        }),
      ),
    )
    .returning({ id: analyses.id, status: analyses.status });
  const verified = analysisRows.filter((a) => a.status === ANALYSIS_STATUS.verified);
  for (let i = 0; i < verified.length; i += 1000) {
    await db.insert(analysisVerifications).values(
      verified.slice(i, i + 1000).map((a) => ({
        analysisId: a.id,
        round: 1,
        verifierId: ids.get(opts.verifier ?? 'zhouba')!,
        verifiedAt: '2026-11-22 14:00:00+08',
      })),
    );
  }
  return {
    projectId: project.id,
    projectNo,
    sampleIds: sampleRows.map((s) => s.id),
    sampleNos: sampleRows.map((s) => s.sampleNo),
  };
}

/** Verifies the open analyses of samples (as the verification page would). */
export async function verifyAll(db: Db, sampleIds: string[], verifier = 'zhouba'): Promise<void> {
  const ids = await userIds(db, [verifier]);
  const open = await db
    .update(analyses)
    .set({ status: ANALYSIS_STATUS.verified })
    .where(inArray(analyses.sampleId, sampleIds))
    .returning({ id: analyses.id, round: analyses.resultRound });
  await db
    .insert(analysisVerifications)
    .values(open.map((a) => ({ analysisId: a.id, round: a.round, verifierId: ids.get(verifier)! })))
    .onConflictDoNothing();
}
