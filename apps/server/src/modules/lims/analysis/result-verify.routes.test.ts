import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANALYSIS_MSG, ANALYSIS_STATUS, LIMS_MSG, SAMPLE_STATUS } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../../test/build-test-app';
import { analysisVerifications, announcements } from '../../../db/schema';
import { analysisKit } from './analysis.test-kit';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
let sunqi: string;
let zhouba: string;
let zhaoliu: string;
let k: ReturnType<typeof analysisKit>;

const ITEMS = [
  { itemName: 'pH', specMin: '6', specMax: '9' },
  { itemName: '铅', unit: 'mg/L', specMax: '0.01' },
  { itemName: '外观', specText: '无色透明' },
];
const CHINESE = /[\u4e00-\u9fa5]/;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, sunqi, zhouba, zhaoliu] = await Promise.all(['admin', 'sunqi', 'zhouba', 'zhaoliu'].map((u) => t.login(u)));
  k = analysisKit(t, () => admin);
});
afterAll(async () => {
  await t?.close();
});

describe(`结果录入 (${TEST_DB})`, () => {
  it('the analyst enters results: 超标 judged by the shared rule, the sample moves to 检测中, audited', async () => {
    const {
      sampleId,
      analysisIds: [ph, pb, look],
    } = await k.receivedSample(ITEMS, { analyst: 'sunqi' });
    const mine = (await k.get('/lims/result/list?pageSize=100', sunqi)).json().result;
    expect(mine.records.map((r: { id: string }) => r.id)).toEqual(expect.arrayContaining([ph, pb, look]));
    expect((await k.get('/lims/result/list?pageSize=100', zhouba)).json().result.records).toEqual([]);

    const first = await k.save(sunqi, { id: ph, result: '7.2' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().result).toMatchObject({
      status: ANALYSIS_STATUS.entered,
      outOfSpec: false,
      sampleNo: expect.any(String),
    });
    expect(await k.sampleStatus(sampleId)).toBe(SAMPLE_STATUS.testing);
    const high = await k.save(sunqi, { id: pb, result: '0.05' });
    expect(high.json().result.outOfSpec).toBe(true);
    expect(high.json().message).toContain('超标');
    expect((await k.save(sunqi, { id: look, result: '无色透明' })).json().result.outOfSpec).toBeNull();

    const entry = (await k.trail('analysis', pb)).at(-1)!;
    expect(entry).toMatchObject({ action: 'enter', username: 'sunqi', reason: null });
    expect(entry.changes).toEqual(expect.arrayContaining([{ field: 'result', label: '结果', old: null, new: '0.05' }]));
    expect((await k.trail('sample', sampleId)).map((e) => e.action)).toEqual(['update']);
  });

  it('refuses a non-number where there are limits, an unchanged result, and a change without a reason', async () => {
    const {
      analysisIds: [ph],
    } = await k.receivedSample(ITEMS.slice(0, 1), { analyst: 'sunqi' });
    const text = await k.save(sunqi, { id: ph, result: '约 7' });
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe(ANALYSIS_MSG.resultNotNumber);
    expect((await k.analysis(ph)).result).toBeNull();

    expect((await k.save(sunqi, { id: ph, result: '5.5' })).json().result.outOfSpec).toBe(true);
    const same = await k.save(sunqi, { id: ph, result: '5.5', reason: '复测' });
    expect(same.json().message).toBe(ANALYSIS_MSG.resultUnchanged);
    const noReason = await k.save(sunqi, { id: ph, result: '6.5' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(LIMS_MSG.reasonRequired);
    expect((await k.analysis(ph)).result).toBe('5.5');

    const changed = await k.save(sunqi, { id: ph, result: '6.5', reason: '仪器校准后复测' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await k.analysis(ph)).toMatchObject({ result: '6.5', outOfSpec: false, resultRound: 2 });
    expect((await k.trail('analysis', ph)).at(-1)).toMatchObject({ action: 'change', reason: '仪器校准后复测' });
  });

  it("refuses another user's analysis, and users without the codes", async () => {
    const {
      analysisIds: [ph],
    } = await k.receivedSample(ITEMS.slice(0, 1), { analyst: 'sunqi' });
    const other = await k.save(zhouba, { id: ph, result: '7' });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(ANALYSIS_MSG.notYourAnalysis);
    for (const res of [
      await k.save(zhaoliu, { id: ph, result: '7' }),
      await k.get('/lims/result/list', zhaoliu),
      await k.verify(sunqi, ph),
      await k.reject(sunqi, ph, '不对'),
      await k.get('/lims/verify/list', sunqi),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(CHINESE);
    }
    expect((await k.analysis(ph)).result).toBeNull();
  });
});

describe(`结果复核 (${TEST_DB})`, () => {
  it('never by the user who entered it; another verifier completes the analysis and the sample', async () => {
    const {
      sampleId,
      analysisIds: [ph],
    } = await k.receivedSample(ITEMS.slice(0, 1), { analyst: 'zhouba' });
    expect((await k.save(zhouba, { id: ph, result: '7' })).statusCode).toBe(200);
    const listed = (await k.get('/lims/verify/list?pageSize=100', zhouba)).json().result.records;
    expect(listed.find((r: { id: string }) => r.id === ph).canVerify).toBe(false);
    const own = await k.verify(zhouba, ph);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(ANALYSIS_MSG.ownResult);
    expect((await k.reject(zhouba, ph, '自己退回')).json().message).toBe(ANALYSIS_MSG.ownResult);
    expect((await k.analysis(ph)).status).toBe(ANALYSIS_STATUS.entered);

    const ok = await k.verify(admin, ph);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe('复核通过！');
    expect((await k.analysis(ph)).status).toBe(ANALYSIS_STATUS.verified);
    expect(await k.sampleStatus(sampleId)).toBe(SAMPLE_STATUS.done);
    expect((await k.trail('analysis', ph)).at(-1)).toMatchObject({ action: 'verify', username: 'admin' });
    const again = await k.verify(admin, ph);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ANALYSIS_MSG.notWaiting);
  });

  it('with 2 verifiers required: two different users, neither the analyst; the same one twice is refused', async () => {
    await k.setVerifiers(2);
    try {
      const {
        analysisIds: [ph],
      } = await k.receivedSample(ITEMS.slice(0, 1), { analyst: 'sunqi' });
      await k.save(sunqi, { id: ph, result: '8' });
      const first = await k.verify(zhouba, ph);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().result).toEqual({ verified: false, verifiers: 1 });
      expect(first.json().message).toMatch(/还需 1 位/);
      expect((await k.analysis(ph)).status).toBe(ANALYSIS_STATUS.entered);
      const twice = await k.verify(zhouba, ph);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(ANALYSIS_MSG.alreadyVerified);
      const listed = (await k.get('/lims/verify/list?pageSize=100', zhouba)).json().result.records;
      expect(listed.find((r: { id: string }) => r.id === ph)).toMatchObject({
        canVerify: false,
        verifierNames: ['周八'],
      });
      const second = await k.verify(admin, ph);
      expect(second.json().result).toEqual({ verified: true, verifiers: 2 });
      expect((await k.analysis(ph)).status).toBe(ANALYSIS_STATUS.verified);
    } finally {
      await k.setVerifiers(1);
    }
  });

  it('a verified result changes only with a reason, and goes back to 待复核 (sample back to 检测中)', async () => {
    const {
      sampleId,
      analysisIds: [ph],
    } = await k.receivedSample(ITEMS.slice(0, 1), { analyst: 'sunqi' });
    await k.save(sunqi, { id: ph, result: '7' });
    await k.verify(zhouba, ph);
    expect(await k.sampleStatus(sampleId)).toBe(SAMPLE_STATUS.done);
    expect(
      (await k.get('/lims/result/list?pageSize=100', sunqi)).json().result.records.map((r: { id: string }) => r.id),
    ).not.toContain(ph);
    const withVerified = (await k.get('/lims/result/list?pageSize=100&includeVerified=1', sunqi)).json().result;
    expect(withVerified.records.map((r: { id: string }) => r.id)).toContain(ph);

    const bare = await k.save(sunqi, { id: ph, result: '7.1' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(LIMS_MSG.reasonRequired);
    expect((await k.analysis(ph)).status).toBe(ANALYSIS_STATUS.verified);

    const changed = await k.save(sunqi, { id: ph, result: '9.5', reason: '抄写错误' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await k.analysis(ph)).toMatchObject({ status: ANALYSIS_STATUS.entered, resultRound: 2, outOfSpec: true });
    expect(await k.sampleStatus(sampleId)).toBe(SAMPLE_STATUS.testing);
    const last = (await k.trail('analysis', ph)).at(-1)!;
    expect(last).toMatchObject({ action: 'change', reason: '抄写错误' });
    expect(last.changes).toEqual(
      expect.arrayContaining([{ field: 'statusText', label: '状态', old: '已复核', new: '待复核' }]),
    );
    // The verification of round 1 does not count for round 2.
    expect((await k.get(`/lims/analysis/queryById?id=${ph}`)).json().result.verifierNames).toEqual([]);
  });

  it('reject needs a reason, goes back to 待录入 and tells the analyst', async () => {
    const {
      analysisIds: [ph],
    } = await k.receivedSample(ITEMS.slice(0, 1), { analyst: 'sunqi' });
    const early = await k.verify(zhouba, ph);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(ANALYSIS_MSG.notWaiting);
    await k.save(sunqi, { id: ph, result: '7' });
    const bare = await k.reject(zhouba, ph, '  ');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(ANALYSIS_MSG.rejectReasonRequired);
    expect((await k.analysis(ph)).status).toBe(ANALYSIS_STATUS.entered);

    const res = await k.reject(zhouba, ph, '平行样偏差过大');
    expect(res.statusCode, res.body).toBe(200);
    expect(await k.analysis(ph)).toMatchObject({
      status: ANALYSIS_STATUS.open,
      rejectReason: '平行样偏差过大',
      result: '7',
    });
    expect((await k.trail('analysis', ph)).at(-1)).toMatchObject({ action: 'reject', reason: '平行样偏差过大' });
    const sent = await t.database.db.select().from(announcements).where(eq(announcements.busId, ph));
    expect(sent).toHaveLength(1);
    expect(sent[0].userIds).toBe(await k.userId('sunqi'));
    expect(sent[0].msgContent).toContain('平行样偏差过大');

    // Entering again (a result is there) needs a reason too; the rejection is cleared.
    expect((await k.save(sunqi, { id: ph, result: '7.3' })).json().message).toBe(LIMS_MSG.reasonRequired);
    expect((await k.save(sunqi, { id: ph, result: '7.3', reason: '重新测定' })).statusCode).toBe(200);
    expect(await k.analysis(ph)).toMatchObject({ status: ANALYSIS_STATUS.entered, rejectReason: null });
  });

  it('two verifiers racing on one analysis: one verification, one state change', async () => {
    const {
      analysisIds: [ph],
    } = await k.receivedSample(ITEMS.slice(0, 1), { analyst: 'sunqi' });
    await k.save(sunqi, { id: ph, result: '7' });
    const before = (await k.trail('analysis', ph)).length;
    const answers = await Promise.all([k.verify(zhouba, ph), k.verify(admin, ph), k.reject(admin, ph, '同时退回')]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const row = await k.analysis(ph);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    expect(row.status).toBe(winner === 2 ? ANALYSIS_STATUS.open : ANALYSIS_STATUS.verified);
    expect(row.version).toBe(2);
    const rows = await t.database.db
      .select()
      .from(analysisVerifications)
      .where(and(eq(analysisVerifications.analysisId, ph), eq(analysisVerifications.round, 1)));
    expect(rows).toHaveLength(winner === 2 ? 0 : 1);
    expect((await k.trail('analysis', ph)).length).toBe(before + 1);
  });

  it("the analyst's two tabs saving the first result at once: one is stored, the other must give a reason", async () => {
    const {
      analysisIds: [ph],
    } = await k.receivedSample(ITEMS.slice(0, 1), { analyst: 'sunqi' });
    const answers = await Promise.all([
      k.save(sunqi, { id: ph, result: '7.1' }),
      k.save(sunqi, { id: ph, result: '7.4' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.statusCode === 400)!;
    expect(refused.json().message).toBe(LIMS_MSG.reasonRequired);
    const winner = answers.findIndex((a) => a.statusCode === 200);
    const row = await k.analysis(ph);
    expect(row.result).toBe(winner === 0 ? '7.1' : '7.4');
    expect(row.resultRound).toBe(1);
    expect((await k.trail('analysis', ph)).filter((e) => e.action === 'enter')).toHaveLength(1);
  });

  it('both results of one sample saved at once, then both verified at once: the sample moves once each time', async () => {
    const made = await Promise.all(
      Array.from({ length: 4 }, () => k.receivedSample(ITEMS.slice(0, 2), { analyst: 'sunqi' })),
    );
    const moves = async (sampleId: string, to: string) =>
      (await k.trail('sample', sampleId)).filter((e) =>
        (e.changes as { field: string; new: string }[]).some((c) => c.field === 'status' && c.new === to),
      ).length;
    const saved = await Promise.all(
      made.flatMap(({ analysisIds: [ph, pb] }) => [
        k.save(sunqi, { id: ph, result: '7' }),
        k.save(sunqi, { id: pb, result: '0.005' }),
      ]),
    );
    expect(saved.map((a) => a.statusCode)).toEqual(saved.map(() => 200));
    for (const { sampleId } of made) {
      expect(await k.sampleStatus(sampleId)).toBe(SAMPLE_STATUS.testing);
      expect(await moves(sampleId, '检测中')).toBe(1);
    }
    const verified = await Promise.all(
      made.flatMap(({ analysisIds: [ph, pb] }) => [k.verify(zhouba, ph), k.verify(admin, pb)]),
    );
    expect(verified.map((a) => a.json().message)).toEqual(verified.map(() => '复核通过！'));
    for (const { sampleId } of made) {
      expect(await k.sampleStatus(sampleId)).toBe(SAMPLE_STATUS.done);
      expect(await moves(sampleId, '已完成')).toBe(1);
    }
  });
});

describe(`deleting a user who verified a result (${TEST_DB})`, () => {
  it('is refused with a Chinese message naming him; he stays signed in and can be frozen instead', async () => {
    const {
      analysisIds: [ph],
    } = await k.receivedSample(ITEMS.slice(0, 1), { analyst: 'sunqi' });
    expect((await k.save(sunqi, { id: ph, result: '7.0' })).statusCode).toBe(200);
    expect((await k.verify(zhouba, ph)).statusCode).toBe(200);
    const zhoubaId = await k.userId('zhouba');
    const sunqiId = await k.userId('sunqi');
    const refused = await k.send('DELETE', `/sys/user/deleteBatch?ids=${sunqiId},${zhoubaId}`, undefined, admin);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('zhouba 已复核过检测结果，不能删除，可改为冻结！');
    expect((await k.get('/lims/verify/list', zhouba)).statusCode).toBe(200);
    expect((await k.get('/lims/result/list', sunqi)).statusCode).toBe(200);
  });
});
