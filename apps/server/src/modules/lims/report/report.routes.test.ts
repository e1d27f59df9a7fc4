import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANALYSIS_STATUS, LIMS_MSG, REPORT_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../../test/build-test-app';
import { analyses, announcements, projects, reports, users } from '../../../db/schema';
import { kit } from '../../supplier/business.test-kit';
import { reportFixture } from './report.test-kit';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

let t: TestApp;
let tokens: Record<string, string>;
let k: ReturnType<typeof kit>;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'report-test-'));

beforeAll(async () => {
  t = await buildTestApp();
  tokens = {};
  for (const u of ['admin', 'zhouba', 'sunqi']) tokens[u] = await t.login(u);
  k = kit(t, () => tokens.admin);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const as = (user: string) => ({
  post: (url: string, body: object) => k.send('POST', `/lims/report/${url}`, body, tokens[user]),
  get: (url: string) => k.get(`/lims/report/${url}`, tokens[user]),
});
const generate = async (body: object, user = 'zhouba') => {
  const res = await as(user).post('generate', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; reportNo: string };
};
const detail = async (id: string) => (await as('zhouba').get(`queryById?id=${id}`)).json().result;
const pdfText = (pdf: Buffer, name: string): string => {
  const file = path.join(tmp, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
};
const download = async (id: string, user = 'zhouba') => {
  const res = await as(user).get(`download?id=${id}`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
};
const history = async (id: string) =>
  (await as('zhouba').get(`history?id=${id}`)).json().result as Record<string, unknown>[];

describe(`检测报告 generate (${TEST_DB})`, () => {
  it('refuses a project with an unverified analysis, naming the sample; accepts the verified samples chosen', async () => {
    const f = await reportFixture(db(), { samples: 3, unverified: [1] });
    const refused = await as('zhouba').post('generate', { projectId: f.projectId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(REPORT_MSG.notVerified(f.sampleNos[1]));
    expect((await db().select().from(reports).where(eq(reports.projectId, f.projectId))).length).toBe(0);
    const chosenOpen = await as('zhouba').post('generate', { projectId: f.projectId, sampleIds: [f.sampleIds[1]] });
    expect(chosenOpen.statusCode).toBe(400);
    const r = await generate({ projectId: f.projectId, sampleIds: [f.sampleIds[0], f.sampleIds[2]] });
    expect(r.reportNo).toMatch(/^BG\d{8}\d{4}$/);
    const d = await detail(r.id);
    expect(d).toMatchObject({ status: '1', status_dictText: '草稿', versionNo: 1, sampleCount: 2, hasFile: true });
    expect(d.samples.map((s: { sampleNo: string }) => s.sampleNo)).toEqual([f.sampleNos[0], f.sampleNos[2]]);
    expect(d.samples[0]).toMatchObject({ analysisCount: 3, outOfSpecCount: 1, condition_dictText: '完好' });
  });

  it('refuses samples of another project, a project without analyses, and users without the code (403)', async () => {
    const a = await reportFixture(db(), { samples: 1 });
    const b = await reportFixture(db(), { samples: 1 });
    const foreign = await as('zhouba').post('generate', { projectId: a.projectId, sampleIds: [b.sampleIds[0]] });
    expect([foreign.statusCode, foreign.json().message]).toEqual([400, REPORT_MSG.sampleNotInProject]);
    const [empty] = await db()
      .insert(projects)
      .values({ projectNo: `XMT-empty-${Date.now()}`, name: '空项目', status: '2', createBy: 'admin' })
      .returning();
    const none = await as('zhouba').post('generate', { projectId: empty.id });
    expect([none.statusCode, none.json().message]).toEqual([400, REPORT_MSG.noAnalyses]);
    expect((await as('zhouba').post('generate', {})).json().message).toBe(REPORT_MSG.projectRequired);
    expect((await as('sunqi').post('generate', { projectId: a.projectId })).statusCode).toBe(403);
    expect((await as('sunqi').get('list')).statusCode).toBe(403);
  });
});

describe(`检测报告 approve → publish → amend (${TEST_DB})`, () => {
  it('walks the states, refuses wrong ones, completes the project, notifies its manager, voids the amended one', async () => {
    const f = await reportFixture(db(), { samples: 2 });
    const r = await generate({ projectId: f.projectId });
    const draftPdf = pdfText(await download(r.id), 'draft');
    expect(draftPdf).toContain(r.reportNo);
    expect(draftPdf).toContain('草稿');

    expect((await as('zhouba').post('publish', { id: r.id })).json().message).toBe(REPORT_MSG.notApproved);
    expect((await as('zhouba').post('amend', { id: r.id, reason: '改' })).json().message).toBe(REPORT_MSG.notPublished);
    expect((await as('sunqi').post('approve', { id: r.id })).statusCode).toBe(403);
    const stale = await as('zhouba').post('approve', { id: r.id, version: 99 });
    expect(stale.statusCode).toBe(409);
    const approved = await as('zhouba').post('approve', { id: r.id, version: (await detail(r.id)).version });
    expect(approved.statusCode, approved.body).toBe(200);
    const again = await as('zhouba').post('approve', { id: r.id });
    expect([again.statusCode, again.json().message]).toEqual([409, REPORT_MSG.notDraft]);
    expect((await detail(r.id)).approvedByName).toBe('周八');

    const published = await as('zhouba').post('publish', { id: r.id });
    expect(published.statusCode, published.body).toBe(200);
    expect((await detail(r.id)).status_dictText).toBe('已发布');
    const [project] = await db().select().from(projects).where(eq(projects.id, f.projectId));
    expect(project.status).toBe('3');
    const [lisi] = await db().select().from(users).where(eq(users.username, 'lisi'));
    const [message] = await db().select().from(announcements).where(eq(announcements.busId, r.id));
    expect(message.userIds).toBe(lisi.id);
    expect(message.titile).toContain(r.reportNo);
    expect((await as('zhouba').post('approve', { id: r.id })).statusCode).toBe(409);
    expect((await k.send('DELETE', `/lims/report/delete?id=${r.id}`, undefined, tokens.zhouba)).json().message).toBe(
      REPORT_MSG.deleteDraftOnly,
    );
    const issued = pdfText(await download(r.id), 'published');
    expect(issued).not.toContain('草稿');
    expect(issued).toMatch(/审批\s+周八/);

    // A result corrected (and verified again) after publication reaches the amendment, never the issued report.
    expect((await db().select().from(reports).where(eq(reports.id, r.id)))[0].snapshot).not.toBeNull();
    const corrected = await db()
      .update(analyses)
      .set({ result: '36.8' })
      .where(and(inArray(analyses.sampleId, f.sampleIds), eq(analyses.result, '35.2')))
      .returning({ id: analyses.id });
    expect(corrected).toHaveLength(1);

    const noReason = await as('zhouba').post('amend', { id: r.id, reason: '  ' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, LIMS_MSG.reasonRequired]);
    const v2 = (await as('zhouba').post('amend', { id: r.id, reason: '更正样品名称' })).json().result;
    expect(v2.reportNo).not.toBe(r.reportNo);
    expect(await detail(v2.id)).toMatchObject({ versionNo: 2, previousId: r.id, previousNo: r.reportNo, status: '1' });
    expect((await as('zhouba').post('amend', { id: r.id, reason: '再改' })).json().message).toBe(
      REPORT_MSG.alreadyAmended,
    );
    expect((await detail(r.id)).status).toBe('3');
    await as('zhouba').post('approve', { id: v2.id });
    expect((await as('zhouba').post('publish', { id: v2.id })).statusCode).toBe(200);
    expect((await detail(r.id)).status_dictText).toBe('已作废');

    const voided = pdfText(await download(r.id), 'voided');
    expect(voided).toContain(r.reportNo);
    expect(voided).toContain('已作废');
    expect(voided).toContain('35.2');
    expect(voided).not.toContain('36.8');
    const amended = pdfText(await download(v2.id), 'v2');
    expect(amended).toContain('36.8');
    expect(amended).toContain(`替代报告 ${r.reportNo}`);
    expect(amended).toContain('更正样品名称');

    const trail = await history(r.id);
    expect(trail.map((e) => e.action)).toEqual(['generate', 'approve', 'publish', 'update', 'void']);
    expect(trail.find((e) => e.action === 'update')?.reason).toBe('更正样品名称');
    expect(trail.find((e) => e.action === 'void')?.reason).toContain(v2.reportNo);
    expect((await history(v2.id))[0]).toMatchObject({ action: 'generate', reason: '更正样品名称' });
  });

  it('refuses approval by who entered a result, and approval or publication once a result went back to 待复核', async () => {
    const own = await reportFixture(db(), { samples: 1, analyst: 'zhouba', verifier: 'sunqi' });
    const r = await generate({ projectId: own.projectId });
    const self = await as('zhouba').post('approve', { id: r.id });
    expect([self.statusCode, self.json().message]).toEqual([403, REPORT_MSG.approverEnteredResult]);
    expect((await as('admin').post('approve', { id: r.id })).statusCode).toBe(200);

    const f = await reportFixture(db(), { samples: 1 });
    const d = await generate({ projectId: f.projectId });
    await db().update(analyses).set({ status: ANALYSIS_STATUS.entered }).where(eq(analyses.sampleId, f.sampleIds[0]));
    const changed = await as('zhouba').post('approve', { id: d.id });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toContain(f.sampleNos[0]);
    expect((await detail(d.id)).status).toBe('1');
  });
});

describe(`检测报告 delete, download and list (${TEST_DB})`, () => {
  it('deletes drafts only (history stays), renders a missing PDF on download, lists with names', async () => {
    const f = await reportFixture(db(), { samples: 1 });
    const r = await generate({ projectId: f.projectId });
    const del = await k.send('DELETE', `/lims/report/delete?id=${r.id}`, undefined, tokens.zhouba);
    expect(del.statusCode, del.body).toBe(200);
    expect((await as('zhouba').get(`queryById?id=${r.id}`)).statusCode).toBe(404);
    expect((await history(r.id)).map((e) => e.action)).toEqual(['generate', 'delete']);

    // A report stored without a file (as the demo data seeds them): download renders it.
    const [seeded] = await db()
      .insert(reports)
      .values({ reportNo: `BG-seed-${Date.now()}`, projectId: f.projectId, status: '3', createBy: 'admin' })
      .returning();
    const text = pdfText(await download(seeded.id), 'seeded');
    expect(text).toContain(seeded.reportNo);
    expect(text).toMatch(/第 1 页 共 1 页/);
    expect((await db().select().from(reports).where(eq(reports.id, seeded.id)))[0].fileId).not.toBeNull();

    const list = (await as('zhouba').get(`list?projectId=${f.projectId}`)).json().result;
    expect(list.records).toHaveLength(1);
    expect(list.records[0]).toMatchObject({
      reportNo: seeded.reportNo,
      projectNo: f.projectNo,
      customerUnitName: expect.any(String),
      status_dictText: '已发布',
      hasFile: true,
    });
    expect((await as('zhouba').get('download?id=nope')).statusCode).toBe(404);
  });
});
