import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SUPPLIER_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { suppliers, users } from '../../db/schema';
import { dataRuleKit } from '../permission/data-rule.test-kit';
import { kit, sheetRows } from './business.test-kit';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

/** 供应商管理 with data rules: the role `lab` (lisi) gets rules, admin and zhangsan's role have none. */
let t: TestApp;
let admin: string;
let lisi: string;
let k: ReturnType<typeof kit>;
let rules: ReturnType<typeof dataRuleKit>;
let menu: string;
let lab: string;

beforeAll(async () => {
  t = await buildTestApp();
  [admin, lisi] = await Promise.all([t.login('admin'), t.login('lisi')]);
  k = kit(t, () => admin);
  rules = dataRuleKit(t.database.db, (method, url, payload) => k.send(method, url, payload));
  [menu, lab] = await Promise.all([rules.menuId('/gysgl/supplier'), rules.roleId('lab')]);
});
afterAll(async () => {
  await t?.close();
});

type Rec = Record<string, unknown>;
const db = () => t.database.db;
const page = async (
  token: string,
  query = 'pageSize=100&column=code&order=asc',
): Promise<{ records: Rec[]; total: number }> => {
  const res = await k.get(`/gysgl/supplier/list?${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
};
const codesOf = (rs: Rec[]) => rs.map((r) => r.code);
const qualified = async () =>
  (
    await db().select({ code: suppliers.code }).from(suppliers).where(eq(suppliers.status, '1')).orderBy(suppliers.code)
  ).map((r) => r.code);
const allCount = async () => (await db().select({ n: count() }).from(suppliers))[0].n;
const idOf = async (code: string) =>
  (await db().select({ id: suppliers.id }).from(suppliers).where(eq(suppliers.code, code)))[0].id;
const nameOf = async (code: string) =>
  (await db().select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.code, code)))[0]?.name;
const STATUS_1 = { ruleColumn: 'status', ruleConditions: '=', ruleValue: '1' };
let status1: string;

describe(`data rules narrow 供应商管理 (${TEST_DB})`, () => {
  it('a rule chosen for the role narrows list (exact total), export, picker and detail of its users', async () => {
    expect((await page(lisi)).total).toBe(await allCount());
    status1 = await rules.addRule(menu, STATUS_1);
    await rules.chooseRules(menu, lab, [status1]);

    const expected = await qualified();
    expect(expected.length).toBeGreaterThan(3);
    const narrowed = await page(lisi);
    expect(narrowed.total).toBe(expected.length);
    expect(codesOf(narrowed.records)).toEqual(expected);
    // A page that is not the last one: the total is counted with the rule.
    expect(await page(lisi, 'pageSize=2&pageNo=2&column=code&order=asc')).toMatchObject({
      total: expected.length,
      records: [{ code: expected[2] }, { code: expected[3] }],
    });
    expect((await page(admin)).total).toBe(await allCount());

    const sheet = await sheetRows((await k.get('/gysgl/supplier/exportXls?column=code&order=asc', lisi)).rawPayload);
    expect(sheet.slice(1).map((r) => r[0])).toEqual(expected);
    expect(new Set(sheet.slice(1).map((r) => r[10]))).toEqual(new Set(['合格']));

    const picker = (await k.get('/gysgl/supplier/supplierList', lisi)).json().result;
    expect(picker.map((o: Rec) => o.code)).toEqual(expected);

    const outside = await k.get(`/gysgl/supplier/queryById?id=${await idOf('GYS0004')}`, lisi);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe(SUPPLIER_MSG.notFound);
    expect((await k.get(`/gysgl/supplier/queryById?id=${await idOf('GYS0001')}`, lisi)).json().result.code).toBe(
      'GYS0001',
    );
    expect((await k.get(`/gysgl/supplier/queryById?id=${await idOf('GYS0004')}`)).statusCode).toBe(200);
  });

  it('edits and deletes of rows outside the rules are not found and change nothing', async () => {
    const out = await idOf('GYS0004');
    const before = await nameOf('GYS0004');
    const edit = await k.send(
      'PUT',
      '/gysgl/supplier/edit',
      { id: out, code: 'GYS0004', name: '改名', status: '1' },
      lisi,
    );
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe(SUPPLIER_MSG.notFound);
    expect(await nameOf('GYS0004')).toBe(before);

    const del = await k.send('DELETE', `/gysgl/supplier/delete?id=${out}`, undefined, lisi);
    expect(del.statusCode).toBe(404);
    expect(del.json().message).toBe(SUPPLIER_MSG.notFound);
    expect(await nameOf('GYS0004')).toBe(before);

    const mine = (
      await k.send('POST', '/gysgl/supplier/add', { code: 'DR-IN', name: '规则内供应商', status: '1' }, lisi)
    ).json().result;
    const batch = await k.send('DELETE', `/gysgl/supplier/deleteBatch?ids=${out},${mine}`, undefined, lisi);
    expect(batch.json()).toMatchObject({ success: true, result: 1 });
    expect(await nameOf('GYS0004')).toBe(before);
    expect(await nameOf('DR-IN')).toBeUndefined();

    const inside = await idOf('GYS0001');
    expect(
      (
        await k.send(
          'PUT',
          '/gysgl/supplier/edit',
          { id: inside, code: 'GYS0001', name: '规则内改名', status: '1' },
          lisi,
        )
      ).statusCode,
    ).toBe(200);
    expect(await nameOf('GYS0001')).toBe('规则内改名');
  });

  it('a second role without rules lifts them; disabling or unchoosing the rule restores every row at once', async () => {
    const all = await allCount();
    const narrowed = (await qualified()).length;
    const lisiId = (await db().select({ id: users.id }).from(users).where(eq(users.username, 'lisi')))[0].id;
    const plain = await rules.roleId('user');
    expect((await k.send('POST', '/sys/user/addSysUserRole', { roleId: plain, userIdList: [lisiId] })).statusCode).toBe(
      200,
    );
    expect((await page(lisi)).total).toBe(all);
    expect((await k.send('DELETE', `/sys/user/deleteUserRole?roleId=${plain}&userId=${lisiId}`)).statusCode).toBe(200);
    expect((await page(lisi)).total).toBe(narrowed);

    await rules.setRuleStatus(status1, STATUS_1, '0');
    expect((await page(lisi)).total).toBe(all);
    await rules.setRuleStatus(status1, STATUS_1, '1');
    expect((await page(lisi)).total).toBe(narrowed);
    await rules.chooseRules(menu, lab, []);
    expect((await page(lisi)).total).toBe(all);
  });

  it('resolves #{sys_user_code} per user; the rules of one role all apply', async () => {
    const own = await rules.addRule(menu, {
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
    });
    await rules.chooseRules(menu, lab, [own]);
    expect((await page(lisi)).total).toBe(0);
    await k.send('POST', '/gysgl/supplier/add', { code: 'DR-L1', name: '李四的供应商一', status: '1' }, lisi);
    await k.send('POST', '/gysgl/supplier/add', { code: 'DR-L2', name: '李四的供应商二', status: '2' }, lisi);
    expect(codesOf((await page(lisi)).records)).toEqual(['DR-L1', 'DR-L2']);
    const zhangsan = await t.login('zhangsan');
    expect((await page(zhangsan)).total).toBe(await allCount());

    await rules.chooseRules(menu, lab, [own, status1]);
    expect(codesOf((await page(lisi)).records)).toEqual(['DR-L1']);
    await rules.chooseRules(menu, lab, []);
  });

  it('a rule on an unknown field matches nothing (fails closed)', async () => {
    const bad = await rules.addRule(menu, { ruleColumn: 'passwordHash', ruleConditions: '=', ruleValue: 'x' });
    await rules.chooseRules(menu, lab, [bad]);
    expect(await page(lisi)).toEqual({ records: [], total: 0 });
    expect((await k.get(`/gysgl/supplier/queryById?id=${await idOf('GYS0001')}`, lisi)).statusCode).toBe(404);
    expect((await sheetRows((await k.get('/gysgl/supplier/exportXls', lisi)).rawPayload)).length).toBe(1);
    expect(
      (await k.send('DELETE', `/gysgl/supplier/delete?id=${await idOf('GYS0001')}`, undefined, lisi)).statusCode,
    ).toBe(404);
    await rules.chooseRules(menu, lab, []);
    expect((await page(lisi)).total).toBe(await allCount());
  });
});
