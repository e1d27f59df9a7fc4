import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERM } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { DEPART_BASES } from '../depart';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The routes of 菜单管理, 角色授权, 部门管理 and 日志管理 with their guards; each has its own tests beside it. */
const departRoutes = (base: string): [string, string][] => [
  [`GET ${base}/queryTreeList`, 'login'],
  [`GET ${base}/queryIdTree`, 'login'],
  [`GET ${base}/searchBy`, 'login'],
  [`GET ${base}/queryCompanyList`, 'login'],
  [`GET ${base}/queryCompanyList2`, 'login'],
  [`GET ${base}/queryDepartUsers`, PERM.depart.list],
  [`POST ${base}/add`, PERM.depart.add],
  [`PUT ${base}/edit`, PERM.depart.edit],
  [`DELETE ${base}/delete`, PERM.depart.delete],
  [`DELETE ${base}/deleteBatch`, PERM.depart.delete],
];
const EXPECTED = new Map<string, string>([
  ['GET /sys/permission/list', PERM.menu.list],
  ['GET /sys/permission/queryTreeList', PERM.menu.list],
  ['POST /sys/permission/add', PERM.menu.add],
  ['PUT /sys/permission/edit', PERM.menu.edit],
  ['DELETE /sys/permission/delete', PERM.menu.delete],
  ['DELETE /sys/permission/deleteBatch', PERM.menu.delete],
  ['GET /sys/permission/getPermRuleListByPermId', PERM.menu.rule],
  ['GET /sys/permission/queryPermissionRule', PERM.menu.rule],
  ['POST /sys/permission/addPermissionRule', PERM.menu.rule],
  ['PUT /sys/permission/editPermissionRule', PERM.menu.rule],
  ['DELETE /sys/permission/deletePermissionRule', PERM.menu.rule],
  ['GET /sys/permission/queryRolePermission', PERM.role.authorize],
  ['POST /sys/permission/saveRolePermission', PERM.role.authorize],
  ['GET /sys/role/datarule', PERM.role.authorize],
  ['POST /sys/role/datarule', PERM.role.authorize],
  ['GET /sys/log/list', PERM.log.list],
  // The original JeecgBoot client's 部门权限 tab (permissions come from roles only: always empty).
  ['GET /sys/permission/queryDepartPermission', PERM.depart.list],
  ...DEPART_BASES.flatMap(departRoutes),
]);
const OWNED =
  /^\/api(\/sys\/permission\/|\/sys\/role\/datarule$|\/sysdepart\/sysDepart\/|\/sys\/sysDepart\/|\/sys\/log\/list$)/;
const SHARED = new Set(['GET /api/sys/permission/getUserPermissionByToken']);

describe(`route table of these modules (${TEST_DB})`, () => {
  const owned = () =>
    t.app.routeTable
      .filter((r) => OWNED.test(r.url) && !SHARED.has(`${r.method} ${r.url}`))
      .map((r) => [`${r.method} ${r.url.slice('/api'.length)}`, r.permission ?? r.access ?? ''] as const);

  it('registers exactly the routes listed, each with the guard listed', () => {
    expect(new Map(owned())).toEqual(EXPECTED);
  });

  it('refuses zhangsan (no menu:*, role:*, depart:*, log:*) on every permission route, lets him read the pickers', async () => {
    const token = await t.login('zhangsan');
    for (const [route, guard] of owned()) {
      const [method, url] = route.split(' ') as ['GET', string];
      const res = await t.as(token, { method, url: `/api${url}` });
      if (guard === 'login') expect([200, 400], route).toContain(res.statusCode);
      else expect(res.statusCode, route).toBe(403);
    }
  });

  it('documents the routes, recursive trees included, in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as object);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/sys/permission/list',
        '/api/sysdepart/sysDepart/queryTreeList',
        '/api/sys/log/list',
      ]),
    );
  });

  it('lets the second permission manager through every menu:* and role:* route guard', async () => {
    const token = await t.login('manager');
    for (const [route, guard] of owned()) {
      if (!guard.startsWith('menu:') && !guard.startsWith('role:')) continue;
      const [method, url] = route.split(' ') as ['GET', string];
      const res = await t.as(token, { method, url: `/api${url}` });
      expect(res.statusCode, route).not.toBe(403);
    }
  });
});
