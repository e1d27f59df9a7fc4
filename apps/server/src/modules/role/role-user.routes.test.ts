import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ROLE_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { userRoles } from '../../db/schema';
import { SECRET_RE, kit } from '../user/user.test-kit';
import { buildRoleTree } from './role-tree';

// Each file builds its own app and database; a busy machine needs more than the defaults.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
let zhangsan: string;
let k: ReturnType<typeof kit>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  zhangsan = await t.login('zhangsan');
  k = kit(t, () => admin);
});
afterAll(async () => {
  await t?.close();
});

const linked = async (userId: string, roleId: string) =>
  (
    await t.database.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, roleId)))
  ).length > 0;

describe(`GET /sys/user/userRoleList (${TEST_DB})`, () => {
  it('pages the users of a role with the list rules, no secrets', async () => {
    const res = await k.get(`/sys/user/userRoleList?roleId=${await k.roleId('user')}`);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .result.records.map((r: { username: string }) => r.username)
        .sort(),
    ).toEqual(['manager', 'wangwu', 'zhangsan']);
    expect(res.body).not.toMatch(SECRET_RE);
    const one = await k.get(
      `/sys/user/userRoleList?roleId=${await k.roleId('user')}&username=${encodeURIComponent('zhang*')}`,
    );
    expect(one.json().result.total).toBe(1);
  });

  it('refuses a missing or unknown role and a user without role:list', async () => {
    const missing = await k.get('/sys/user/userRoleList');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(ROLE_MSG.roleRequired);
    expect((await k.get('/sys/user/userRoleList?roleId=nosuchrole')).statusCode).toBe(404);
    expect((await k.get(`/sys/user/userRoleList?roleId=${await k.roleId('user')}`, zhangsan)).statusCode).toBe(403);
  });
});

describe('adding and removing users of a role', () => {
  it('takes effect on the user’s permissions at once (cache invalidated)', async () => {
    const [adminRole, zs] = [await k.roleId('admin'), await k.userRow('zhangsan')];
    expect((await k.get('/sys/user/list', zhangsan)).statusCode).toBe(403);
    const add = await k.send('POST', '/sys/user/addSysUserRole', { roleId: adminRole, userIdList: [zs.id, zs.id] });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ message: ROLE_MSG.added, result: 1 });
    expect((await k.get('/sys/user/list', zhangsan)).statusCode).toBe(200);
    expect(
      (await k.send('POST', '/sys/user/addSysUserRole', { roleId: adminRole, userIdList: [zs.id] })).json().result,
    ).toBe(0);
    const del = await k.send('DELETE', `/sys/user/deleteUserRole?roleId=${adminRole}&userId=${zs.id}`);
    expect(del.json().message).toBe(ROLE_MSG.deleted);
    expect((await k.get('/sys/user/list', zhangsan)).statusCode).toBe(403);
    expect((await k.send('DELETE', `/sys/user/deleteUserRole?roleId=${adminRole}&userId=${zs.id}`)).statusCode).toBe(
      404,
    );
  });

  it('removes several users at once', async () => {
    const lab = await k.roleId('lab');
    const [m, w] = [await k.userRow('manager'), await k.userRow('wangwu')];
    await k.send('POST', '/sys/user/addSysUserRole', { roleId: lab, userIdList: [m.id, w.id] });
    expect(await linked(m.id, lab)).toBe(true);
    const res = await k.send('DELETE', `/sys/user/deleteUserRoleBatch?roleId=${lab}&userIds=${m.id},${w.id},`);
    expect(res.json().result).toBe(2);
    expect(await linked(w.id, lab)).toBe(false);
    expect((await k.send('DELETE', `/sys/user/deleteUserRoleBatch?roleId=${lab}&userIds=`)).statusCode).toBe(400);
  });

  it('refuses bad input and users without role:edit, changing nothing', async () => {
    const [lab, m] = [await k.roleId('lab'), await k.userRow('manager')];
    const empty = await k.send('POST', '/sys/user/addSysUserRole', { roleId: lab, userIdList: [] });
    expect(empty.json().message).toBe(ROLE_MSG.usersRequired);
    const unknownUser = await k.send('POST', '/sys/user/addSysUserRole', {
      roleId: lab,
      userIdList: [m.id, 'nosuchuser'],
    });
    expect(unknownUser.statusCode).toBe(400);
    expect(unknownUser.json().message).toBe(ROLE_MSG.userNotFound);
    expect(
      (await k.send('POST', '/sys/user/addSysUserRole', { roleId: 'nosuchrole', userIdList: [m.id] })).statusCode,
    ).toBe(404);
    expect(
      (await k.send('POST', '/sys/user/addSysUserRole', { roleId: lab, userIdList: [m.id] }, zhangsan)).statusCode,
    ).toBe(403);
    expect(await linked(m.id, lab)).toBe(false);
    const lisi = await k.userRow('lisi');
    expect(
      (await k.send('DELETE', `/sys/user/deleteUserRole?roleId=${lab}&userId=${lisi.id}`, undefined, zhangsan))
        .statusCode,
    ).toBe(403);
    expect(
      (await k.send('DELETE', `/sys/user/deleteUserRoleBatch?roleId=${lab}&userIds=${lisi.id}`, undefined, zhangsan))
        .statusCode,
    ).toBe(403);
    expect(await linked(lisi.id, lab)).toBe(true);
  });
});

describe('buildRoleTree', () => {
  const row = (id: string, parentId: string | null) => ({
    id,
    parentId,
    name: id,
    icon: null,
    menuType: 1,
    ruleFlag: false,
  });
  it('nests children in row order, roots orphans and never loops on a parent cycle', () => {
    const tree = buildRoleTree([
      row('a', null),
      row('b', 'a'),
      row('c', 'missing'),
      row('x', 'y'),
      row('y', 'x'),
      row('z', 'x'),
    ]);
    expect(tree.ids).toEqual(['a', 'b', 'c', 'x', 'y', 'z']);
    expect(tree.treeList.map((n) => n.key)).toEqual(['a', 'c', 'x']);
    expect(tree.treeList[0]).toMatchObject({ isLeaf: false, children: [{ key: 'b', isLeaf: true }] });
    expect(tree.treeList[2].children?.map((n) => n.key)).toEqual(['y', 'z']);
    expect(() => JSON.stringify(tree)).not.toThrow();
  });
});
