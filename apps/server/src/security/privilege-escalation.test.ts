import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PERM, PERMISSION_MSG, USER_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';
import { permissions, rolePermissions, roles, userRoles, users } from '../db/schema';
import { fileUpload } from '../platform/files/multipart.fixture';
import { NEW_PASSWORD, api, kit } from '../modules/user/user.test-kit';

// Each file builds its own app and database; a busy machine needs more than the defaults.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

/**
 * Issue 13, items 1 and 2: the grant rule. Nobody grants what they do not hold; nobody touches a user
 * whose permissions exceed their own; privilege comes from a role, never from an account's name.
 */
let t: TestApp;
let admin: string;
let k: ReturnType<typeof kit>;
/** 用户管理 without 分配角色: list, add, edit, delete, freeze, reset password, import. */
const DELEGATE_CODES = [
  PERM.user.list,
  PERM.user.add,
  PERM.user.edit,
  PERM.user.delete,
  PERM.user.freeze,
  PERM.user.resetPassword,
  PERM.user.import,
];
let delegateRole: string;
let roleAdminRole: string;
let delegate: string;
let roleAdmin: string;
let manager: string;

async function makeRole(roleCode: string, codes: string[]): Promise<string> {
  const db = t.database.db;
  const [role] = await db
    .insert(roles)
    .values({ roleName: `测试${roleCode}`, roleCode })
    .returning({ id: roles.id });
  const grants = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.perms, codes));
  if (grants.length)
    await db.insert(rolePermissions).values(grants.map((g) => ({ roleId: role.id, permissionId: g.id })));
  return role.id;
}

/** Adds a user (as admin) holding `roleIds`, ready to sign in, and returns the token. */
async function signedIn(username: string, roleIds: string[]): Promise<string> {
  const id = await k.addUser(username, { selectedroles: roleIds.join(',') });
  await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.id, id));
  return t.login(username, NEW_PASSWORD);
}

const roleCodesOf = async (username: string) =>
  (
    await t.database.db
      .select({ code: roles.roleCode })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .innerJoin(users, eq(users.id, userRoles.userId))
      .where(eq(users.username, username))
  )
    .map((r) => r.code)
    .sort();

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  k = kit(t, () => admin);
  delegateRole = await makeRole('delegate', DELEGATE_CODES);
  roleAdminRole = await makeRole('role_admin', [...DELEGATE_CODES, PERM.user.role]);
  delegate = await signedIn('delegate', [delegateRole]);
  roleAdmin = await signedIn('roleadmin', [roleAdminRole]);
  manager = await t.login('manager');
});
afterAll(async () => {
  await t?.close();
});

