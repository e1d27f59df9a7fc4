import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_MSG, type MenuEntry } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { permissions, rolePermissions, roles } from '../../db/schema';

let t: TestApp;
let admin: string;
let roleId: string;
let dictMenuId: string;
let dictAddId: string;
const api = (p: string) => `/api${p}`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  const db = t.database.db;
  roleId = (await db.select({ id: roles.id }).from(roles).where(eq(roles.roleCode, 'user')))[0].id;
  dictMenuId = (
    await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.url, '/isystem/dict'))
  )[0].id;
  dictAddId = (await db.select({ id: permissions.id }).from(permissions).where(eq(permissions.perms, 'dict:add')))[0]
    .id;
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.as(token, { method: 'GET', url: api(url) });
const post = (url: string, payload: object, token = admin) => t.as(token, { method: 'POST', url: api(url), payload });
const granted = async (): Promise<string[]> =>
  (await get(`/sys/permission/queryRolePermission?roleId=${roleId}`)).json().result;
const titles = (menu: MenuEntry[]): string[] => menu.flatMap((m) => [m.meta.title, ...titles(m.children ?? [])]);
const permissionOf = async (token: string) =>
  (await get(`/sys/permission/getUserPermissionByToken?token=${token}`, token)).json().result as {
    menu: MenuEntry[];
    auth: { action: string }[];
  };

describe(`GET /sys/permission/queryRolePermission (${TEST_DB})`, () => {
  it('lists the ids granted to the role', async () => {
    const ids = await granted();
    const rows = await t.database.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId));
    expect([...ids].sort()).toEqual(rows.map((r) => r.permissionId).sort());
    expect(ids).not.toContain(dictMenuId);
  });

  it('needs a role id and role:authorize', async () => {
    const res = await get('/sys/permission/queryRolePermission');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(PERMISSION_MSG.roleRequired);
    expect(
      (await get(`/sys/permission/queryRolePermission?roleId=${roleId}`, await t.login('zhangsan'))).statusCode,
    ).toBe(403);
    expect(
      (await get(`/sys/permission/queryRolePermission?roleId=${roleId}`, await t.login('manager'))).statusCode,
    ).toBe(200);
  });
});

describe('POST /sys/permission/saveRolePermission', () => {
  it('changes the menu, buttons and server-side rights of a user holding the role at once', async () => {
    const zhangsan = await t.login('zhangsan');
    expect(titles((await permissionOf(zhangsan)).menu)).not.toContain('数据字典');
    expect((await get('/sys/dict/list', zhangsan)).statusCode).toBe(403);

    const before = await granted();
    const save = await post('/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: [...before, dictMenuId, dictAddId].join(','),
      lastpermissionIds: before.join(','),
    });
    expect(save.statusCode).toBe(200);
    expect(save.json().message).toBe(PERMISSION_MSG.saved);
    expect(await granted()).toEqual(expect.arrayContaining([dictMenuId, dictAddId]));

    const after = await permissionOf(zhangsan);
    expect(titles(after.menu)).toEqual(expect.arrayContaining(['系统管理', '数据字典']));
    expect(titles(after.menu)).not.toContain('用户管理');
    expect(after.auth.map((a) => a.action)).toContain('dict:add');
    expect((await get('/sys/dict/list', zhangsan)).statusCode).toBe(200);

    const now = await granted();
    const revoke = await post('/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: now.filter((id) => id !== dictMenuId && id !== dictAddId).join(','),
      lastpermissionIds: now.join(','),
    });
    expect(revoke.statusCode).toBe(200);
    expect((await get('/sys/dict/list', zhangsan)).statusCode).toBe(403);
    expect(titles((await permissionOf(zhangsan)).menu)).not.toContain('数据字典');
    expect((await granted()).sort()).toEqual([...before].sort());
  });

  it('applies only the diff, so grants made meanwhile survive', async () => {
    const before = await granted();
    await t.database.db.insert(rolePermissions).values({ roleId, permissionId: dictAddId });
    const res = await post('/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: [...before, dictMenuId].join(','),
      lastpermissionIds: before.join(','),
    });
    expect(res.statusCode).toBe(200);
    expect(await granted()).toEqual(expect.arrayContaining([dictMenuId, dictAddId]));
    const cleanup = await post('/sys/permission/saveRolePermission', {
      roleId,
      permissionIds: before.join(','),
      lastpermissionIds: [...before, dictMenuId, dictAddId].join(','),
    });
    expect(cleanup.statusCode).toBe(200);
    expect((await granted()).sort()).toEqual([...before].sort());
  });

  it('refuses bad input and unknown ids, changing nothing', async () => {
    const before = (await granted()).sort();
    const cases: [object, number, string][] = [
      [{ permissionIds: dictMenuId, lastpermissionIds: '' }, 400, PERMISSION_MSG.roleRequired],
      [{ roleId: 'nosuchrole', permissionIds: dictMenuId, lastpermissionIds: '' }, 404, PERMISSION_MSG.roleNotFound],
      [
        { roleId, permissionIds: `${dictMenuId},nosuchperm`, lastpermissionIds: '' },
        400,
        PERMISSION_MSG.unknownPermission('nosuchperm'),
      ],
      [
        { roleId, permissionIds: "x';drop table roles;--", lastpermissionIds: '' },
        400,
        '参数 permissionIds 中的 id 不正确',
      ],
    ];
    for (const [body, status, message] of cases) {
      const res = await post('/sys/permission/saveRolePermission', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().message).toBe(message);
    }
    expect((await granted()).sort()).toEqual(before);
  });

  it('is open to the permission managers only (or role:authorize holders)', async () => {
    const before = await granted();
    const body = { roleId, permissionIds: before.join(','), lastpermissionIds: before.join(',') };
    expect((await post('/sys/permission/saveRolePermission', body, await t.login('zhangsan'))).statusCode).toBe(403);
    expect((await post('/sys/permission/saveRolePermission', body, await t.login('manager'))).statusCode).toBe(200);
  });
});
