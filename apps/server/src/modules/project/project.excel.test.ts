import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PROJECT_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { sheetRows, xlsxOf } from '../supplier/business.test-kit';
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
const HEADER = [
  '项目名称',
  '委托单位',
  '联系人',
  '检测类别',
  '项目负责人',
  '承接部门',
  '开始日期',
  '计划完成日期',
  '合同金额',
];

describe(`project export (${TEST_DB})`, () => {
  it('exports the filtered projects with unit, manager and department names and dictionary texts', async () => {
    const paramsStr = encodeURIComponent(JSON.stringify({ name: '*地表水*' }));
    const res = await k.get(`/project/jcXmProject/exportXls?paramsStr=${paramsStr}`);
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([
      '项目编号',
      '项目名称',
      '委托单位',
      '联系人',
      '联系电话',
      '检测类别',
      '项目负责人',
      '承接部门',
      '开始日期',
      '计划完成日期',
      '状态',
      '合同金额',
      '备注',
      '创建时间',
    ]);
    expect(rows).toHaveLength(2);
    const [no, name, unit, contact, , testType, manager, depart, , , status, amount] = rows[1];
    expect(no).toMatch(/^XM\d{12}$/);
    expect([name, unit, contact, testType, manager, depart, status, amount]).toEqual([
      '太湖流域地表水例行监测',
      '无锡市生态环境局',
      '许文斌',
      '环境检测',
      '李四',
      '环境检测实验室',
      '进行中',
      35000,
    ]);
    const byUnit = encodeURIComponent(JSON.stringify({ customerUnitName: '*生态环境*', testType: '4' }));
    const unitRows = await sheetRows((await k.get(`/project/jcXmProject/exportXls?paramsStr=${byUnit}`)).rawPayload);
    expect(
      unitRows
        .slice(1)
        .map((r) => r[1])
        .sort(),
    ).toEqual(['农用地土壤重金属详查', '太湖流域地表水例行监测']);
    const direct = await k.get(`/project/jcXmProject/exportXls?customerUnitName=${encodeURIComponent('*水务*')}`);
    expect((await sheetRows(direct.rawPayload)).slice(1).every((r) => r[2] === '江南水务集团有限公司')).toBe(true);
    const all = await sheetRows((await k.get('/project/jcXmProject/exportXls')).rawPayload);
    expect(all.length).toBeGreaterThanOrEqual(11);
  });

  it('offers a template with the import columns only', async () => {
    const res = await k.get('/project/jcXmProject/importTemplate');
    expect(res.statusCode).toBe(200);
    const [header] = await sheetRows(res.rawPayload);
    expect(header).not.toContain('项目编号');
    expect(header).not.toContain('状态');
    expect(header).toEqual(expect.arrayContaining(['项目名称', '委托单位', '项目负责人', '承接部门']));
  });
});

describe('project import', () => {
  it('reports unknown or ambiguous references by row and writes nothing', async () => {
    await k.send('POST', '/khgl/unit/add', { code: 'T-DUP1', name: '同名单位', contacts: [] });
    await k.send('POST', '/khgl/unit/add', { code: 'T-DUP2', name: '同名单位', contacts: [] });
    const before = (await k.get('/project/jcXmProject/list?pageSize=1')).json().result.total;
    const file = await xlsxOf([
      HEADER,
      ['好行', 'KH0001', '', '化学检测', 'lisi', 'A01A03', '2030-01-01', '2030-02-01', 100],
      ['坏单位', '不存在的单位', '', '', '', '', '', '', ''],
      ['重名', '同名单位', '', '', '', '', '', '', ''],
      ['坏人', 'KH0001', '', '', '查无此人', '', '', '', ''],
      ['坏日期', 'KH0001', '', '', '', '', '2030-02-01', '2030-01-01', ''],
    ]);
    const res = await k.upload('/project/jcXmProject/importExcel', 'p.xlsx', file);
    expect(res.statusCode).toBe(400);
    expect(res.json().result.errors).toEqual([{ row: 6, field: '计划完成日期', message: PROJECT_MSG.dueBeforeStart }]);
    const refs = await k.upload(
      '/project/jcXmProject/importExcel',
      'p.xlsx',
      await xlsxOf([
        HEADER,
        ...[
          ['好行', 'KH0001', '', '化学检测', 'lisi', 'A01A03', '2030-01-01', '2030-02-01', 100],
          ['坏单位', '不存在的单位'],
          ['重名', '同名单位'],
          ['坏人', 'KH0001', '', '', '查无此人'],
        ],
      ]),
    );
    expect(refs.statusCode).toBe(400);
    expect(refs.json().result.errors).toEqual([
      { row: 3, field: '委托单位', message: PROJECT_MSG.importUnknown('委托单位', '不存在的单位') },
      { row: 4, field: '委托单位', message: PROJECT_MSG.importAmbiguous('委托单位', '同名单位', '单位编码') },
      { row: 5, field: '项目负责人', message: PROJECT_MSG.importUnknown('项目负责人', '查无此人') },
    ]);
    expect((await k.get('/project/jcXmProject/list?pageSize=1')).json().result.total).toBe(before);
  });

  it('imports projects with generated numbers, 待受理, names resolved and the primary contact', async () => {
    const file = await xlsxOf([
      HEADER,
      ['导入项目一', 'KH0004', '', '食品检测', '李四', '微生物检测室', '2030-01-01', '2030-02-01', 880.5],
      ['导入项目二', '江南水务集团有限公司', '陈静', '', 'admin', 'A01A03', '', '', ''],
    ]);
    const res = await k.upload('/project/jcXmProject/importExcel', 'p.xlsx', file);
    expect(res.statusCode, res.body).toBe(200);
    const rows: Rec[] = (
      await k.get(`/project/jcXmProject/list?name=${encodeURIComponent('导入项目*')}&column=projectNo&order=asc`)
    ).json().result.records;
    expect(
      rows.map((r) => [
        r.name,
        r.customerUnitName,
        r.managerName,
        r.departName,
        r.contactName,
        r.contactPhone,
        r.status,
        r.amount,
      ]),
    ).toEqual([
      ['导入项目一', '绿源食品股份有限公司', '李四', '微生物检测室', '马俊', '13585001234', '1', 880.5],
      ['导入项目二', '江南水务集团有限公司', '管理员', '化学检测室', '陈静', '13912345602', '1', null],
    ]);
    const [a, b] = rows.map((r) => String(r.projectNo));
    expect(Number(b.slice(10))).toBe(Number(a.slice(10)) + 1);
    const next = await k.detail(await k.addProject({ name: '导入后新建' }));
    expect(Number(String(next.projectNo).slice(10))).toBe(Number(b.slice(10)) + 1);
  });

  it('is refused to zhangsan', async () => {
    const zhangsan = await t.login('zhangsan');
    expect(
      (await k.upload('/project/jcXmProject/importExcel', 'p.xlsx', await xlsxOf([HEADER]), zhangsan)).statusCode,
    ).toBe(403);
    expect((await k.get('/project/jcXmProject/importTemplate', zhangsan)).statusCode).toBe(403);
  });
});
