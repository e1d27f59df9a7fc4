import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIMS_MSG, SAMPLE_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../../test/build-test-app';
import { analyses, projects, samples } from '../../../db/schema';
import { sampleKit } from './sample.test-kit';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
let zhaoliu: string;
let k: ReturnType<typeof sampleKit>;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, zhaoliu] = await Promise.all([t.login('admin'), t.login('zhaoliu')]);
  k = sampleKit(
    t,
    () => admin,
    () => zhaoliu,
  );
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const statusOf = async (id: string) =>
  (await db().select({ s: samples.status }).from(samples).where(eq(samples.id, id)))[0]?.s;
const analysesOf = (ids: string[]) => db().select().from(analyses).where(inArray(analyses.sampleId, ids));

describe(`POST /lims/sample/add (${TEST_DB})`, () => {
  it('registers N samples with consecutive YP numbers; the 待受理 project moves to 进行中', async () => {
    const projectId = await k.project('样品登记项目', k.ITEMS);
    const { ids, sampleNos } = await k.register(projectId, ['水样1', '水样2', '水样3']);
    expect(ids).toHaveLength(3);
    expect(sampleNos[0]).toMatch(/^YP\d{8}\d{4}$/);
    const seq = sampleNos.map((n) => Number(n.slice(-4)));
    expect(seq).toEqual([seq[0], seq[0] + 1, seq[0] + 2]);
    const first = await k.sample(ids[0]);
    expect(first).toMatchObject({
      name: '水样1',
      status: '1',
      status_dictText: '待接收',
      sampleType_dictText: '水质',
      quantity: 500,
      projectName: '样品登记项目',
    });
    const [p] = await db().select({ s: projects.status }).from(projects).where(eq(projects.id, projectId));
    expect(p.s).toBe('2');
    const trail = await k.history(ids[0]);
    expect(trail.map((e) => [e.action, e.realname])).toEqual([['create', '赵六']]);
    expect(trail[0].changes).toContainEqual({ field: 'status', label: '状态', old: null, new: '待接收' });
  });

  it('refuses bad rows, unknown projects and closed projects with a Chinese message; nothing is written', async () => {
    const projectId = await k.project('登记校验项目');
    const before = (await db().select().from(samples)).length;
    const bad = await k.send('POST', '/lims/sample/add', { projectId, samples: [{ name: '甲' }, { name: ' ' }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(SAMPLE_MSG.nameRequired(2));
    const qty = await k.send('POST', '/lims/sample/add', { projectId, samples: [{ name: '甲', quantity: '-1' }] });
    expect(qty.json().message).toBe(SAMPLE_MSG.quantityInvalid(1));
    const none = await k.send('POST', '/lims/sample/add', { projectId, samples: [] });
    expect(none.json().message).toBe(SAMPLE_MSG.rowsRequired);
    const type = await k.send('POST', '/lims/sample/add', { projectId, samples: [{ name: '甲', sampleType: '77' }] });
    expect(type.json().message).toBe(SAMPLE_MSG.sampleTypeInvalid);
    const missing = await k.send('POST', '/lims/sample/add', { projectId: 'nope', samples: [{ name: '甲' }] });
    expect(missing.json().message).toBe(SAMPLE_MSG.projectNotFound);
    await db().update(projects).set({ status: '3' }).where(eq(projects.id, projectId));
    const closed = await k.send('POST', '/lims/sample/add', { projectId, samples: [{ name: '甲' }] });
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe(SAMPLE_MSG.projectClosed('已完成'));
    expect((await db().select().from(samples)).length).toBe(before);
  });
});

describe(`POST /lims/sample/receive (${TEST_DB})`, () => {
  it('receives many at once: one analysis per test item with unit, limits and due date copied', async () => {
    const projectId = await k.project('接收项目');
    const { ids } = await k.register(projectId, ['土样A', '土样B']);
    const res = await k.receive(ids);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toEqual({ samples: 2, analyses: 6 });
    const s = await k.sample(ids[0]);
    expect(s).toMatchObject({
      status: '2',
      condition_dictText: '完好',
      storageLocation: '冷藏柜A-1',
      receivedByName: '赵六',
    });
    expect(s.receivedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const made = await analysesOf(ids);
    expect(made).toHaveLength(6);
    const lead = made.find((a) => a.sampleId === ids[0] && a.itemName === '铅')!;
    expect(lead).toMatchObject({ standard: 'GB/T 5750.6', unit: 'mg/L', dueDate: '2030-12-31', status: '1' });
    expect(Number(lead.specMax)).toBe(0.01);
    expect(lead.analystId).toBeNull();
    const ph = made.find((a) => a.itemName === 'pH')!;
    expect([Number(ph.specMin), Number(ph.specMax)]).toEqual([6.5, 8.5]);
    expect(made.find((a) => a.itemName === '外观')!.specText).toBe('无色透明');
    const trail = await k.history(ids[0]);
    expect(trail.map((e) => e.action)).toEqual(['create', 'receive']);
    expect(trail[1].changes).toContainEqual(expect.objectContaining({ field: 'status', old: '待接收', new: '已接收' }));
    expect(trail[1].changes).toContainEqual(expect.objectContaining({ field: 'receivedBy', new: '赵六' }));
  });

  it('refuses a sample not 待接收, and a project without test items; nothing changes', async () => {
    const projectId = await k.project('重复接收项目');
    const { ids } = await k.register(projectId, ['样1', '样2']);
    expect((await k.receive([ids[0]])).statusCode).toBe(200);
    const again = await k.receive(ids);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      SAMPLE_MSG.wrongState((await k.sample(ids[0])).sampleNo as string, '已接收', '接收'),
    );
    expect(await statusOf(ids[1])).toBe('1');
    expect(await analysesOf([ids[1]])).toHaveLength(0);

    const bare = await k.project('无明细项目', []);
    const lone = await k.register(bare, ['孤样']);
    const refused = await k.receive(lone.ids);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^检测项目 XM\d{12} 没有检测明细，请先在检测项目中添加检测明细再接收！$/);
    expect(await statusOf(lone.ids[0])).toBe('1');
    const cond = await k.receive(ids.slice(1), zhaoliu, { condition: '99' });
    expect(cond.json().message).toBe(SAMPLE_MSG.conditionInvalid);
    expect((await k.receive(['missing-id'])).statusCode).toBe(404);
  });
});

describe(`POST /lims/sample/return (${TEST_DB})`, () => {
  it('needs a reason; returns 待接收 and 已接收 samples (their empty analyses removed), with the reason in the trail', async () => {
    const projectId = await k.project('退回项目');
    const { ids } = await k.register(projectId, ['退1', '退2']);
    const noReason = await k.send('POST', '/lims/sample/return', { ids, reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(LIMS_MSG.reasonRequired);
    expect(await statusOf(ids[0])).toBe('1');

    expect((await k.receive([ids[1]])).statusCode).toBe(200);
    const res = await k.send('POST', '/lims/sample/return', { ids, reason: '样品量不足' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await k.sample(ids[1])).toMatchObject({ status: '5', returnReason: '样品量不足' });
    expect(await analysesOf(ids)).toHaveLength(0);
    const trail = await k.history(ids[1]);
    expect(trail.map((e) => [e.action, e.reason])).toEqual([
      ['create', null],
      ['receive', null],
      ['return', '样品量不足'],
    ]);
    const again = await k.send('POST', '/lims/sample/return', { ids: [ids[0]], reason: '再退' });
    expect(again.json().message).toMatch(/当前为「已退回」，不能退回！$/);
  });

  it('refuses a received sample once a result was entered', async () => {
    const projectId = await k.project('有结果项目');
    const { ids, sampleNos } = await k.register(projectId, ['结果样']);
    await k.receive(ids);
    await db().update(analyses).set({ result: '0.002' }).where(eq(analyses.sampleId, ids[0]));
    const res = await k.send('POST', '/lims/sample/return', { ids, reason: '错误' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(SAMPLE_MSG.hasResults(sampleNos[0]));
    expect(await statusOf(ids[0])).toBe('2');
    expect(await analysesOf(ids)).toHaveLength(3);
  });
});

describe(`PUT /lims/sample/edit, DELETE /lims/sample/delete (${TEST_DB})`, () => {
  it('edits a 待接收 sample freely; after receipt only with a reason; a stale version is a 409', async () => {
    const projectId = await k.project('编辑项目');
    const { ids } = await k.register(projectId, ['原名']);
    const form = (extra: object) => ({
      id: ids[0],
      name: '新名',
      condition: '1',
      storageLocation: '冷藏柜A-1',
      sampleType: '2',
      quantity: 1.5,
      unit: 'kg',
      ...extra,
    });
    expect((await k.send('PUT', '/lims/sample/edit', form({}))).statusCode).toBe(200);
    await k.receive(ids);
    const refused = await k.send('PUT', '/lims/sample/edit', form({ name: '改名' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(LIMS_MSG.reasonRequired);
    expect((await k.sample(ids[0])).name).toBe('新名');
    const stale = await k.send('PUT', '/lims/sample/edit', form({ name: '改名', reason: '笔误', version: 0 }));
    expect(stale.statusCode).toBe(409);
    const version = (await k.sample(ids[0])).version;
    const okRes = await k.send('PUT', '/lims/sample/edit', form({ name: '改名', reason: '笔误', version }));
    expect(okRes.statusCode, okRes.body).toBe(200);
    const trail = await k.history(ids[0]);
    expect(trail.map((e) => [e.action, e.reason])).toEqual([
      ['create', null],
      ['update', null],
      ['receive', null],
      ['update', '笔误'],
    ]);
    expect(trail[1].changes).toContainEqual(expect.objectContaining({ field: 'sampleType', old: '水质', new: '土壤' }));
    expect(trail[3].changes).toEqual([{ field: 'name', label: '样品名称', old: '新名', new: '改名' }]);
  });

  it('deletes only 待接收 samples (a batch all or nothing); the trail stays readable', async () => {
    const projectId = await k.project('删除项目');
    const { ids } = await k.register(projectId, ['删1', '删2', '删3']);
    await k.receive([ids[2]]);
    const mixed = await k.send('DELETE', `/lims/sample/deleteBatch?ids=${ids.join(',')}`);
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toMatch(/当前为「已接收」，不能删除！$/);
    expect(await statusOf(ids[0])).toBe('1');
    expect((await k.send('DELETE', `/lims/sample/deleteBatch?ids=${ids[0]},${ids[1]}`)).json().result).toBe(2);
    expect(await statusOf(ids[0])).toBeUndefined();
    const trail = await k.history(ids[0]);
    expect(trail.map((e) => e.action)).toEqual(['create', 'delete']);
    expect(trail[1].changes).toContainEqual(expect.objectContaining({ field: 'name', old: '删1', new: null }));
    expect((await k.send('DELETE', `/lims/sample/delete?id=${ids[2]}`)).statusCode).toBe(400);
  });
});

describe(`GET /lims/sample/list (${TEST_DB})`, () => {
  it('finds a sample by its scanned number, and exports the list', async () => {
    const projectId = await k.project('扫码项目');
    const { sampleNos } = await k.register(projectId, ['扫码样']);
    const res = await k.get(`/lims/sample/list?sampleNo=${sampleNos[0]}`);
    expect(res.json().result.records.map((r: { name: string }) => r.name)).toEqual(['扫码样']);
    expect(res.json().result.records[0]).toMatchObject({ projectName: '扫码项目' });
    const xls = await k.get('/lims/sample/exportXls', admin);
    expect(xls.statusCode).toBe(200);
    expect(xls.headers['content-type']).toContain('spreadsheetml');
  });
});

describe(`deleting a project samples were registered under (${TEST_DB})`, () => {
  it('a 样品管理员 without the right to delete projects is refused before any check, and a huge id list is refused; nothing goes', async () => {
    const used = await k.project('无权删除的项目');
    await k.register(used, ['留样3']);
    const refused = await k.send('DELETE', `/project/jcXmProject/delete?id=${used}`, undefined, zhaoliu);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/[\u4e00-\u9fa5]/);
    const huge = Array.from({ length: 20_000 }, (_, i) => `${used}${i}`).join(',');
    const flood = await k.send('DELETE', `/project/jcXmProject/deleteBatch?ids=${used},${huge}`, undefined, admin);
    expect(flood.statusCode).toBeGreaterThanOrEqual(400);
    expect(flood.statusCode).toBeLessThan(500);
    expect(flood.json().message).toMatch(/[\u4e00-\u9fa5]/);
    const left = await db().select({ id: projects.id }).from(projects).where(eq(projects.id, used));
    expect(left).toHaveLength(1);
  });

  it('is refused with a Chinese message, alone or in a batch; the project and its samples stay', async () => {
    const used = await k.project('已登记样品的项目');
    const unused = await k.project('未登记样品的项目');
    const { ids } = await k.register(used, ['留样1', '留样2']);
    const one = await k.send('DELETE', `/project/jcXmProject/delete?id=${used}`, undefined, admin);
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe('该项目已登记 2 个样品，不能删除！');
    const batch = await k.send('DELETE', `/project/jcXmProject/deleteBatch?ids=${used},${unused}`, undefined, admin);
    expect(batch.statusCode).toBe(400);
    expect(batch.json().message).toBe('以下项目已登记样品，不能删除：已登记样品的项目（2 个）！');
    const left = await db()
      .select({ id: projects.id })
      .from(projects)
      .where(inArray(projects.id, [used, unused]));
    expect(left).toHaveLength(2);
    expect(await statusOf(ids[0])).toBe('1');
    const alone = await k.send('DELETE', `/project/jcXmProject/delete?id=${unused}`, undefined, admin);
    expect(alone.statusCode).toBe(200);
  });
});
