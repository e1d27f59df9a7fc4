import ExcelJS from 'exceljs';
import { count, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { suppliers } from '../../db/schema';
import { fileUpload } from '../files/multipart.fixture';
import { BASE, insertTestDict, supplierExcelModule } from './excel.fixture';
import { buildZip } from './zip.fixture';

const HEADER = ['供应商编码', '供应商名称', '供应商类型', '状态', '资质有效期', '邮箱', '备注'];

let t: TestApp;
let token: string;

async function xlsx(rows: unknown[][], header: unknown[] = HEADER): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('供应商信息');
  sheet.addRow(header);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
const post = (filename: string, content: Buffer | string) => {
  const body = fileUpload(filename, content);
  return t.as(token, { method: 'POST', url: `${BASE}/importExcel`, payload: body.payload, headers: body.headers });
};
const countCodes = async (prefix: string) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(suppliers)
      .where(like(suppliers.code, `${prefix}%`))
  )[0].n;
const byCode = async (prefix: string) =>
  (
    await t.database.db
      .select()
      .from(suppliers)
      .where(like(suppliers.code, `${prefix}%`))
  ).sort((a, b) => a.code.localeCompare(b.code));

beforeAll(async () => {
  t = await buildTestApp({}, { extraModules: [supplierExcelModule] });
  token = await t.login('admin');
  await insertTestDict(t.database.db);
});
afterAll(async () => {
  await t?.close();
});

