import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PERM } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';

// Each file builds its own app and database; a busy machine needs more than the defaults.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** The routes of 用户管理 and 角色管理 with their guards; each has its own tests beside it. */
const EXPECTED = new Map<string, string>([
  ['GET /sys/user/list', PERM.user.list],
  ['GET /sys/user/queryById', PERM.user.list],
  ['POST /sys/user/add', PERM.user.add],
  ['PUT /sys/user/edit', PERM.user.edit],
  ['DELETE /sys/user/delete', PERM.user.delete],
  ['DELETE /sys/user/deleteBatch', PERM.user.delete],
  ['PUT /sys/user/frozenBatch', PERM.user.freeze],
  ['PUT /sys/user/changPassword', PERM.user.resetPassword],
  ['PUT /sys/user/changePassword', PERM.user.resetPassword],
  ['GET /sys/user/userDepartList', PERM.user.list],
  ['GET /sys/user/recycleBin', PERM.user.list],
  ['GET /sys/user/checkOnlyUser', PERM.user.list],
  ['GET /sys/user/queryUserRole', PERM.user.list],
  ['GET /sys/user/queryUserRoleMap', PERM.user.list],
  ['GET /sys/user/queryAllUserOfDepart', 'login'],
  ['GET /sys/user/queryUserByDepId', 'login'],
  ['GET /sys/user/queryUserOfDepart', 'login'],
  ['GET /sys/user/queryUserOfDepartAndRole', 'login'],
  ['GET /sys/user/queryUserByRoleCode', 'login'],
  ['GET /sys/user/queryAdminDepartAndRole', 'login'],
  ['GET /sys/user/queryByIds', 'login'],
  ['GET /sys/user/preference', 'login'],
  ['PUT /sys/user/preference', 'login'],
  ['DELETE /sys/user/preference', 'login'],
  ['GET /sys/user/exportXls', PERM.user.export],
  ['POST /sys/user/importExcel', PERM.user.import],
  ['GET /sys/user/importTemplate', PERM.user.import],
  ['GET /sys/role/list', PERM.role.list],
  ['GET /sys/role/queryById', PERM.role.list],
  ['POST /sys/role/add', PERM.role.add],
  ['PUT /sys/role/edit', PERM.role.edit],
  ['DELETE /sys/role/delete', PERM.role.delete],
  ['DELETE /sys/role/deleteBatch', PERM.role.delete],
  ['GET /sys/role/queryall', 'login'],
  ['GET /sys/role/queryTreeList', PERM.role.authorize],
  ['GET /sys/role/exportXls', PERM.role.export],
  ['POST /sys/role/importExcel', PERM.role.import],
  ['GET /sys/role/importTemplate', PERM.role.import],
  ['GET /sys/user/userRoleList', PERM.role.list],
  ['POST /sys/user/addSysUserRole', PERM.role.edit],
  ['DELETE /sys/user/deleteUserRole', PERM.role.edit],
  ['DELETE /sys/user/deleteUserRoleBatch', PERM.role.edit],
]);
/** /sys/user/* and /sys/role/* routes other modules own (login, password, registration, data rules). */
const NOT_OURS = new Set([
  'GET /sys/user/getCurrentUserDeparts',
  'PUT /sys/user/updatePassword',
  'POST /sys/user/updatePassword',
  'POST /sys/user/register',
  'GET /sys/role/datarule',
  'POST /sys/role/datarule',
]);

describe(`route table of 用户管理 and 角色管理 (${TEST_DB})`, () => {
  const owned = () =>
    t.app.routeTable
      .map((r) => [`${r.method} ${r.url.slice('/api'.length)}`, r.permission ?? r.access ?? ''] as const)
      .filter(([route]) => /^\w+ \/sys\/(user|role)\//.test(route) && !NOT_OURS.has(route));

  it('registers exactly the routes listed, each with the guard listed', () => {
    expect(new Map(owned())).toEqual(EXPECTED);
  });

  it('refuses zhangsan (no user:*, role:*) on every permission route and lets him use the pickers', async () => {
    const token = await t.login('zhangsan');
    for (const [route, guard] of owned()) {
      const [method, url] = route.split(' ') as ['GET', string];
      const res = await t.as(token, { method, url: `/api${url}` });
      if (guard === 'login') expect([200, 400], route).toContain(res.statusCode);
      else expect(res.statusCode, route).toBe(403);
    }
  });

  it('lets the second permission manager through every role:* guard, but not user:*', async () => {
    const token = await t.login('manager');
    for (const [route, guard] of owned()) {
      if (guard === 'login') continue;
      const [method, url] = route.split(' ') as ['GET', string];
      const res = await t.as(token, { method, url: `/api${url}` });
      if (guard.startsWith('role:')) expect(res.statusCode, route).not.toBe(403);
      else expect(res.statusCode, route).toBe(403);
    }
  });
});
