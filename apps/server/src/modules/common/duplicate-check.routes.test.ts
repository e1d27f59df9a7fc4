import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICT_MSG, MSG, PHONE_MSG, ROLE_MSG, USER_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { dicts, projects, users } from '../../db/schema';

let t: TestApp;
let token: string;
const check = (query: Record<string, string>, path = 'check') =>
  t.as(token, { method: 'GET', url: `/api/sys/duplicate/${path}?${new URLSearchParams(query).toString()}` });

beforeAll(async () => {
  t = await buildTestApp();
  token = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

describe(`duplicate check (${TEST_DB})`, () => {
  it('answers 200 该值可用！ for a free value and 409 naming the taken field (供应商编码已存在！), under original and own names', async () => {
    const [project] = await t.database.db.select({ no: projects.projectNo }).from(projects).limit(1);
    const taken: [string, string, string, string][] = [
      ['sys_user', 'username', 'admin', PHONE_MSG.usernameTaken],
      ['users', 'username', 'admin', PHONE_MSG.usernameTaken],
      ['sys_user', 'work_no', '0001', USER_MSG.workNoTaken],
      ['users', 'workNo', '0001', USER_MSG.workNoTaken],
      ['sys_user', 'email', 'admin@lims.local', PHONE_MSG.emailTaken],
      ['sys_user', 'phone', '13800000001', PHONE_MSG.phoneTaken],
      ['sys_role', 'role_code', 'admin', ROLE_MSG.codeTaken],
      ['roles', 'role_code', 'admin', ROLE_MSG.codeTaken],
      ['sys_dict', 'dict_code', 'sex', DICT_MSG.codeTaken],
      ['dicts', 'dict_code', 'sex', DICT_MSG.codeTaken],
      ['sys_depart', 'org_code', 'A01', '机构编码已存在！'],
      ['departs', 'org_code', 'A01', '机构编码已存在！'],
      ['suppliers', 'code', 'GYS0001', '供应商编码已存在！'],
      ['customer_units', 'code', 'KH0001', '单位编码已存在！'],
      ...(project
        ? [['projects', 'project_no', project.no, '项目编号已存在！'] as [string, string, string, string]]
        : []),
    ];
    for (const [tableName, fieldName, fieldVal, message] of taken) {
      const res = await check({ tableName, fieldName, fieldVal, _t: '1' });
      expect(res.statusCode, `${tableName}.${fieldName}`).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 409, message });
      const free = await check({ tableName, fieldName, fieldVal: `${fieldVal}-free-x` });
      expect(free.statusCode, `${tableName}.${fieldName}`).toBe(200);
      expect(free.json()).toMatchObject({ success: true, message: '该值可用！' });
    }
  });

  it('tells whether an account name, phone, e-mail or work number exists only to those who add or edit users (403 otherwise)', async () => {
    const zhangsan = await t.login('zhangsan');
    for (const [fieldName, fieldVal] of [
      ['username', 'admin'],
      ['username', 'no-such-name'],
      ['phone', '13800000001'],
      ['email', 'admin@lims.local'],
      ['work_no', '0001'],
    ]) {
      const res = await t.as(zhangsan, {
        method: 'GET',
        url: `/api/sys/duplicate/check?${new URLSearchParams({ tableName: 'sys_user', fieldName, fieldVal }).toString()}`,
      });
      expect(res.statusCode, fieldName).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
    }
    // Other tables stay open to every signed-in user (their forms' blur checks).
    const dict = await t.as(zhangsan, {
      method: 'GET',
      url: '/api/sys/duplicate/check?tableName=sys_dict&fieldName=dict_code&fieldVal=sex',
    });
    expect(dict.statusCode).toBe(409);
  });

  it('excludes the record being edited (dataId)', async () => {
    const [admin] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'admin'));
    expect(
      (await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: admin.id })).statusCode,
    ).toBe(200);
    expect(
      (await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'manager', dataId: admin.id })).statusCode,
    ).toBe(409);
  });

  it('refuses pairs not on the allow-list, naming them, and SQL in names or ids', async () => {
    const off = await check({ tableName: 'users', fieldName: 'password_hash', fieldVal: 'x' });
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('不支持校验该表或字段: users.password_hash');
    const attempts: Record<string, string>[] = [
      { tableName: 'sessions', fieldName: 'token_hash', fieldVal: 'x' },
      { tableName: 'users; drop table users --', fieldName: 'username', fieldVal: 'x' },
      { tableName: 'sys_user', fieldName: "username' or '1'='1", fieldVal: 'x' },
      { tableName: 'sys_user', fieldName: 'username) union select password_hash from users --', fieldVal: 'x' },
      { tableName: '__proto__', fieldName: 'constructor', fieldVal: 'x' },
      { tableName: 'SYS_USER', fieldName: 'USERNAME', fieldVal: 'x' },
      { tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', dataId: "x' or '1'='1" },
      { tableName: 'sys_user', fieldName: 'password', fieldVal: '' },
      { tableName: '', fieldName: 'username', fieldVal: 'admin' },
    ];
    for (const query of attempts) {
      const res = await check(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().success).toBe(false);
    }
    const injectedValue = await check({
      tableName: 'sys_user',
      fieldName: 'username',
      fieldVal: "' or 1=1; select pg_sleep(5) --",
    });
    expect(injectedValue.statusCode).toBe(200);
  });

  it('checks child values within their parent (dictionary item values)', async () => {
    const [sex] = await t.database.db.select({ id: dicts.id }).from(dicts).where(eq(dicts.dictCode, 'sex'));
    const [other] = await t.database.db
      .select({ id: dicts.id })
      .from(dicts)
      .where(eq(dicts.dictCode, 'supplier_status'));
    const child = (q: Record<string, string>) =>
      check({ tableName: 'sys_dict_item', fieldName: 'item_value', ...q }, 'checkChild');
    const taken = await child({ fieldVal: '1', parentId: sex.id });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(DICT_MSG.itemValueTaken);
    expect((await child({ fieldVal: '9', parentId: sex.id })).json()).toMatchObject({
      success: true,
      message: '该值可用！',
    });
    expect(
      (await check({ tableName: 'dict_items', fieldName: 'itemValue', fieldVal: '2', parentId: sex.id }, 'checkChild'))
        .statusCode,
    ).toBe(409);
    expect((await child({ fieldVal: '1', parentId: other.id })).statusCode).toBe(409);
    expect((await child({ fieldVal: '1', parentId: '0123456789abcdef0123456789abcdef' })).statusCode).toBe(200);
    expect((await child({ fieldVal: '1' })).json().message).toBe('参数 parentId 不能为空');
    expect(
      (await check({ tableName: 'sys_user', fieldName: 'username', fieldVal: 'admin', parentId: sex.id }, 'checkChild'))
        .statusCode,
    ).toBe(400);
  });

  it('answers an empty or absent value 200 该值可用！ (an optional field left blank, as the original did)', async () => {
    for (const q of [{}, { fieldVal: '' }, { fieldVal: '   ' }] as Record<string, string>[]) {
      for (const [path, extra] of [
        ['check', { tableName: 'sys_user', fieldName: 'email' }],
        ['checkChild', { tableName: 'sys_dict_item', fieldName: 'item_value' }],
      ] as const) {
        const res = await check({ ...extra, ...q }, path);
        expect(res.statusCode, `${path} ${JSON.stringify(q)}`).toBe(200);
        expect(res.json()).toMatchObject({ success: true, message: '该值可用！' });
      }
    }
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=admin',
    });
    expect(res.statusCode).toBe(401);
  });
});
