import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ANALYSIS_MSG, ANALYSIS_STATUS, LIMS_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../../test/build-test-app';
import { dataRuleKit } from '../../permission/data-rule.test-kit';
import { sheetRows } from '../../supplier/business.test-kit';
import { analysisKit } from './analysis.test-kit';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
let sunqi: string;
let zhouba: string;
let zhaoliu: string;
let k: ReturnType<typeof analysisKit>;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, sunqi, zhouba, zhaoliu] = await Promise.all(['admin', 'sunqi', 'zhouba', 'zhaoliu'].map((u) => t.login(u)));
  k = analysisKit(t, () => admin);
});
afterAll(async () => {
  await t?.close();
});

const assign = (body: Record<string, unknown>, token = zhouba) => k.send('POST', '/lims/analysis/assign', body, token);

describe(`检测任务 (${TEST_DB})`, () => {
  it('lists analyses with sample, project and people; queryById; the analyst picker', async () => {
    const {
      analysisIds: [ph],
    } = await k.receivedSample([{ itemName: 'pH', specMin: '6', specMax: '9' }], {
      analyst: 'sunqi',
    });
    const list = (await k.get('/lims/analysis/list?itemName=pH&pageSize=100', zhouba)).json().result;
    const row = list.records.find((r: { id: string }) => r.id === ph);
    expect(row).toMatchObject({
      sampleNo: expect.stringMatching(/^YPT/),
      projectName: expect.stringContaining('检测任务测试项目'),
      analystName: '孙七',
      specMin: 6,
      specMax: 9,
      status: ANALYSIS_STATUS.open,
      status_dictText: '待录入',
    });
    expect((await k.get(`/lims/analysis/queryById?id=${ph}`, zhaoliu)).json().result.id).toBe(ph);
    const missing = await k.get('/lims/analysis/queryById?id=nope', zhouba);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(ANALYSIS_MSG.notFound);
    const analysts = (await k.get('/lims/analysis/analysts', zhouba))
      .json()
      .result.map((u: { username: string }) => u.username);
    expect(analysts).toEqual(expect.arrayContaining(['sunqi', 'zhouba']));
    expect(analysts).not.toContain('zhaoliu');
  });

  it('assigns analyst, due date and limits of many analyses at once, audited', async () => {
    const { analysisIds } = await k.receivedSample([{ itemName: 'pH' }, { itemName: '浊度', unit: 'NTU' }]);
    const res = await assign({ ids: analysisIds, analystId: await k.userId('sunqi'), dueDate: '2026-12-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBe(2);
    for (const id of analysisIds) {
      expect(await k.analysis(id)).toMatchObject({ analystId: await k.userId('sunqi'), dueDate: '2026-12-01' });
    }
    const entry = (await k.trail('analysis', analysisIds[0])).at(-1)!;
    expect(entry).toMatchObject({ action: 'assign', username: 'zhouba' });
    expect(entry.changes).toEqual(
      expect.arrayContaining([
        { field: 'analystName', label: '检测员', old: null, new: '孙七' },
        { field: 'dueDate', label: '计划完成日期', old: '2026-12-31', new: '2026-12-01' },
      ]),
    );
    const history = (await k.get(`/lims/analysis/history?id=${analysisIds[0]}`, zhouba)).json().result;
    expect(history.at(-1)).toMatchObject({ actionText: '分配', realname: '周八' });

    const limits = await assign({ ids: [analysisIds[1]], specMin: '0', specMax: 1 });
    expect(limits.statusCode, limits.body).toBe(200);
    expect(await k.analysis(analysisIds[1])).toMatchObject({ specMin: '0.000000', specMax: '1.000000' });
  });

  it('refuses bad input, changes after a result without a reason, verified analyses, and users without the code', async () => {
    const {
      analysisIds: [ph],
    } = await k.receivedSample([{ itemName: 'pH', specMin: '6', specMax: '9' }], {
      analyst: 'sunqi',
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ ids: [] }, ANALYSIS_MSG.idsRequired],
      [{ ids: [ph] }, ANALYSIS_MSG.nothingToAssign],
      [{ ids: [ph], specMin: 'abc' }, ANALYSIS_MSG.limitInvalid],
      [{ ids: [ph], specMin: 5, specMax: 1 }, ANALYSIS_MSG.limitsOrder],
      [{ ids: [ph], dueDate: '2026/12/01' }, ANALYSIS_MSG.dueDateInvalid],
      [{ ids: [ph], analystId: 'nobody' }, ANALYSIS_MSG.analystUnknown],
    ];
    for (const [body, message] of cases) {
      const res = await assign(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const unknown = await assign({ ids: [ph, 'nope'], dueDate: '2026-12-02' });
    expect(unknown.statusCode).toBe(404);
    expect((await k.analysis(ph)).dueDate).toBe('2026-12-31');
    const denied = await assign({ ids: [ph], dueDate: '2026-12-02' }, sunqi);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toMatch(/[\u4e00-\u9fa5]/);

    await k.save(sunqi, { id: ph, result: '8.5' });
    const bare = await assign({ ids: [ph], specMax: '8' });
    expect(bare.json().message).toBe(LIMS_MSG.reasonRequired);
    expect((await k.analysis(ph)).outOfSpec).toBe(false);
    expect((await assign({ ids: [ph], specMax: '8', reason: '标准更新' })).statusCode).toBe(200);
    expect(await k.analysis(ph)).toMatchObject({ outOfSpec: true });
    expect((await k.trail('analysis', ph)).at(-1)).toMatchObject({ action: 'assign', reason: '标准更新' });

    await k.verify(zhouba, ph);
    const verified = await assign({ ids: [ph], dueDate: '2027-01-01', reason: '延期' });
    expect(verified.statusCode).toBe(400);
    expect(verified.json().message).toBe(ANALYSIS_MSG.assignVerified);
  });

  it('exports the list as .xlsx with names and 超标', async () => {
    const {
      sampleId,
      analysisIds: [pb],
    } = await k.receivedSample([{ itemName: '铅导出', specMax: '0.01' }], {
      analyst: 'sunqi',
    });
    await k.save(sunqi, { id: pb, result: '0.2' });
    const sheet = await sheetRows((await k.get('/lims/analysis/exportXls?itemName=铅导出', zhouba)).rawPayload);
    expect(sheet).toHaveLength(2);
    expect(sheet[0]).toContain('超标');
    expect(sheet[1]).toEqual(expect.arrayContaining(['铅导出', '≤ 0.01', '0.2', '超标', '孙七', '待复核']));
    expect(sampleId).toBeTruthy();
  });

  it('the data rule analystId = #{sys_user_id} limits an analyst to their own analyses', async () => {
    const own = await k.receivedSample([{ itemName: '规则项目' }], { analyst: 'sunqi' });
    const other = await k.receivedSample([{ itemName: '规则项目' }], { analyst: 'zhouba' });
    const rules = dataRuleKit(t.database.db, (method, url, payload) => k.send(method, url, payload));
    const menu = await rules.menuId('/lims/analysis');
    await rules.chooseRules(menu, await rules.roleId('lims_analyst'), [
      await rules.addRule(menu, { ruleColumn: 'analystId', ruleConditions: '=', ruleValue: '#{sys_user_id}' }),
    ]);
    const sunqiList = (await k.get('/lims/analysis/list?itemName=规则项目&pageSize=100', sunqi)).json().result;
    expect(sunqiList.records.map((r: { id: string }) => r.id)).toEqual([own.analysisIds[0]]);
    const adminList = (await k.get('/lims/analysis/list?itemName=规则项目&pageSize=100')).json().result;
    expect(adminList.total).toBe(2);

    const hidden = await k.get(`/lims/analysis/queryById?id=${other.analysisIds[0]}`, sunqi);
    expect(hidden.statusCode).toBe(404);
    expect((await k.get(`/lims/analysis/history?id=${other.analysisIds[0]}`, sunqi)).statusCode).toBe(404);
    // 检测员 hold no export code (read-only on 检测任务).
    expect((await k.get('/lims/analysis/exportXls?itemName=规则项目', sunqi)).statusCode).toBe(403);
    // zhouba holds 检测任务 through 复核审批员 too, which has no rule: he sees both.
    expect((await k.get('/lims/analysis/list?itemName=规则项目&pageSize=100', zhouba)).json().result.total).toBe(2);
  });
});
