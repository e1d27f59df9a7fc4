import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PERM, PERMISSION_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { dicts, permissions, roles, users } from '../../db/schema';
import { placeholderValues, resolveRuleValue, scopeCondition } from '../../platform/data-scope';
import { runList } from '../../platform/list-query';
import { createPermissionCache } from '../../platform/permission-cache';
import type { SessionUser } from '../../platform/sessions';
import { dictList, dictScope } from '../dict';
import { supplierList } from '../supplier';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
let menuId: string;
let roleId: string;
let zhangsan: SessionUser;
const api = (p: string) => `/api${p}`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  const db = t.database.db;
  menuId = (await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.url, '/isystem/dict')))[0]
    .id;
  roleId = (await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, 'user')))[0].id;
  const u = (await db.select().from(users).where(eq(users.username, 'zhangsan')))[0];
  zhangsan = { id: u.id, username: u.username, realname: u.realname, orgCode: u.orgCode, mustChangePassword: false };
  await db.insert(dicts).values([
    { dictName: '张三的字典1', dictCode: 'zs_a1', createBy: 'zhangsan' },
    { dictName: '张三的字典2', dictCode: 'zs_b2', createBy: 'zhangsan' },
  ]);
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.as(token, { method: 'GET', url: api(url) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.as(token, { method, url: api(url), ...(payload ? { payload } : {}) });
const addRule = async (rule: object) => {
  const res = await send('POST', '/sys/permission/addPermissionRule', { permissionId: menuId, status: '1', ...rule });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as string;
};
const visibleCodes = async (user: SessionUser) => {
  const where = await t.app.dataScope(user, dictScope);
  const page = await runList(t.app.db, dictList, { pageSize: '100', column: 'dictCode', order: 'asc' }, { where });
  return page.records.map((r) => r.dictCode);
};
const ruleFlag = async () =>
  (await t.database.db.select({ f: permissions.ruleFlag }).from(permissions).where(eq(permissions.id, menuId)))[0].f;

describe(`data rules of a menu (${TEST_DB})`, () => {
  it('adds, lists, searches, edits and deletes rules, keeping rule_flag in step', async () => {
    const id = await addRule({ ruleName: '仅性别', ruleColumn: 'dictCode', ruleConditions: '=', ruleValue: 'sex' });
    expect(await ruleFlag()).toBe(true);
    const list = (await get(`/sys/permission/getPermRuleListByPermId?permissionId=${menuId}`)).json().result;
    expect(list).toEqual([
      expect.objectContaining({
        id,
        ruleName: '仅性别',
        ruleColumn: 'dictCode',
        ruleConditions: '=',
        ruleValue: 'sex',
        status: '1',
        createBy: 'admin',
      }),
    ]);
    expect(
      (
        await get(`/sys/permission/queryPermissionRule?permissionId=${menuId}&ruleName=${encodeURIComponent('性别')}`)
      ).json().result,
    ).toHaveLength(1);
    expect(
      (await get(`/sys/permission/queryPermissionRule?permissionId=${menuId}&ruleColumn=createBy`)).json().result,
    ).toHaveLength(0);
    const edit = await send('PUT', '/sys/permission/editPermissionRule', {
      id,
      ruleName: '仅性别2',
      ruleColumn: 'dictCode',
      ruleConditions: '!=',
      ruleValue: 'sex',
      status: '0',
    });
    expect(edit.statusCode).toBe(200);
    expect(
      (await get(`/sys/permission/getPermRuleListByPermId?permissionId=${menuId}`)).json().result[0],
    ).toMatchObject({ ruleName: '仅性别2', ruleConditions: '!=', status: '0', updateBy: 'admin' });
    expect((await send('DELETE', `/sys/permission/deletePermissionRule?id=${id}`)).statusCode).toBe(200);
    expect(await ruleFlag()).toBe(false);
    expect((await send('DELETE', `/sys/permission/deletePermissionRule?id=${id}`)).statusCode).toBe(404);
  });

  it('refuses bad rules with a clear message and stores nothing', async () => {
    const cases: [object, string][] = [
      [{ ruleColumn: 'dictCode', ruleConditions: '=', ruleValue: 'x' }, PERMISSION_MSG.ruleNameRequired],
      [
        { ruleName: 'r', ruleColumn: "dict_code' or 1=1", ruleConditions: '=', ruleValue: 'x' },
        PERMISSION_MSG.ruleColumnFormat,
      ],
      [
        { ruleName: 'r', ruleColumn: 'dictCode', ruleConditions: 'USE_SQL_RULES', ruleValue: '1=1' },
        PERMISSION_MSG.ruleConditionsRequired,
      ],
      [
        { ruleName: 'r', ruleColumn: 'dictCode', ruleConditions: '=', ruleValue: ' ' },
        PERMISSION_MSG.ruleValueRequired,
      ],
      [
        { ruleName: 'r', ruleColumn: 'dictCode', ruleConditions: '=', ruleValue: '#{sys_password}' },
        PERMISSION_MSG.ruleValuePlaceholder('#{sys_password}'),
      ],
      [
        { permissionId: 'nosuchmenu', ruleName: 'r', ruleColumn: 'dictCode', ruleConditions: '=', ruleValue: 'x' },
        PERMISSION_MSG.notFound,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', '/sys/permission/addPermissionRule', { permissionId: menuId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await get(`/sys/permission/getPermRuleListByPermId?permissionId=${menuId}`)).json().result).toEqual([]);
    expect((await get('/sys/permission/getPermRuleListByPermId')).statusCode).toBe(400);
  });

  it('is refused to zhangsan', async () => {
    const token = await t.login('zhangsan');
    expect((await get(`/sys/permission/getPermRuleListByPermId?permissionId=${menuId}`, token)).statusCode).toBe(403);
    expect(
      (
        await send(
          'POST',
          '/sys/permission/addPermissionRule',
          { permissionId: menuId, ruleName: 'r', ruleColumn: 'id', ruleConditions: '=', ruleValue: 'x' },
          token,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await send('POST', '/sys/role/datarule', { permissionId: menuId, roleId, dataRuleIds: '' }, token)).statusCode,
    ).toBe(403);
  });
});

describe('rules granted to a role narrow the list for its users', () => {
  it('needs the menu granted first, then records the chosen rules', async () => {
    const own = await addRule({
      ruleName: '本人创建',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
    });
    const early = await send('POST', '/sys/role/datarule', { permissionId: menuId, roleId, dataRuleIds: own });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(PERMISSION_MSG.grantFirst);
    const before: string[] = (await get(`/sys/permission/queryRolePermission?roleId=${roleId}`)).json().result;
    await send('POST', '/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: [...before, menuId].join(','),
      lastpermissionIds: before.join(','),
    });

    expect(await visibleCodes(zhangsan)).toContain('sex');
    const ok = await send('POST', '/sys/role/datarule', { permissionId: menuId, roleId, dataRuleIds: own });
    expect(ok.statusCode).toBe(200);
    expect((await get(`/sys/role/datarule?permissionId=${menuId}&roleId=${roleId}`)).json().result).toMatchObject({
      drChecked: [own],
    });
    expect(await visibleCodes(zhangsan)).toEqual(['zs_a1', 'zs_b2']);

    const like = await addRule({
      ruleName: '前缀',
      ruleColumn: 'dictCode',
      ruleConditions: 'LIKE',
      ruleValue: 'zs_a*',
    });
    const off = await addRule({
      ruleName: '停用的',
      ruleColumn: 'dictCode',
      ruleConditions: '=',
      ruleValue: 'none',
      status: '0',
    });
    await send('POST', '/sys/role/datarule', { permissionId: menuId, roleId, dataRuleIds: `${own},${like},${off}` });
    expect(await visibleCodes(zhangsan)).toEqual(['zs_a1']);

    const wrongField = await addRule({
      ruleName: '未知字段',
      ruleColumn: 'passwordHash',
      ruleConditions: '=',
      ruleValue: 'x',
    });
    await send('POST', '/sys/role/datarule', { permissionId: menuId, roleId, dataRuleIds: wrongField });
    expect(await visibleCodes(zhangsan)).toEqual([]);

    const inList = await addRule({
      ruleName: '列表',
      ruleColumn: 'dictCode',
      ruleConditions: 'IN',
      ruleValue: 'sex,priority',
    });
    await send('POST', '/sys/role/datarule', { permissionId: menuId, roleId, dataRuleIds: inList });
    expect(await visibleCodes(zhangsan)).toEqual(['priority', 'sex']);
    const admin = (await t.database.db.select().from(users).where(eq(users.username, 'admin')))[0];
    expect(await t.app.dataScope({ ...zhangsan, id: admin.id, username: 'admin' }, dictScope)).toBeUndefined();

    const foreign = await send('POST', '/sys/role/datarule', {
      permissionId: menuId,
      roleId,
      dataRuleIds: 'nosuchrule',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(PERMISSION_MSG.ruleNotOfMenu);
    await send('DELETE', `/sys/permission/deletePermissionRule?id=${inList}`);
    expect((await get(`/sys/role/datarule?permissionId=${menuId}&roleId=${roleId}`)).json().result.drChecked).toEqual(
      [],
    );
    expect(await visibleCodes(zhangsan)).toContain('sex');
  });

  it('resolves placeholders per user and fails closed without a value', () => {
    const values = placeholderValues(zhangsan, 'Asia/Shanghai', new Date('2026-01-01T16:30:00Z'));
    expect(values['#{sys_date}']).toBe('2026-01-02');
    expect(values['#{sys_time}']).toBe('2026-01-02 00:30:00');
    expect(resolveRuleValue('#{sys_org_code}*', values)).toBe('A01A06*');
    expect(resolveRuleValue('#{sys_org_code}', { ...values, '#{sys_org_code}': null })).toBeNull();
    expect(resolveRuleValue('#{unknown}', values)).toBeNull();
  });
});

describe('the data-rule cache', () => {
  /** A cache on a database handle that counts the queries it starts. */
  const countingCache = () => {
    const counter = { selects: 0 };
    const db = new Proxy(t.database.db, {
      get(target, prop, receiver) {
        if (prop === 'select' || prop === 'selectDistinct') counter.selects += 1;
        return Reflect.get(target, prop, receiver);
      },
    });
    return { cache: createPermissionCache(db), counter };
  };

  it("loads a user's rules once; a user without rules then costs no query; invalidation reloads", async () => {
    const { cache, counter } = countingCache();
    const lisi = {
      id: (await t.database.db.select().from(users).where(eq(users.username, 'lisi')))[0].id,
      username: 'lisi',
    };
    expect(await cache.scopeOf(lisi, PERM.supplier.list)).toBeUndefined();
    const loaded = counter.selects;
    expect(loaded).toBeGreaterThan(0);
    expect(await cache.scopeOf(lisi, PERM.supplier.list)).toBeUndefined();
    expect(await cache.scopeOf(lisi, PERM.project.list)).toBeUndefined();
    expect(counter.selects).toBe(loaded);
    cache.invalidateLocal([lisi.id]);
    await cache.scopeOf(lisi, PERM.supplier.list);
    expect(counter.selects).toBe(loaded * 2);
  });

  it('narrows a permission manager by his roles only: the 权限管理员 role grants 角色管理 and 菜单管理 without rules', async () => {
    const { cache } = countingCache();
    const manager = { id: (await t.database.db.select().from(users).where(eq(users.username, 'manager')))[0].id };
    expect(await cache.allows(manager, PERM.role.authorize)).toBe(true);
    expect(await cache.scopeOf(manager, PERM.role.list)).toBeUndefined();
    expect(await cache.scopeOf(manager, PERM.menu.list)).toBeUndefined();
  });

  it('lets a row through when it matches every rule of one grant', async () => {
    const rule = (id: string, ruleColumn: string, ruleValue: string) => ({
      id,
      ruleColumn,
      ruleConditions: '=',
      ruleValue,
    });
    const where = scopeCondition(
      supplierList,
      [[rule('a', 'status', '1'), rule('b', 'supplierType', '2')], [rule('c', 'code', 'GYS0004')]],
      {},
    );
    const page = await runList(t.app.db, supplierList, { pageSize: '100', column: 'code', order: 'asc' }, { where });
    const all = await runList(t.app.db, supplierList, { pageSize: '100', column: 'code', order: 'asc' });
    const expected = all.records
      .filter((r) => (r.status === '1' && r.supplierType === '2') || r.code === 'GYS0004')
      .map((r) => r.code);
    expect(expected.length).toBeGreaterThan(1);
    expect(page.records.map((r) => r.code)).toEqual(expected);
  });
});

/** Routes of the lists with data rules that read or change no existing record: nothing to narrow. */
const NOT_NARROWED = new Set([
  ...[
    '/gysgl/supplier',
    '/khgl/unit',
    '/project/jcXmProject',
    '/sys/role',
    '/sys/dict',
    '/sys/annountCement',
    '/sys/user',
  ].flatMap((base) => [`POST /api${base}/add`, `POST /api${base}/importExcel`, `GET /api${base}/importTemplate`]),
  'GET /api/sys/dict/refleshCache',
  'GET /api/sys/role/queryTreeList',
  // A uniqueness check looks at every user, whatever the rules show the checker.
  'GET /api/sys/user/checkOnlyUser',
  // The analysts one may assign to (users holding 录入), not analyses.
  'GET /api/lims/analysis/analysts',
]);
/** Sign-in routes narrowed by a list's rules: the pickers reading the same records as the list. */
const NARROWED_PICKERS = new Map([
  ['GET /api/gysgl/supplier/supplierList', PERM.supplier.list],
  ['GET /api/project/jcXmProject/queryProject', PERM.project.list],
  // New samples and reports are made under a project: the 检测项目 rules decide which projects.
  ['POST /api/lims/sample/add', PERM.project.list],
  ['GET /api/lims/report/candidates', PERM.project.list],
  ['POST /api/lims/report/generate', PERM.project.list],
]);

describe('the route table', () => {
  it("narrows every route reading or changing the records of a list by that menu's list code", () => {
    const areas = [
      'supplier',
      'unit',
      'project',
      'user',
      'role',
      'dict',
      'announcement',
      'log',
      'sample',
      'analysis',
      'report',
    ] as const;
    const listOf = new Map(
      areas.flatMap((area) => Object.values(PERM[area]).map((code) => [code as string, PERM[area].list as string])),
    );
    const wrong = t.app.routeTable.flatMap((r) => {
      const key = `${r.method} ${r.url}`;
      const expected = NOT_NARROWED.has(key)
        ? undefined
        : (NARROWED_PICKERS.get(key) ?? (r.permission ? listOf.get(r.permission) : undefined));
      return r.dataScope === expected ? [] : [`${key}: ${r.dataScope ?? '-'} (expected ${expected ?? '-'})`];
    });
    expect(wrong).toEqual([]);
    expect(t.app.routeTable.filter((r) => r.dataScope).length).toBeGreaterThan(50);
  });
});