describe(`a delegated user administrator (${TEST_DB})`, () => {
  it('cannot give himself the admin role by editing his own record', async () => {
    const me = await k.userRow('delegate');
    const adminRole = await k.roleId('admin');
    const res = await k.send(
      'PUT',
      '/sys/user/edit',
      { id: me.id, realname: '代管', selectedroles: `${delegateRole},${adminRole}` },
      delegate,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_MSG.roleAssignDenied);
    expect(await roleCodesOf('delegate')).toEqual(['delegate']);
    expect((await k.get('/sys/role/list', delegate)).statusCode).toBe(403);
  });

  it('may send his own roles unchanged (a client that always sends them)', async () => {
    const me = await k.userRow('delegate');
    const res = await k.send(
      'PUT',
      '/sys/user/edit',
      { id: me.id, realname: '代管员', selectedroles: delegateRole },
      delegate,
    );
    expect(res.statusCode).toBe(200);
    expect((await k.userRow('delegate')).realname).toBe('代管员');
  });

  it('with 分配角色, still cannot assign a role beyond his own permissions', async () => {
    const me = await k.userRow('roleadmin');
    const adminRole = await k.roleId('admin');
    const res = await k.send(
      'PUT',
      '/sys/user/edit',
      { id: me.id, realname: '角色代管', selectedroles: `${roleAdminRole},${adminRole}` },
      roleAdmin,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_MSG.roleBeyondActor('管理员'));
    expect(await roleCodesOf('roleadmin')).toEqual(['role_admin']);
  });

  it('with 分配角色, assigns and removes roles within his permissions', async () => {
    const id = await k.addUser('grantee1');
    const ok1 = await k.send(
      'PUT',
      '/sys/user/edit',
      { id, realname: '受让人', selectedroles: delegateRole },
      roleAdmin,
    );
    expect(ok1.statusCode).toBe(200);
    expect(await roleCodesOf('grantee1')).toEqual(['delegate']);
    const ok2 = await k.send('PUT', '/sys/user/edit', { id, realname: '受让人', selectedroles: '' }, roleAdmin);
    expect(ok2.statusCode).toBe(200);
    expect(await roleCodesOf('grantee1')).toEqual([]);
  });

  it("cannot strip the administrator's roles nor edit the administrator at all", async () => {
    const adminRow = await k.userRow('admin');
    const strip = await k.send(
      'PUT',
      '/sys/user/edit',
      { id: adminRow.id, realname: '管理员', selectedroles: '' },
      roleAdmin,
    );
    expect(strip.statusCode).toBe(403);
    expect(strip.json().message).toBe(USER_MSG.userBeyondActor('管理员'));
    const rename = await k.send('PUT', '/sys/user/edit', { id: adminRow.id, realname: '被改名' }, delegate);
    expect(rename.statusCode).toBe(403);
    expect(await roleCodesOf('admin')).toEqual(['admin']);
    expect((await k.userRow('admin')).realname).toBe('管理员');
  });

  it('cannot add a user with the admin role, nor any role without 分配角色', async () => {
    const adminRole = await k.roleId('admin');
    const body = (username: string, selectedroles: string) => ({
      username,
      realname: '新人',
      password: NEW_PASSWORD,
      confirmpassword: NEW_PASSWORD,
      selectedroles,
    });
    const beyond = await k.send('POST', '/sys/user/add', body('sneaky1', adminRole), roleAdmin);
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().message).toBe(USER_MSG.roleBeyondActor('管理员'));
    const noRight = await k.send('POST', '/sys/user/add', body('sneaky2', delegateRole), delegate);
    expect(noRight.statusCode).toBe(403);
    expect(noRight.json().message).toBe(USER_MSG.roleAssignDenied);
    expect(await k.userRow('sneaky1')).toBeUndefined();
    expect(await k.userRow('sneaky2')).toBeUndefined();
    expect((await k.send('POST', '/sys/user/add', body('plain1', ''), delegate)).statusCode).toBe(200);
  });

  it('cannot import users carrying the admin role, nor any role without 分配角色', async () => {
    const csv = (name: string, roleCode: string) => `账号,姓名,角色编码\n${name},导入,${roleCode}\n`;
    const upload = (token: string, body: string) =>
      t.as(token, { method: 'POST', url: api('/sys/user/importExcel'), ...fileUpload('users.csv', body) });
    const beyond = await upload(roleAdmin, csv('imp_admin', 'admin'));
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().message).toBe(USER_MSG.roleBeyondActor('管理员'));
    const noRight = await upload(delegate, csv('imp_deleg', 'delegate'));
    expect(noRight.statusCode).toBe(403);
    expect(noRight.json().message).toBe(USER_MSG.roleAssignDenied);
    expect(await k.userRow('imp_admin')).toBeUndefined();
    expect(await k.userRow('imp_deleg')).toBeUndefined();
    expect((await upload(roleAdmin, csv('imp_ok', 'delegate'))).statusCode).toBe(200);
    expect(await roleCodesOf('imp_ok')).toEqual(['delegate']);
  });

  it('cannot freeze, reset or delete a user holding more than he does', async () => {
    const lisi = await k.userRow('lisi');
    const beyond = USER_MSG.userBeyondActor('李四');
    const freeze = await k.send('PUT', '/sys/user/frozenBatch', { ids: lisi.id, status: 2 }, delegate);
    expect([freeze.statusCode, freeze.json().message]).toEqual([403, beyond]);
    const reset = await k.send(
      'PUT',
      '/sys/user/changPassword',
      { username: 'lisi', password: NEW_PASSWORD, confirmpassword: NEW_PASSWORD },
      delegate,
    );
    expect([reset.statusCode, reset.json().message]).toEqual([403, beyond]);
    const del = await k.send('DELETE', `/sys/user/delete?id=${lisi.id}`, undefined, delegate);
    expect([del.statusCode, del.json().message]).toEqual([403, beyond]);
    const after = await k.userRow('lisi');
    expect({ status: after.status, hash: after.passwordHash }).toEqual({ status: 1, hash: lisi.passwordHash });
    expect((await t.login('lisi')).length).toBeGreaterThan(0);
  });

  it('freezes, resets and deletes users within his permissions', async () => {
    const id = await k.addUser('within1');
    expect((await k.send('PUT', '/sys/user/frozenBatch', { ids: id, status: 2 }, delegate)).statusCode).toBe(200);
    expect(
      (
        await k.send(
          'PUT',
          '/sys/user/changPassword',
          { username: 'within1', password: 'Other0ne9', confirmpassword: 'Other0ne9' },
          delegate,
        )
      ).statusCode,
    ).toBe(200);
    expect((await k.send('DELETE', `/sys/user/delete?id=${id}`, undefined, delegate)).statusCode).toBe(200);
  });
});

