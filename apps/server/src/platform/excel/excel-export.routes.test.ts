import ExcelJS from 'exceljs';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { suppliers } from '../../db/schema';
import { BASE, insertTestDict, supplierExcelModule } from './excel.fixture';
import { insertInChunks } from './import-excel';

const ROWS = 10_000;
const TYPES = ['试剂耗材', '仪器设备', '检测服务', '其他'];
const STATUS = ['合格', '待评估', "'@停用"];
const FORMULAS = ['=HYPERLINK("http://evil","点我")', '+1+2', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd'];

let t: TestApp;
let token: string;
const code = (i: number) => `XL${String(i).padStart(5, '0')}`;
const nameOf = (i: number) => (i % 1000 === 0 ? FORMULAS[(i / 1000) % FORMULAS.length] : `供应商${i}`);

async function parse(payload: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  return workbook.worksheets[0];
}

beforeAll(async () => {
  t = await buildTestApp({}, { extraModules: [supplierExcelModule] });
  token = await t.login('admin');
  await insertTestDict(t.database.db);
  const rows = Array.from({ length: ROWS }, (_, k) => {
    const i = k + 1;
    return {
      code: code(i),
      name: nameOf(i),
      supplierType: String((i % 4) + 1),
      status: String((i % 3) + 1),
      qualificationExpiry: i % 2 === 0 ? `2026-${String((i % 12) + 1).padStart(2, '0')}-15` : null,
      email: `s${i}@lims.local`,
      remark: i % 7 === 0 ? null : `备注${i}`,
      createBy: 'admin',
    };
  });
  await insertInChunks(t.database.db, suppliers, rows, 1000);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe(`export (${TEST_DB})`, () => {
  it('streams 10 000 rows as a real .xlsx: Chinese bold frozen header, dictionary texts, dates, neutralised formulas', async () => {
    const paramsStr = encodeURIComponent(JSON.stringify({ code: 'XL*', column: 'code', order: 'asc' }));
    const res = await t.as(token, { method: 'GET', url: `${BASE}/exportXls?paramsStr=${paramsStr}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="_____.xlsx"; filename*=UTF-8''${encodeURIComponent('供应商信息.xlsx')}`,
    );
    const sheet = await parse(res.rawPayload);
    expect(sheet.name).toBe('供应商信息');
    expect(sheet.actualRowCount).toBe(ROWS + 1);
    const header = sheet.getRow(1);
    expect(header.values).toEqual([
      undefined,
      '供应商编码',
      '供应商名称',
      '供应商类型',
      '状态',
      '资质有效期',
      '邮箱',
      '备注',
      '创建时间',
    ]);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    for (let i = 1; i <= ROWS; i++) {
      const row = sheet.getRow(i + 1);
      const name = nameOf(i);
      // XML turns a raw CR into LF when read back; the quote in front is what matters.
      const expectedName = (/^[=+\-@\t\r]/.test(name) ? `'${name}` : name).replace('\r', '\n');
      expect(row.getCell(1).value).toBe(code(i));
      expect(row.getCell(2).value).toBe(expectedName);
      expect(row.getCell(3).value).toBe(TYPES[i % 4]);
      expect(row.getCell(4).value).toBe(STATUS[i % 3]);
      const day = row.getCell(5).value;
      expect(day instanceof Date ? day.toISOString().slice(0, 10) : (day ?? null)).toBe(
        i % 2 === 0 ? `2026-${String((i % 12) + 1).padStart(2, '0')}-15` : null,
      );
      if (i % 2 === 0) expect(row.getCell(5).numFmt).toBe('yyyy-mm-dd');
      expect(row.getCell(7).value ?? null).toBe(i % 7 === 0 ? null : `备注${i}`);
      if (i % 997 === 1) {
        expect(row.getCell(8).value).toBeInstanceOf(Date);
        expect(row.getCell(8).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      }
    }
  }, 120_000);

  it('takes plain params too (ignoring field and paging), and paramsStr merged under plain params', async () => {
    const res = await t.as(token, {
      method: 'GET',
      url: `${BASE}/exportXls?code=XL0000*&column=code&order=desc&field=id,code&pageSize=2&pageNo=3`,
    });
    expect(res.statusCode).toBe(200);
    const sheet = await parse(res.rawPayload);
    expect(sheet.actualRowCount).toBe(10);
    expect(sheet.getRow(2).getCell(1).value).toBe('XL00009');
    expect(sheet.getRow(2).getCell(3).value).toBe(TYPES[9 % 4]);
    const merged = encodeURIComponent(JSON.stringify({ code: 'XL0001*', status: '1' }));
    const both = await t.as(token, { method: 'GET', url: `${BASE}/exportXls?paramsStr=${merged}&code=XL0002*` });
    const rows = (await parse(both.rawPayload))
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[])[1]);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((c) => String(c).startsWith('XL0002'))).toBe(true);
  });

  it('limits the export to selections when given', async () => {
    const picked = await t.database.db
      .select({ id: suppliers.id, code: suppliers.code })
      .from(suppliers)
      .where(like(suppliers.code, 'XL0123%'))
      .limit(3);
    const paramsStr = encodeURIComponent(JSON.stringify({ code: 'XL*' }));
    const res = await t.as(token, {
      method: 'GET',
      url: `${BASE}/exportXls?paramsStr=${paramsStr}&selections=${picked.map((p) => p.id).join(',')},`,
    });
    expect(res.statusCode).toBe(200);
    const codes = (await parse(res.rawPayload))
      .getSheetValues()
      .slice(2)
      .map((r) => (r as unknown[])[1]);
    expect(codes.sort()).toEqual(picked.map((p) => p.code).sort());
  });

  it('accepts the token as a query param (browser navigation), and refuses without permission or with bad params', async () => {
    const nav = await t.app.inject({ method: 'GET', url: `${BASE}/exportXls?token=${token}&code=XL00001` });
    expect(nav.statusCode).toBe(200);
    expect((await parse(nav.rawPayload)).actualRowCount).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/exportXls?code=XL00001` })).statusCode).toBe(401);
    const other = await t.login('zhangsan');
    expect((await t.as(other, { method: 'GET', url: `${BASE}/exportXls` })).statusCode).toBe(403);
    const badJson = await t.as(token, { method: 'GET', url: `${BASE}/exportXls?paramsStr=%7Bnot-json` });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().message).toBe('导出参数 paramsStr 不是有效的 JSON 对象');
    const unknown = await t.as(token, { method: 'GET', url: `${BASE}/exportXls?password=1` });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('未知的查询字段: password');
  });

  it('exports an empty list as the header row alone', async () => {
    const res = await t.as(token, { method: 'GET', url: `${BASE}/exportXls?code=NOPE*` });
    expect(res.statusCode).toBe(200);
    expect((await parse(res.rawPayload)).actualRowCount).toBe(1);
  });
});
