import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { dataRuleKit } from '../permission/data-rule.test-kit';
import { sheetRows } from '../supplier/business.test-kit';
import { projectKit } from './project.test-kit';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

/**
 * 检测项目 export: selected ids (within the data rules: lisi sees status 1 only), real date cells,
 * the 检测明细 sheet, and the exported file imported again.
 */
let t: TestApp;
let admin: string;
let lisi: string;
let k: ReturnType<typeof projectKit>;
let inside: string;
let inside2: string;
let outside: string;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, lisi] = await Promise.all([t.login('admin'), t.login('lisi')]);
  k = projectKit(t, () => admin);
  inside = await k.addProject({
    name: '导出选中一',
    startDate: '2030-03-05',
    dueDate: '2030-04-30',
    items: [
      { itemName: '浑浊度', standard: 'GB/T 5750.4', codeLines: 4, unit: 'NTU', specMax: 1, remark: '每月' },
      { itemName: '菌落总数', codeLines: 2 },
    ],
  });
  inside2 = await k.addProject({ name: '导出选中二', items: [{ itemName: '氨氮', codeLines: 12 }] });
  outside = await k.addProject({ name: '导出规则外' });
  const moved = await k.send('PUT', '/project/jcXmProject/edit', {
    id: outside,
    name: '导出规则外',
    customerUnitId: await k.ids.unit('KH0001'),
    status: '2',
  });
  expect(moved.statusCode, moved.body).toBe(200);
  const rules = dataRuleKit(t.database.db, (method, url, payload) => k.send(method, url, payload));
  const menu = await rules.menuId('/project/jcXmProject');
  await rules.chooseRules(menu, await rules.roleId('lab'), [
    await rules.addRule(menu, { ruleColumn: 'status', ruleConditions: '=', ruleValue: '1' }),
  ]);
});
afterAll(async () => {
  await t?.close();
});

const exportOf = async (query: string, token = admin) => {
  const res = await k.get(`/project/jcXmProject/exportXls?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.rawPayload;
};
const names = async (payload: Buffer) =>
  (await sheetRows(payload))
    .slice(1)
    .map((r) => r[1])
    .sort();

describe(`project export (${TEST_DB})`, () => {
  it('exports only the selected ids, and never a selected row outside the data rules', async () => {
    expect(await names(await exportOf(`selections=${inside},${outside}`))).toEqual(['导出规则外', '导出选中一']);
    expect(await names(await exportOf(`selections=${inside},${outside}`, lisi))).toEqual(['导出选中一']);
    expect(await names(await exportOf(`selections=${outside}`, lisi))).toEqual([]);
    // The list's filters still apply to the selection.
    const paramsStr = encodeURIComponent(JSON.stringify({ name: '*选中二*' }));
    expect(await names(await exportOf(`paramsStr=${paramsStr}&selections=${inside},${inside2}`))).toEqual([
      '导出选中二',
    ]);
    const bad = await k.get(`/project/jcXmProject/exportXls?selections=${encodeURIComponent("x' or 1=1")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('参数 selections 中的 id 不正确');
  });

  it('writes dates and times as Excel dates with a date format', async () => {
    const record = await k.detail(inside);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await exportOf(`selections=${inside}`)) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const cell = (title: string) => sheet.getRow(2).getCell(header.indexOf(title) + 1);
    const start = cell('开始日期');
    expect(start.type).toBe(ExcelJS.ValueType.Date);
    expect(start.numFmt).toBe('yyyy-mm-dd');
    expect((start.value as Date).toISOString()).toBe('2030-03-05T00:00:00.000Z');
    const created = cell('创建时间');
    expect(created.type).toBe(ExcelJS.ValueType.Date);
    expect(created.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    // The sheet shows the time the API shows (the server's time zone), to the second.
    expect((created.value as Date).toISOString().replace('T', ' ').slice(0, 19)).toBe(record.createTime);
    expect(cell('合同金额').type).not.toBe(ExcelJS.ValueType.Date);
  });

  it('carries the 检测明细 on a second sheet, each line with its 项目编号, and re-imports', async () => {
    const [one, two] = [await k.detail(inside), await k.detail(inside2)];
    const payload = await exportOf(`selections=${inside},${inside2}&column=projectNo&order=asc`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['检测项目', '检测明细']);
    const lines: unknown[][] = [];
    workbook.worksheets[1].eachRow((row) => lines.push((row.values as unknown[]).slice(1)));
    expect(lines).toEqual([
      ['项目编号', '检测项目', '检测标准/方法', '数量', '单位', '下限', '上限', '技术要求', '备注'],
      [one.projectNo, '浑浊度', 'GB/T 5750.4', 4, 'NTU', undefined, 1, undefined, '每月'],
      [one.projectNo, '菌落总数', undefined, 2],
      [two.projectNo, '氨氮', undefined, 12],
    ]);

    const before = (await k.get('/project/jcXmProject/list?pageSize=1')).json().result.total;
    const res = await k.upload('/project/jcXmProject/importExcel', '检测项目.xlsx', payload);
    expect(res.statusCode, res.body).toBe(200);
    expect((await k.get('/project/jcXmProject/list?pageSize=1')).json().result.total).toBe(before + 2);
    const again = (
      await k.get(`/project/jcXmProject/list?name=${encodeURIComponent('导出选中一')}&column=projectNo&order=asc`)
    ).json().result.records as Record<string, unknown>[];
    expect(again).toHaveLength(2);
    expect([again[1].startDate, again[1].dueDate, again[1].customerUnitName]).toEqual([
      '2030-03-05',
      '2030-04-30',
      one.customerUnitName,
    ]);
  });
});
