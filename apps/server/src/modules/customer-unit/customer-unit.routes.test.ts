import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUSINESS_FIELD_MSG, UNIT_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { customerUnits, unitContacts } from '../../db/schema';
import { VALID_CREDIT_CODES, kit, sheetRows, xlsxOf } from '../supplier/business.test-kit';

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
  const res = await k.get(`/khgl/unit/queryUnits?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.records;
};
const unitId = async (code: string) =>
  (await t.database.db.select({ id: customerUnits.id }).from(customerUnits).where(eq(customerUnits.code, code)))[0].id;
const contacts3 = [
  { name: '张一', phone: '13900000001', position: '经理', isPrimary: true },
  { name: '张二', phone: '0510-85161234', email: 'z2@unit.cn', isPrimary: false },
  { name: '张三', position: '采样员' },
];
const form = (extra: Rec = {}) => ({
  code: 'T-U1',
  name: '测试委托单位',
  unitType: '1',
  status: '1',
  contacts: contacts3,
  ...extra,
});

describe(`GET /khgl/unit/queryUnits (${TEST_DB})`, () => {
  it('pages units with dictionary texts and the primary contact; searches by the list rules', async () => {
    const all = await records('pageSize=50&column=code&order=asc');
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all[0]).toMatchObject({
      code: 'KH0001',
      unitType_dictText: '企业',
      status_dictText: '合作中',
      primaryContactName: '刘海涛',
      primaryContactPhone: '13912345601',
    });
    expect((await records(`name=${encodeURIComponent('*无锡*')}&column=code&order=asc`)).map((r) => r.code)).toEqual([
      'KH0002',
      'KH0003',
      'KH0005',
    ]);
    expect((await records('status=2')).map((r) => r.code)).toEqual(['KH0005']);
    expect((await records('unitType=2,3&column=code&order=asc')).map((r) => r.code)).toEqual(['KH0002', 'KH0003']);
  });

  it('answers one unit with its contacts, and the contacts alone', async () => {
    const id = await unitId('KH0004');
    const one = (await k.get(`/khgl/unit/queryKhUnit?id=${id}`)).json().result;
    expect(one).toMatchObject({ code: 'KH0004', name: '绿源食品股份有限公司' });
    expect(one.contacts.map((c: Rec) => c.name)).toEqual(['马俊', '何丽娟', '林峰']);
    const list = (await k.get(`/khgl/unit/listCustomerByMainId?id=${id}`)).json().result;
    expect(list).toEqual(one.contacts);
    expect(list[0]).toMatchObject({ isPrimary: true, position: '品控总监', unitId: id });
    expect((await k.get('/khgl/unit/queryKhUnit?id=nope')).statusCode).toBe(404);
  });
});

describe('unit writes with contacts', () => {
  it('adds a unit with three contacts, then edits: updates kept rows, inserts new, deletes missing, in one go', async () => {
    const add = await k.send('POST', '/khgl/unit/add', form({ creditCode: VALID_CREDIT_CODES[2] }));
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().result;
    const saved = (await k.get(`/khgl/unit/listCustomerByMainId?id=${id}`)).json().result;
    expect(saved.map((c: Rec) => [c.name, c.isPrimary, c.sortNo])).toEqual([
      ['张一', true, 1],
      ['张二', false, 2],
      ['张三', false, 3],
    ]);

    const [first, , third] = saved;
    const edit = await k.send(
      'PUT',
      '/khgl/unit/edit',
      form({
        id,
        name: '改名单位',
        contacts: [
          { ...third, name: '张三改', isPrimary: true },
          { id: first.id, name: '张一', isPrimary: false },
          { name: '新人', phone: '13900000009' },
        ],
      }),
    );
    expect(edit.statusCode, edit.body).toBe(200);
    const after = (await k.get(`/khgl/unit/queryKhUnit?id=${id}`)).json().result;
    expect(after).toMatchObject({ name: '改名单位', primaryContactName: '张三改' });
    expect(after.contacts.map((c: Rec) => [c.id === third.id, c.id === first.id, c.name, c.isPrimary])).toEqual([
      [true, false, '张三改', true],
      [false, true, '张一', false],
      [false, false, '新人', false],
    ]);
    expect(after.contacts[0].updateBy).toBe('admin');

    const other = await unitId('KH0002');
    const [foreign] = (await k.get(`/khgl/unit/listCustomerByMainId?id=${other}`)).json().result;
    await k.send('PUT', '/khgl/unit/edit', form({ id, contacts: [{ id: foreign.id, name: '窃取' }] }));
    const untouched = (await k.get(`/khgl/unit/listCustomerByMainId?id=${other}`)).json().result;
    expect(untouched[0]).toMatchObject({ id: foreign.id, name: foreign.name });
    const mine = (await k.get(`/khgl/unit/listCustomerByMainId?id=${id}`)).json().result;
    expect(mine.map((c: Rec) => c.name)).toEqual(['窃取']);
    expect(mine[0].id).not.toBe(foreign.id);

    expect((await k.send('DELETE', `/khgl/unit/delete?id=${id}`)).statusCode).toBe(200);
    expect(await t.database.db.select().from(unitContacts).where(eq(unitContacts.unitId, id))).toEqual([]);
  });

  it('keeps the contacts when an edit does not send them; an empty list removes them', async () => {
    const id = (await k.send('POST', '/khgl/unit/add', form({ code: 'T-KEEP' }))).json().result;
    const { contacts: _omit, ...withoutContacts } = form({ code: 'T-KEEP', id, status: '2' });
    expect((await k.send('PUT', '/khgl/unit/edit', withoutContacts)).statusCode).toBe(200);
    expect((await k.get(`/khgl/unit/listCustomerByMainId?id=${id}`)).json().result).toHaveLength(3);
    expect((await k.send('PUT', '/khgl/unit/edit', form({ code: 'T-KEEP', id, contacts: [] }))).statusCode).toBe(200);
    expect((await k.get(`/khgl/unit/listCustomerByMainId?id=${id}`)).json().result).toEqual([]);
  });

  it('refuses two primary contacts, a contact without a name (naming the row) and bad fields; nothing is written', async () => {
    const cases: [Rec, string, number][] = [
      [
        form({
          contacts: [
            { name: 'a', isPrimary: true },
            { name: 'b', isPrimary: true },
          ],
        }),
        UNIT_MSG.onePrimary,
        400,
      ],
      [
        form({ contacts: [{ name: 'a' }, { name: 'b' }, { name: ' ', phone: '13900000001' }] }),
        UNIT_MSG.contactNameRequired(3),
        400,
      ],
      [form({ contacts: [{ name: 'a', phone: '123' }] }), UNIT_MSG.contactPhoneFormat(1), 400],
      [form({ code: '' }), UNIT_MSG.codeRequired, 400],
      [form({ creditCode: '91320200MA1XYW00KA' }), BUSINESS_FIELD_MSG.creditCodeInvalid, 400],
      [form({ unitType: '9' }), UNIT_MSG.typeInvalid, 400],
      [form({ code: 'KH0001' }), UNIT_MSG.codeTaken, 409],
    ];
    for (const [body, message, status] of cases) {
      const res = await k.send('POST', '/khgl/unit/add', body);
      expect(res.json().message).toBe(message);
      expect(res.statusCode, message).toBe(status);
    }
    expect(await records('code=T-U1')).toEqual([]);
    const id = await unitId('KH0003');
    const before = (await k.get(`/khgl/unit/listCustomerByMainId?id=${id}`)).json().result;
    const bad = await k.send(
      'PUT',
      '/khgl/unit/edit',
      form({
        id,
        code: 'KH0003',
        contacts: [
          { name: 'x', isPrimary: true },
          { name: 'y', isPrimary: 1 },
        ],
      }),
    );
    expect(bad.json().message).toBe(UNIT_MSG.onePrimary);
    const dup = await k.send('PUT', '/khgl/unit/edit', form({ id, code: 'KH0001', contacts: [{ name: 'x' }] }));
    expect(dup.statusCode).toBe(409);
    expect((await k.get(`/khgl/unit/listCustomerByMainId?id=${id}`)).json().result).toEqual(before);
  });

  it('refuses to delete units that projects reference, naming how many', async () => {
    const id = await unitId('KH0001');
    const one = await k.send('DELETE', `/khgl/unit/delete?id=${id}`);
    expect(one.statusCode).toBe(400);
    expect(one.json().message).toBe('该单位下还有 3 个检测项目，不能删除');
    const free = (await k.send('POST', '/khgl/unit/add', form({ code: 'T-FREE', contacts: [] }))).json().result;
    const batch = await k.send('DELETE', `/khgl/unit/deleteBatch?ids=${free},${id},${await unitId('KH0002')}`);
    expect(batch.statusCode).toBe(400);
    expect(batch.json().message).toBe(
      '以下单位还有检测项目，不能删除：无锡市疾病预防控制中心（2 个）、江南水务集团有限公司（3 个）',
    );
    expect((await records('code=T-FREE')).length).toBe(1);
    expect((await k.send('DELETE', `/khgl/unit/deleteBatch?ids=${free}`)).json().result).toBe(1);
  });

  it('is read-only for zhangsan (403 on writes)', async () => {
    const zhangsan = await t.login('zhangsan');
    expect((await k.get('/khgl/unit/queryUnits', zhangsan)).statusCode).toBe(200);
    expect((await k.send('POST', '/khgl/unit/add', form({ code: 'T-Z' }), zhangsan)).statusCode).toBe(403);
    expect((await k.send('PUT', '/khgl/unit/edit', form({ id: 'x' }), zhangsan)).statusCode).toBe(403);
    expect((await k.send('DELETE', '/khgl/unit/delete?id=x', undefined, zhangsan)).statusCode).toBe(403);
    expect((await k.send('DELETE', '/khgl/unit/deleteBatch?ids=x', undefined, zhangsan)).statusCode).toBe(403);
    expect(
      (await k.upload('/khgl/unit/importExcel', 'a.xlsx', await xlsxOf([['单位编码']]), zhangsan)).statusCode,
    ).toBe(403);
  });
});

describe('unit export and import', () => {
  it('exports the filtered units and imports units (all or none)', async () => {
    const res = await k.get(
      `/khgl/unit/exportXls?paramsStr=${encodeURIComponent(JSON.stringify({ status: '1', column: 'code', order: 'asc' }))}`,
    );
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual([
      '单位编码',
      '单位名称',
      '统一社会信用代码',
      '单位类型',
      '地址',
      '联系电话',
      '邮箱',
      '开户银行',
      '银行账号',
      '状态',
      '备注',
      '创建时间',
    ]);
    expect(rows.slice(1, 5).map((r) => r[0])).toEqual(['KH0001', 'KH0002', 'KH0003', 'KH0004']);
    expect(rows[1][3]).toBe('企业');

    const header = ['单位编码', '单位名称', '单位类型', '统一社会信用代码'];
    const bad = await k.upload(
      '/khgl/unit/importExcel',
      'u.xlsx',
      await xlsxOf([header, ['T-IU1', '导入单位一', '企业', ''], ['T-IU1', '重复', '', ''], ['T-IU3', '', '火星', '']]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.errors.map((e: Rec) => e.row)).toEqual([4, 4]);
    const good = await k.upload(
      '/khgl/unit/importExcel',
      'u.xlsx',
      await xlsxOf([
        header,
        ['T-IU1', '导入单位一', '企业', VALID_CREDIT_CODES[3]],
        ['T-IU2', '导入单位二', '个人', ''],
      ]),
    );
    expect(good.statusCode, good.body).toBe(200);
    expect((await records('code=T-IU*&column=code&order=asc')).map((r) => [r.code, r.unitType, r.status])).toEqual([
      ['T-IU1', '1', '1'],
      ['T-IU2', '4', '1'],
    ]);
    const dup = await k.upload('/khgl/unit/importExcel', 'u.xlsx', await xlsxOf([header, ['T-IU1', '再来', '', '']]));
    expect(dup.json().result.errors[0]).toMatchObject({ row: 2, field: '单位编码', message: UNIT_MSG.codeTaken });
  });
});