describe(`a permission manager (${TEST_DB})`, () => {
  const save = (roleId: string, grant: string[], revoke: string[] = []) =>
    k.send(
      'POST',
      '/sys/permission/saveRolePermission',
      { roleId, permissionIds: grant.join(','), lastpermissionIds: revoke.join(',') },
      manager,
    );
  const permissionId = async (code: string) =>
    (await t.database.db.select({ id: permissions.id }).from(permissions).where(eq(permissions.perms, code)))[0].id;

  it('holds 角色管理 and 菜单管理 through the 权限管理员 role, not through his name', async () => {
    expect(await roleCodesOf('manager')).toEqual(['perm_manager', 'user']);
    const listed = (await k.get('/sys/user/list?username=manager')).json().result.records;
    expect(listed).toEqual([expect.objectContaining({ username: 'manager', roleNames: '权限管理员,普通用户' })]);
    expect((await k.get('/sys/role/list', manager)).statusCode).toBe(200);
    expect((await k.get('/sys/permission/list', manager)).statusCode).toBe(200);
  });

  it('cannot grant a permission he lacks, even to his own role', async () => {
    const own = await k.roleId('perm_manager');
    const res = await save(own, [await permissionId(PERM.user.delete)]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PERMISSION_MSG.permissionBeyondActor('删除'));
    expect(
      (await k.send('DELETE', `/sys/user/delete?id=${(await k.userRow('wangwu')).id}`, undefined, manager)).statusCode,
    ).toBe(403);
  });

  it('cannot change the 管理员 role, even by revoking what he holds', async () => {
    const res = await save(await k.roleId('admin'), [], [await permissionId(PERM.role.list)]);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(PERMISSION_MSG.roleBeyondActor('管理员'));
    expect((await k.get('/sys/role/list')).statusCode).toBe(200);
  });

  it('grants what he holds to a role within his permissions', async () => {
    const role = await makeRole('pm_target', []);
    const res = await save(role, [await permissionId(PERM.role.list)]);
    expect(res.statusCode).toBe(200);
  });

  it('cannot put himself or anybody into the 管理员 role, nor take the administrator out of it', async () => {
    const adminRole = await k.roleId('admin');
    const me = await k.userRow('manager');
    const add = await k.send('POST', '/sys/user/addSysUserRole', { roleId: adminRole, userIdList: [me.id] }, manager);
    expect(add.statusCode).toBe(403);
    expect(add.json().message).toBe(USER_MSG.roleBeyondActor('管理员'));
    const adminRow = await k.userRow('admin');
    const remove = await k.send(
      'DELETE',
      `/sys/user/deleteUserRole?roleId=${adminRole}&userId=${adminRow.id}`,
      undefined,
      manager,
    );
    expect(remove.statusCode).toBe(403);
    expect(await roleCodesOf('manager')).toEqual(['perm_manager', 'user']);
    expect(await roleCodesOf('admin')).toEqual(['admin']);
  });

  it('cannot make a menu or button carry a code he lacks (which would grant it to its holders)', async () => {
    const roleMenu = (await t.database.db.select().from(permissions).where(eq(permissions.perms, PERM.role.list)))[0];
    const edit = await k.send(
      'PUT',
      '/sys/permission/edit',
      {
        id: roleMenu.id,
        parentId: roleMenu.parentId,
        name: roleMenu.name,
        menuType: roleMenu.menuType,
        url: roleMenu.url,
        component: roleMenu.component,
        perms: `${PERM.role.list},${PERM.user.delete}`,
        permsType: '1',
        sortNo: roleMenu.sortNo,
      },
      manager,
    );
    expect(edit.statusCode).toBe(403);
    expect(edit.json().message).toBe(PERMISSION_MSG.codesBeyondActor(PERM.user.delete));
    const add = await k.send(
      'POST',
      '/sys/permission/add',
      {
        parentId: roleMenu.id,
        name: '后门',
        menuType: 2,
        perms: PERM.user.delete,
        permsType: '1',
        status: '0',
      },
      manager,
    );
    expect(add.statusCode).toBe(403);
    expect((await t.database.db.select().from(permissions).where(eq(permissions.id, roleMenu.id)))[0].perms).toBe(
      PERM.role.list,
    );
  });
});

describe(`self-registration (${TEST_DB})`, () => {
  it('as `manager` gives the stranger nothing once approved: privilege is a role, not a name', async () => {
    const old = await k.userRow('manager');
    expect((await k.send('DELETE', `/sys/user/delete?id=${old.id}`)).statusCode).toBe(200);
    const reg = await t.app.inject({
      method: 'POST',
      url: api('/sys/user/register'),
      payload: { username: 'manager', realname: '陌生人', password: 'Stranger9', confirmpassword: 'Stranger9' },
    });
    expect(reg.statusCode).toBe(200);
    const stranger = await k.userRow('manager');
    expect(await roleCodesOf('manager')).toEqual([]);
    expect((await k.send('PUT', '/sys/user/frozenBatch', { ids: stranger.id, status: 1 })).statusCode).toBe(200);
    const token = await t.login('manager', 'Stranger9');
    const perms = (await k.get('/sys/permission/getUserPermissionByToken', token)).json().result;
    expect(perms.auth).toEqual([]);
    expect(JSON.stringify(perms.menu)).not.toMatch(/角色管理|菜单管理/);
    expect((await k.get('/sys/role/list', token)).statusCode).toBe(403);
    expect((await k.get('/sys/permission/list', token)).statusCode).toBe(403);
    const grant = await k.send(
      'POST',
      '/sys/user/addSysUserRole',
      { roleId: await k.roleId('admin'), userIdList: [stranger.id] },
      token,
    );
    expect(grant.statusCode).toBe(403);
    expect(await roleCodesOf('manager')).toEqual([]);
  });
});
