import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROJECT_MSG, canMoveProject } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { todayIn } from '../../platform/time';
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

type Rec = Record<string, unknown>;
const records = async (query: string): Promise<Rec[]> => {
  const res = await k.get(`/project/jcXmProject/list?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.records;
};
const edit = async (id: string, changes: Rec) => {
  const current = await k.detail(id);
  return k.send('PUT', '/project/jcXmProject/edit', { ...current, ...changes });
};

describe(`GET /project/jcXmProject/list (${TEST_DB})`, () => {
  it('pages projects with dictionary texts and the unit, manager and department names', async () => {
    const rs = await records('pageSize=50');
    expect(rs.length).toBeGreaterThanOrEqual(10);
    const water = rs.find((r) => r.name === '太湖流域地表水例行监测');
    expect(water).toMatchObject({
      customerUnitName: '无锡市生态环境局',
      managerName: '李四',
      departName: '环境检测实验室',
      status: '2',
      status_dictText: '进行中',
      testType_dictText: '环境检测',
      amount: 35000,
      contactName: '许文斌',
      projectNo: expect.stringMatching(/^XM\d{8}0001$/),
    });
    expect(await records('pageSize=50&field=projectNo,name')).toEqual(rs);
  });

  it('searches by number, name, unit, status, test type and date ranges', async () => {
    const unit = await k.ids.unit('KH0001');
    expect((await records(`customerUnitId=${unit}`)).length).toBe(3);
    expect((await records(`name=${encodeURIComponent('*地表水*')}`)).map((r) => r.name)).toEqual([
      '太湖流域地表水例行监测',
    ]);
    expect((await records('status=2')).length).toBe(4);
    expect((await records('status=1,5')).length).toBe(3);
    expect((await records('testType=5')).every((r) => r.testType === '5')).toBe(true);
    const today = todayIn(t.config.timeZone);
    const due = await records(`dueDate_begin=${today}&dueDate_end=${today}`);
    expect(due).toEqual([]);
    const started = await records(`startDate_end=${today}&dueDate_begin=${today}&status=2`);
    expect(started.length).toBe(4);
    const byNo = (await records('pageSize=1'))[0];
    expect((await records(`projectNo=${byNo.projectNo as string}`)).map((r) => r.id)).toEqual([byNo.id]);
    expect((await k.get('/project/jcXmProject/list?managerName=x')).statusCode).toBe(400);
  });

  it('searches by the customer unit name (customerUnitName) with the list rules, AND-ed with the rest', async () => {
    const q = (v: string, more = '') => records(`customerUnitName=${encodeURIComponent(v)}${more}`);
    const water = await q('*水务*');
    expect(water.length).toBe(3);
    expect(water.every((r) => r.customerUnitName === '江南水务集团有限公司')).toBe(true);
    expect((await q('江南*')).length).toBe(3);
    expect(await q('水务')).toEqual([]);
    expect((await q('*水务*', '&testType=3')).map((r) => r.name)).toEqual(['管网末梢水微生物监测']);
    expect((await q('江南水务集团有限公司,无锡市生态环境局')).length).toBe(5);
    expect(await q('*100%_*')).toEqual([]);
    const repeated = await k.get('/project/jcXmProject/list?customerUnitName=a&customerUnitName=b');
    expect(repeated.statusCode).toBe(400);
  });

  it('answers the picker with id, number and name to any signed-in user', async () => {
    const zhangsan = await t.login('zhangsan');
    const found = (
      await k.get(`/project/jcXmProject/queryProject?keyword=${encodeURIComponent('地表水')}`, zhangsan)
    ).json().result;
    expect(found).toEqual([
      { id: expect.any(String), projectNo: expect.stringMatching(/^XM/), name: '太湖流域地表水例行监测' },
    ]);
  });
});

describe('project writes', () => {
  it('adds with a generated number, 待受理, the primary contact and the items; edits; deletes', async () => {
    const manager = await k.ids.user('lisi');
    const depart = await k.ids.depart('A01A03');
    const id = await k.addProject({
      name: '新建检测项目',
      testType: '1',
      managerId: manager,
      departId: depart,
      startDate: '2030-01-01',
      dueDate: '2030-01-31',
      amount: '1234.5',
      status: '3',
      projectNo: 'XM00000000',
      items: [
        { itemName: '铅', standard: 'GB 5009.12-2023', codeLines: 3 },
        { itemName: '镉', codeLines: '2', remark: '加急' },
      ],
    });
    const one = await k.detail(id);
    const day = todayIn(t.config.timeZone).replaceAll('-', '');
    expect(one).toMatchObject({
      name: '新建检测项目',
      status: '1',
      status_dictText: '待受理',
      amount: 1234.5,
      contactName: '刘海涛',
      contactPhone: '13912345601',
      customerUnitName: '江南水务集团有限公司',
      managerName: '李四',
      departName: '化学检测室',
      createBy: 'admin',
    });
    expect(one.projectNo).toMatch(new RegExp(`^XM${day}\\d{4}$`));
    expect(one.items.map((i: Rec) => [i.itemName, i.codeLines, i.sortNo])).toEqual([
      ['铅', 3, 1],
      ['镉', 2, 2],
    ]);

    const [lead, cadmium] = one.items;
    const res = await edit(id, {
      name: '改名项目',
      contactName: '陈静',
      contactPhone: null,
      status: '2',
      projectNo: 'XM-forged',
      items: [
        { ...cadmium, codeLines: 5 },
        { itemName: '汞', codeLines: 0 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await k.detail(id);
    expect(after).toMatchObject({
      name: '改名项目',
      status: '2',
      contactName: '陈静',
      contactPhone: '13912345602',
      projectNo: one.projectNo,
      updateBy: 'admin',
    });
    expect(after.items.map((i: Rec) => [i.id === cadmium.id, i.itemName, i.codeLines])).toEqual([
      [true, '镉', 5],
      [false, '汞', 0],
    ]);
    expect(after.items.some((i: Rec) => i.id === lead.id)).toBe(false);
    const { items: _omit, ...withoutItems } = after;
    expect((await k.send('PUT', '/project/jcXmProject/edit', { ...withoutItems, remark: '只改备注' })).statusCode).toBe(
      200,
    );
    expect((await k.detail(id)).items).toHaveLength(2);

    expect((await k.send('DELETE', `/project/jcXmProject/delete?id=${id}`)).statusCode).toBe(200);
    expect((await k.get(`/project/jcXmProject/queryById?id=${id}`)).statusCode).toBe(404);
  });

  it('refuses bad input with clear messages and writes nothing', async () => {
    const unit = await k.ids.unit('KH0002');
    const before = (await k.get('/project/jcXmProject/list?pageSize=1')).json().result.total;
    const cases: [Rec, string][] = [
      [{ name: '' }, PROJECT_MSG.nameRequired],
      [{ name: 'x', customerUnitId: '' }, PROJECT_MSG.unitRequired],
      [{ name: 'x', customerUnitId: 'nosuchunit' }, PROJECT_MSG.unitNotFound],
      [{ name: 'x', managerId: 'nosuchuser' }, PROJECT_MSG.managerNotFound],
      [{ name: 'x', departId: 'nosuchdepart' }, PROJECT_MSG.departNotFound],
      [{ name: 'x', startDate: '2030-02-01', dueDate: '2030-01-31' }, PROJECT_MSG.dueBeforeStart],
      [{ name: 'x', amount: -1 }, PROJECT_MSG.amountInvalid],
      [{ name: 'x', amount: '10.123' }, PROJECT_MSG.amountInvalid],
      [{ name: 'x', testType: '99' }, PROJECT_MSG.testTypeInvalid],
      [
        {
          name: 'x',
          items: [
            { itemName: 'a', codeLines: 1 },
            { itemName: '', codeLines: 1 },
          ],
        },
        PROJECT_MSG.itemNameRequired(2),
      ],
      [{ name: 'x', items: [{ itemName: 'a', codeLines: 1.5 }] }, PROJECT_MSG.codeLinesInvalid(1)],
      [{ name: 'x', items: [{ itemName: 'a', codeLines: -1 }] }, PROJECT_MSG.codeLinesInvalid(1)],
    ];
    for (const [body, message] of cases) {
      const res = await k.send('POST', '/project/jcXmProject/add', { customerUnitId: unit, ...body });
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await k.get('/project/jcXmProject/list?pageSize=1')).json().result.total).toBe(before);
    const ok = await k.send('POST', '/project/jcXmProject/add', {
      customerUnitId: unit,
      name: 'x',
      amount: 0,
      startDate: '2030-01-01',
      dueDate: '2030-01-01',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('allows only the status moves of the workflow', async () => {
    expect(
      [
        ['1', '2'],
        ['2', '3'],
        ['3', '4'],
        ['1', '5'],
        ['2', '5'],
        ['3', '3'],
      ].every(([a, b]) => canMoveProject(a, b)),
    ).toBe(true);
    expect(
      [
        ['3', '1'],
        ['1', '3'],
        ['4', '3'],
        ['5', '1'],
        ['3', '5'],
        ['1', '4'],
      ].some(([a, b]) => canMoveProject(a, b)),
    ).toBe(false);

    const id = await k.addProject({ name: '流转测试' });
    for (const status of ['2', '3', '4']) expect((await edit(id, { status })).statusCode, status).toBe(200);
    const back = await edit(id, { status: '1' });
    expect(back.statusCode).toBe(400);
    expect(back.json().message).toBe('项目状态不能从「已归档」改为「待受理」');
    expect((await edit(id, { name: '归档后改名' })).statusCode).toBe(200);

    const other = await k.addProject({ name: '流转测试二' });
    const skip = await edit(other, { status: '3' });
    expect(skip.json().message).toBe('项目状态不能从「待受理」改为「已完成」');
    expect((await edit(other, { status: '5' })).statusCode).toBe(200);
    expect((await edit(other, { status: '2' })).json().message).toBe('项目状态不能从「已取消」改为「进行中」');
    const done = await k.addProject({ name: '流转测试三' });
    await edit(done, { status: '2' });
    await edit(done, { status: '3' });
    expect((await edit(done, { status: '1' })).json().message).toBe('项目状态不能从「已完成」改为「待受理」');
    expect((await edit(done, { status: '7' })).json().message).toBe(PROJECT_MSG.statusInvalid);
    expect(
      (
        await k.send('PUT', '/project/jcXmProject/edit', {
          id: 'nosuch',
          name: 'x',
          customerUnitId: await k.ids.unit('KH0001'),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('lets lisi write, zhangsan only read (403 on writes)', async () => {
    const lisi = await t.login('lisi');
    const id = await k.addProject({ name: '李四的项目' }, lisi);
    const zhangsan = await t.login('zhangsan');
    expect((await k.get(`/project/jcXmProject/queryById?id=${id}`, zhangsan)).statusCode).toBe(200);
    expect(
      (await k.send('POST', '/project/jcXmProject/add', { name: 'x', customerUnitId: 'x' }, zhangsan)).statusCode,
    ).toBe(403);
    expect((await k.send('PUT', '/project/jcXmProject/edit', { id, name: 'x' }, zhangsan)).statusCode).toBe(403);
    expect((await k.send('DELETE', `/project/jcXmProject/delete?id=${id}`, undefined, zhangsan)).statusCode).toBe(403);
    expect((await k.send('DELETE', `/project/jcXmProject/deleteBatch?ids=${id}`, undefined, zhangsan)).statusCode).toBe(
      403,
    );
    expect((await k.get('/project/jcXmProject/exportXls', zhangsan)).statusCode).toBe(403);
    expect((await k.send('DELETE', `/project/jcXmProject/deleteBatch?ids=${id}`, undefined, lisi)).json().result).toBe(
      1,
    );
  });
});

describe(`project test items: unit and limits (${TEST_DB})`, () => {
  it('stores 单位/下限/上限/技术要求 per item and refuses a lower limit above the upper one', async () => {
    const id = await k.addProject({
      name: '限值项目',
      items: [
        { itemName: '铅', unit: 'mg/L', specMin: '', specMax: '0.01' },
        { itemName: '外观', specText: '无色透明' },
      ],
    });
    const items = (await k.detail(id)).items as Rec[];
    expect(items.map((i) => [i.itemName, i.unit, i.specMin, i.specMax, i.specText])).toEqual([
      ['铅', 'mg/L', null, 0.01, null],
      ['外观', null, null, null, '无色透明'],
    ]);
    const reversed = await edit(id, { items: [{ itemName: 'pH', specMin: 9, specMax: 6 }] });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().message).toBe(PROJECT_MSG.limitsReversed(1));
    const bad = await edit(id, { items: [{ itemName: 'pH', specMin: 'abc' }] });
    expect(bad.json().message).toBe(PROJECT_MSG.limitInvalid(1, '下限'));
    expect(((await k.detail(id)).items as Rec[]).map((i) => i.itemName)).toEqual(['铅', '外观']);
  });
});