describe(`import (${TEST_DB})`, () => {
  it('imports a good .xlsx: dictionary texts back to values, dates from cells or text, quotes undone', async () => {
    const file = await xlsx([
      ['IMA01', '华测仪器', '仪器设备', '合格', new Date(Date.UTC(2026, 2, 5)), 'a@lims.local', "'=1+1"],
      ['IMA02', "'@公司", '试剂耗材,其他', "'@停用", '2026/4/9', null, null],
      [],
      [12345, '数字编码', '4', '2', '2026年5月1日', ' b@lims.local ', '  '],
      [null, null, null, null, null, null, null],
    ]);
    const res = await post('供应商.xlsx', file);
    expect(res.json()).toMatchObject({ success: true, message: '文件导入成功！数据行数：3' });
    const rows = await byCode('IMA');
    expect(
      rows.map((r) => [r.code, r.name, r.supplierType, r.status, r.qualificationExpiry, r.email, r.remark, r.createBy]),
    ).toEqual([
      ['IMA01', '华测仪器', '2', '1', '2026-03-05', 'a@lims.local', '=1+1', 'admin'],
      ['IMA02', '@公司', '1,4', '3', '2026-04-09', null, null, 'admin'],
    ]);
    const numeric = await byCode('12345');
    expect(numeric[0]).toMatchObject({
      name: '数字编码',
      supplierType: '4',
      status: '2',
      qualificationExpiry: '2026-05-01',
      email: 'b@lims.local',
    });
  });

  it('imports .csv with or without BOM, quoted fields and header matched by field names', async () => {
    const csv =
      '\uFEFF供应商编码,供应商名称,供应商类型,状态,资质有效期\r\nIMC01,"北京,""测试""公司",检测服务,合格,2026-01-31\r\nIMC02,"多行\n名称",,待评估,\r\n\r\n';
    const res = await post('suppliers.csv', Buffer.from(csv));
    expect(res.json()).toMatchObject({ success: true, message: '文件导入成功！数据行数：2' });
    const rows = await byCode('IMC');
    expect(rows.map((r) => [r.name, r.supplierType, r.status, r.qualificationExpiry])).toEqual([
      ['北京,"测试"公司', '3', '1', '2026-01-31'],
      ['多行\n名称', null, '2', null],
    ]);
    const plain = await post('s.csv', 'code,name,status\nIMD01,无 BOM,合格\n');
    expect(plain.json().message).toBe('文件导入成功！数据行数：1');
  });

  it('writes nothing when any row is bad and reports every bad row with its row number and column title', async () => {
    const file = await xlsx([
      ['IMB01', '好的一行', '仪器设备', '合格', '2026-01-01', null, null],
      ['IMB02', null, '仪器设备', '合格', null, null, null],
      ['IMB03', '类型错', '不存在的类型', '合格', null, null, null],
      ['IMB04', '日期错', null, null, '2026-13-45', null, null],
      ['IMB05', '邮箱错', null, null, null, 'not-an-email', null],
      ['IMB06', 'x'.repeat(201), null, null, null, null, null],
    ]);
    const res = await post('bad.xlsx', file);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('导入失败：共 5 行有误');
    expect(body.result.errors).toEqual([
      { row: 3, field: '供应商名称', message: '不能为空' },
      {
        row: 4,
        field: '供应商类型',
        message: '「不存在的类型」不是有效的选项，可选：试剂耗材、仪器设备、检测服务、其他',
      },
      { row: 5, field: '资质有效期', message: '应为日期（YYYY-MM-DD）' },
      { row: 6, field: '邮箱', message: '邮箱格式不正确' },
      { row: 7, field: '供应商名称', message: '长度不能超过 200 个字符' },
    ]);
    expect(await countCodes('IMB')).toBe(0);
  });

  it('rolls back when the module reports rows (codes taken) or the database refuses one (duplicate in the file)', async () => {
    const taken = await post(
      'taken.xlsx',
      await xlsx([
        ['IME01', '新的', null, null, null, null, null],
        ['IMA01', '已存在', null, null, null, null, null],
      ]),
    );
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      message: '导入失败：共 1 行有误',
      result: { errors: [{ row: 3, field: '供应商编码', message: '供应商编码已存在' }] },
    });
    const twice = await post(
      'twice.xlsx',
      await xlsx([
        ['IMF01', '一', null, null, null, null, null],
        ['IMF01', '二', null, null, null, null, null],
      ]),
    );
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('导入失败：数据与系统中已有的记录重复');
    expect(await countCodes('IME')).toBe(0);
    expect(await countCodes('IMF')).toBe(0);
  });

  it('refuses more than 10 000 rows (400) and more than 10 MB (413) with clear messages', async () => {
    const many = await xlsx(Array.from({ length: 10_001 }, (_, i) => [`IMH${i}`, `名称${i}`]));
    const res = await post('many.xlsx', many);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('导入数据行数超出限制：最多 10000 行，请分批导入');
    const csvLines = ['code,name', ...Array.from({ length: 10_001 }, (_, i) => `IMH${i},n${i}`)].join('\n');
    expect((await post('many.csv', csvLines)).json().message).toBe('导入数据行数超出限制：最多 10000 行，请分批导入');
    const huge = await post('huge.csv', Buffer.alloc(10 * 1024 * 1024 + 10, 0x61));
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toBe('文件大小超出10MB限制, 请压缩或降低文件质量！');
    expect(await countCodes('IMH')).toBe(0);
  }, 60_000);

  it('refuses legacy .xls by name or by content, other types, and files without header or data', async () => {
    const ole2 = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(1024)]);
    for (const [name, content] of [
      ['old.xls', ole2],
      ['renamed.xlsx', ole2],
      ['old.xls', 'a,b'],
    ] as const) {
      const res = await post(name, content);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('请另存为 .xlsx 后再导入');
    }
    expect((await post('data.txt', 'a,b')).json().message).toBe('仅支持导入 .xlsx 或 .csv 文件');
    expect((await post('fake.xlsx', 'code,name')).json().message).toMatch(/^文件不是有效的 .xlsx 文件/);
    expect((await post('x.csv', 'foo,bar\n1,2\n')).json().message).toBe('未找到表头行：第一行应为列名，请使用导入模板');
    expect((await post('x.csv', '供应商编码,供应商名称\n')).json().message).toBe('文件中没有可导入的数据行');
    expect((await post('x.csv', '供应商名称\n某公司\n')).json().message).toBe('导入文件缺少必填列：供应商编码');
  });

  it('refuses zip bombs and XML with DTDs before parsing', async () => {
    const sheet = (size: number) => Buffer.alloc(size, 0x20);
    const lying = buildZip([{ name: 'xl/worksheets/sheet1.xml', data: sheet(5 * 1024 * 1024), declaredSize: 1000 }]);
    const big = buildZip([{ name: 'xl/worksheets/sheet1.xml', data: sheet(65 * 1024 * 1024) }]);
    const many = buildZip(Array.from({ length: 600 }, (_, i) => ({ name: `xl/media/${i}.txt`, data: 'x' })));
    for (const [name, zip] of [
      ['lying.xlsx', lying],
      ['big.xlsx', big],
      ['many.xlsx', many],
    ] as const) {
      expect(zip.length).toBeLessThan(1024 * 1024);
      const res = await post(name, zip);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe('文件解压后过大或包含的条目过多，已拒绝导入');
    }
    const xxe = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><sst>&e;</sst>';
    const dtd = buildZip([
      { name: '[Content_Types].xml', data: '<Types/>' },
      { name: 'xl/sharedStrings.xml', data: xxe },
    ]);
    const res = await post('xxe.xlsx', dtd);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('文件包含不允许的 XML 声明（DTD/实体），已拒绝导入');
  }, 60_000);

  it('needs the import permission', async () => {
    const other = await t.login('zhangsan');
    const body = fileUpload('a.csv', 'code,name\nIMZ1,x\n');
    expect(
      (await t.as(other, { method: 'POST', url: `${BASE}/importExcel`, payload: body.payload, headers: body.headers }))
        .statusCode,
    ).toBe(403);
  });
});

describe(`import template (${TEST_DB})`, () => {
  it('has the header row and a sheet listing formats and dictionary texts, and imports once filled in', async () => {
    const res = await t.as(token, { method: 'GET', url: `${BASE}/importTemplate` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('供应商信息导入模板.xlsx'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [sheet, help] = workbook.worksheets;
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADER]);
    expect(help.name).toBe('填写说明');
    const typeRow = help.getSheetValues().find((r) => Array.isArray(r) && r[1] === '供应商类型') as unknown[];
    expect(typeRow.slice(1)).toEqual(['供应商类型', '否', '文本', '试剂耗材、仪器设备、检测服务、其他']);
    sheet.getRow(2).values = ['IMT01', '模板公司', '检测服务', '待评估', '2027-12-31'];
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    expect((await post('模板.xlsx', filled)).json().message).toBe('文件导入成功！数据行数：1');
    expect((await byCode('IMT'))[0]).toMatchObject({
      name: '模板公司',
      supplierType: '3',
      status: '2',
      qualificationExpiry: '2027-12-31',
    });
  });
});
