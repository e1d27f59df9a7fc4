import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUSINESS_FIELD_MSG, SUPPLIER_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { VALID_CREDIT_CODES, kit, sheetRows, xlsxOf } from './business.test-kit';
import { addDays, todayIn } from '../../platform/time';
import { expiryStateOf } from './supplier.entities';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
let k: ReturnType<typeof kit>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  k = kit(t, () => admin);
});
afterAll(async () => {
  await t?.close();
});

type Rec = Record<string, unknown>;
const records = async (query: string): Promise<Rec[]> => {
  const res = await k.get(`/gysgl/supplier/list?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.records;
};
const codes = (rs: Rec[]) => rs.map((r) => r.code);
const form = (extra: Rec = {}) => ({
  code: 'T-S1',
  name: '测试试剂有限公司',
  supplierType: '1',
  status: '1',
  ...extra,
});

describe('expiry state', () => {
  it('flags expired before today, soon up to 30 days ahead', () => {
    expect(expiryStateOf('2026-03-09', '2026-03-10')).toBe('expired');
    expect(expiryStateOf('2026-03-10', '2026-03-10')).toBe('soon');
    expect(expiryStateOf('2026-04-09', '2026-03-10')).toBe('soon');
    expect(expiryStateOf('2026-04-10', '2026-03-10')).toBeNull();
    expect(expiryStateOf(null, '2026-03-10')).toBeNull();
    expect(todayIn('Asia/Shanghai', new Date('2026-03-09T16:30:00Z'))).toBe('2026-03-10');
  });
});

describe(`GET /gysgl/supplier/list (${TEST_DB})`, () => {
  it('pages the demo suppliers with dictionary texts and the expiry flag', async () => {
    const rs = await records('pageSize=50&column=code&order=asc');
    expect(rs.length).toBeGreaterThanOrEqual(9);
    const byCode = new Map(rs.map((r) => [r.code, r]));
    expect(byCode.get('GYS0001')).toMatchObject({
      supplierType: '2',
      supplierType_dictText: '仪器设备',
      status_dictText: '合格',
      expiryState: null,
    });
    expect(byCode.get('GYS0003')?.expiryState).toBe('soon');
    expect(byCode.get('GYS0004')).toMatchObject({ expiryState: 'expired', status_dictText: '待评估' });
    expect(String(byCode.get('GYS0001')?.createTime)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('searches by code, name (contains), type, status and expiry range', async () => {
    expect(codes(await records('code=GYS0002'))).toEqual(['GYS0002']);
    expect(codes(await records(`name=${encodeURIComponent('*试剂*')}`))).toEqual(['GYS0002']);
    const instruments = await records('supplierType=2&column=code&order=asc');
    expect(codes(instruments)).toEqual(['GYS0001', 'GYS0006', 'GYS0009']);
    expect(codes(await records('status=3'))).toEqual(['GYS0008']);
    const today = todayIn(t.config.timeZone);
    const soon = await records(
      `qualificationExpiry_begin=${today}&qualificationExpiry_end=${addDays(today, 30)}&column=qualificationExpiry&order=asc`,
    );
    expect(codes(soon)).toEqual(['GYS0005', 'GYS0003']);
    expect(soon.every((r) => r.expiryState === 'soon')).toBe(true);
    const bad = await k.get('/gysgl/supplier/list?password=1');
    expect(bad.statusCode).toBe(400);
  });

  it('answers the picker with id, code and name, narrowed by keyword, to any signed-in user', async () => {
    const zhangsan = await t.login('zhangsan');
    const all = (await k.get('/gysgl/supplier/supplierList', zhangsan)).json().result;
    expect(all.length).toBeGreaterThanOrEqual(9);
    expect(Object.keys(all[0]).sort()).toEqual(['code', 'id', 'name']);
    const found = (await k.get(`/gysgl/supplier/supplierList?keyword=${encodeURIComponent('微谱')}`, zhangsan)).json()
      .result;
    expect(found.map((s: Rec) => s.code)).toEqual(['GYS0005']);
    const byCode = (await k.get('/gysgl/supplier/supplierList?keyword=gys0007')).json().result;
    expect(byCode.map((s: Rec) => s.code)).toEqual(['GYS0007']);
    const literal = (await k.get('/gysgl/supplier/supplierList?keyword=%25')).json().result;
    expect(literal).toEqual([]);
  });
});

describe('supplier writes', () => {
  it('adds, reads, edits and deletes a supplier; audit fields come from the server', async () => {
    const add = await k.send(
      'POST',
      '/gysgl/supplier/add',
      form({
        creditCode: ` ${VALID_CREDIT_CODES[0].toLowerCase()} `,
        phone: '0512-65203318',
        email: 'a@b.cn',
        qualificationExpiry: '2030-01-31',
        createBy: 'hacker',
        id: 'forged',
      }),
    );
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().result;
    expect(id).not.toBe('forged');
    const one = (await k.get(`/gysgl/supplier/queryById?id=${id}`)).json().result;
    expect(one).toMatchObject({
      code: 'T-S1',
      creditCode: VALID_CREDIT_CODES[0],
      createBy: 'admin',
      qualificationExpiry: '2030-01-31',
      expiryState: null,
      supplierType_dictText: '试剂耗材',
    });
    const edit = await k.send('PUT', '/gysgl/supplier/edit', { ...form({ name: '改名后公司', status: '3' }), id });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = (await k.get(`/gysgl/supplier/queryById?id=${id}`)).json().result;
    expect(after).toMatchObject({ name: '改名后公司', status_dictText: '停用', creditCode: null, updateBy: 'admin' });
    expect((await k.send('DELETE', `/gysgl/supplier/delete?id=${id}`)).statusCode).toBe(200);
    expect((await k.get(`/gysgl/supplier/queryById?id=${id}`)).statusCode).toBe(404);
    expect((await k.send('DELETE', `/gysgl/supplier/delete?id=${id}`)).statusCode).toBe(404);
  });

  it('refuses a duplicate code, missing fields and bad formats with clear messages', async () => {
    const cases: [Rec, string][] = [
      [form({ code: 'GYS0001' }), SUPPLIER_MSG.codeTaken],
      [form({ code: '  ' }), SUPPLIER_MSG.codeRequired],
      [form({ name: undefined }), SUPPLIER_MSG.nameRequired],
      [form({ creditCode: '91350100M000100Y44' }), BUSINESS_FIELD_MSG.creditCodeInvalid],
      [form({ creditCode: '91350100M000100Y4' }), BUSINESS_FIELD_MSG.creditCodeInvalid],
      [form({ creditCode: '91350100I000100Y43' }), BUSINESS_FIELD_MSG.creditCodeInvalid],
      [form({ phone: '12345' }), BUSINESS_FIELD_MSG.phoneFormat],
      [form({ email: 'not-an-email' }), BUSINESS_FIELD_MSG.emailFormat],
      [form({ qualificationExpiry: '2026-02-30' }), '资质有效期格式应为 YYYY-MM-DD'],
      [form({ supplierType: '9' }), SUPPLIER_MSG.typeInvalid],
      [form({ status: 'x' }), SUPPLIER_MSG.statusInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await k.send('POST', '/gysgl/supplier/add', body);
      expect(res.statusCode, message).toBe(message === SUPPLIER_MSG.codeTaken ? 409 : 400);
      expect(res.json().message).toBe(message);
    }
    const other = (await k.send('POST', '/gysgl/supplier/add', form({ code: 'T-S2' }))).json().result;
    const taken = await k.send('PUT', '/gysgl/supplier/edit', { ...form({ code: 'GYS0002' }), id: other });
    expect(taken.statusCode).toBe(409);
    expect(
      (await k.send('PUT', '/gysgl/supplier/edit', { ...form({ code: 'T-S9' }), id: 'nosuchid' })).statusCode,
    ).toBe(404);
  });

  it('batch-deletes', async () => {
    const a = (await k.send('POST', '/gysgl/supplier/add', form({ code: 'T-B1' }))).json().result;
    const b = (await k.send('POST', '/gysgl/supplier/add', form({ code: 'T-B2' }))).json().result;
    const res = await k.send('DELETE', `/gysgl/supplier/deleteBatch?ids=${a},${b},`);
    expect(res.json().result).toBe(2);
    expect((await k.send('DELETE', '/gysgl/supplier/deleteBatch')).statusCode).toBe(400);
  });

  it('lets zhangsan (read-only) list but not write (403)', async () => {
    const zhangsan = await t.login('zhangsan');
    expect((await k.get('/gysgl/supplier/list', zhangsan)).statusCode).toBe(200);
    expect((await k.send('POST', '/gysgl/supplier/add', form({ code: 'T-Z' }), zhangsan)).statusCode).toBe(403);
    expect((await k.send('PUT', '/gysgl/supplier/edit', { ...form(), id: 'x' }, zhangsan)).statusCode).toBe(403);
    expect((await k.send('DELETE', '/gysgl/supplier/delete?id=x', undefined, zhangsan)).statusCode).toBe(403);
    expect((await k.send('DELETE', '/gysgl/supplier/deleteBatch?ids=x', undefined, zhangsan)).statusCode).toBe(403);
    expect((await k.get('/gysgl/supplier/exportXls', zhangsan)).statusCode).toBe(403);
    expect(
      (await k.upload('/gysgl/supplier/importExcel', 'a.xlsx', await xlsxOf([['供应商编码']]), zhangsan)).statusCode,
    ).toBe(403);
    const lisi = await t.login('lisi');
    expect((await k.send('POST', '/gysgl/supplier/add', form({ code: 'T-L' }), lisi)).statusCode).toBe(200);
  });
});

describe('supplier export and import', () => {
  it('exports the filtered list with dictionary texts', async () => {
    const paramsStr = encodeURIComponent(JSON.stringify({ supplierType: '2', column: 'code', order: 'asc' }));
    const res = await k.get(`/gysgl/supplier/exportXls?paramsStr=${paramsStr}`);
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0].slice(0, 4)).toEqual(['供应商编码', '供应商名称', '统一社会信用代码', '供应商类型']);
    expect(rows.slice(1).map((r) => r[0])).toEqual(['GYS0001', 'GYS0006', 'GYS0009']);
    expect(rows[1][3]).toBe('仪器设备');
  });

  it('imports all rows or none: bad credit codes and taken codes are reported by row', async () => {
    const header = ['供应商编码', '供应商名称', '统一社会信用代码', '供应商类型', '状态', '资质有效期'];
    const bad = await xlsxOf([
      header,
      ['T-I1', '导入一', VALID_CREDIT_CODES[1], '试剂耗材', '合格', '2030-05-01'],
      ['T-I2', '导入二', '91350100M000100Y44', '其他', '', ''],
      ['GYS0001', '重复', '', '', '', ''],
    ]);
    const refused = await k.upload('/gysgl/supplier/importExcel', 'suppliers.xlsx', bad);
    expect(refused.statusCode).toBe(400);
    const { errors } = refused.json().result;
    expect(errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ row: 3, field: '统一社会信用代码', message: BUSINESS_FIELD_MSG.creditCodeInvalid }),
      ]),
    );
    expect(codes(await records('code=T-I1'))).toEqual([]);
    const taken = await k.upload(
      '/gysgl/supplier/importExcel',
      'suppliers.xlsx',
      await xlsxOf([header, ['GYS0001', '重复', '', '', '', '']]),
    );
    expect(taken.json().result.errors[0]).toMatchObject({ row: 2, message: SUPPLIER_MSG.codeTaken });

    const good = await xlsxOf([
      header,
      ['T-I1', '导入一', VALID_CREDIT_CODES[1], '试剂耗材', '合格', '2030-05-01'],
      ['T-I2', '导入二', '', '其他', '', ''],
    ]);
    const res = await k.upload('/gysgl/supplier/importExcel', 'suppliers.xlsx', good);
    expect(res.statusCode, res.body).toBe(200);
    const imported = await records('code=T-I*&column=code&order=asc');
    expect(imported).toMatchObject([
      { code: 'T-I1', supplierType: '1', status: '1', qualificationExpiry: '2030-05-01', createBy: 'admin' },
      { code: 'T-I2', supplierType: '4', status: '2' },
    ]);
    const template = await k.get('/gysgl/supplier/importTemplate');
    expect(template.statusCode).toBe(200);
    expect((await sheetRows(template.rawPayload))[0]).toContain('统一社会信用代码');
  });
});
