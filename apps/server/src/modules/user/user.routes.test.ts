import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG, USER_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { logs, permissions, rolePermissions, roles, userDeparts, userRoles, users } from '../../db/schema';
import { SECRET_RE, kit } from './user.test-kit';

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

type Rec = Record<string, unknown>;
const names = (res: { json(): { result: { records: Rec[] } } }) =>
  res
    .json()
    .result.records.map((r) => r.username)
    .sort();

describe(`GET /sys/user/list (${TEST_DB})`, () => {
  it('pages users with dictionary texts and department names, never a secret', async () => {
    const res = await k.get('/sys/user/list?pageNo=1&pageSize=10');
    expect(res.statusCode).toBe(200);
    const { records, total } = res.json().result;
    expect(total).toBeGreaterThanOrEqual(5);
    const lisi = records.find((r: Rec) => r.username === 'lisi');
    expect(lisi).toMatchObject({
      realname: '李四',
      sex: 1,
      sex_dictText: '男',
      status: 1,
      status_dictText: '正常',
      orgCode: 'A01A07',
      workNo: '0004',
      createTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
    });
    expect(lisi.departNames.split(',').sort()).toEqual(['化学检测室', '环境检测实验室'].sort());
    expect(records.find((r: Rec) => r.username === 'wangwu')).toMatchObject({ status: 2, status_dictText: '冻结' });
    expect(res.body).not.toMatch(SECRET_RE);
  });

  it('searches username with the fuzzy rules, realname, sex, phone and status', async () => {
    expect(names(await k.get(`/sys/user/list?username=${encodeURIComponent('*an*')}`))).toEqual([
      'manager',
      'wangwu',
      'zhangsan',
    ]);
    expect(names(await k.get(`/sys/user/list?username=${encodeURIComponent('li*')}`))).toEqual(['lisi']);
    expect(names(await k.get(`/sys/user/list?realname=${encodeURIComponent('张三')}`))).toEqual(['zhangsan']);
    expect(names(await k.get('/sys/user/list?phone=13800000004&sex=1'))).toEqual(['lisi']);
    expect(names(await k.get('/sys/user/list?status=2'))).toEqual(['wangwu']);
  });

  it('filters by department, sub-departments included (the user picker)', async () => {
    const a01 = await k.departId('A01');
    const all = await k.get(`/sys/user/list?departId=${a01}&pageSize=100`);
    expect(names(all)).toEqual(['admin', 'lisi', 'manager', 'sunqi', 'wangwu', 'zhangsan', 'zhaoliu', 'zhouba']);
    const lab = await k.departId('A01A07');
    expect(names(await k.get(`/sys/user/list?departId=${lab}&username=${encodeURIComponent('*s*')}`))).toEqual([
      'lisi',
    ]);
    expect(names(await k.get(`/sys/user/list?departId=${await k.departId('A02')}`))).toEqual([]);
    expect((await k.get('/sys/user/list?departId=')).statusCode).toBe(200);
  });

  it('refuses unknown fields, secret columns and bad ids with a 400 naming them', async () => {
    const unknown = await k.get('/sys/user/list?passwordHash=x');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('passwordHash');
    expect((await k.get('/sys/user/list?column=passwordHash')).statusCode).toBe(400);
    expect((await k.get('/sys/user/list?departId=a%27or%271')).statusCode).toBe(400);
  });

  it('is refused to a user without user:list', async () => {
    expect((await k.get('/sys/user/list', zhangsan)).statusCode).toBe(403);
  });
});

describe('GET /sys/user/queryById', () => {
  it('answers the record with its role and department ids, no secret', async () => {
    const lisi = await k.userRow('lisi');
    const res = await k.get(`/sys/user/queryById?id=${lisi.id}`);
    expect(res.statusCode).toBe(200);
    const r = res.json().result;
    expect(r).toMatchObject({ id: lisi.id, username: 'lisi', selectedroles: await k.roleId('lab') });
    expect(r.selecteddeparts.split(',').sort()).toEqual(
      [await k.departId('A01A03'), await k.departId('A01A07')].sort(),
    );
    expect(res.body).not.toMatch(SECRET_RE);
  });

  it('answers 404 for an unknown id, 400 for a bad one, 403 without user:list', async () => {
    expect((await k.get('/sys/user/queryById?id=nosuchuser')).json().message).toBe(USER_MSG.userNotFound);
    expect((await k.get('/sys/user/queryById?id=a,b')).statusCode).toBe(400);
    expect((await k.get(`/sys/user/queryById?id=${(await k.userRow('lisi')).id}`, zhangsan)).statusCode).toBe(403);
  });
});

describe('POST /sys/user/add', () => {
  it('saves the user with roles and departments; the first department becomes the login one', async () => {
    const [lab, chem, labRole] = [await k.departId('A01A07'), await k.departId('A01A03'), await k.roleId('lab')];
    const res = await k.send('POST', '/sys/user/add', {
      username: 'newuser1',
      realname: '新用户',
      password: 'Passw0rd9',
      confirmpassword: 'Passw0rd9',
      workNo: 'W100',
      email: 'new1@lims.local',
      phone: '13900000001',
      birthday: '1990-05-06',
      sex: '2',
      avatar: 'avatar/202611/0123456789abcdef0123456789abcdef.png',
      selectedroles: labRole,
      selecteddeparts: `${chem},${lab}`,
      post: '检测员',
      telephone: '0510-85200001',
      // mass assignment: ignored
      status: 2,
      id: 'chosen-id',
      createBy: 'hacker',
      passwordHash: 'x',
      mustChangePassword: false,
      orgCode: 'A02',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USER_MSG.added);
    const row = await k.userRow('newuser1');
    expect(row).toMatchObject({
      id: res.json().result,
      status: 1,
      createBy: 'admin',
      orgCode: 'A01A03',
      mustChangePassword: true,
      sex: 2,
      birthday: '1990-05-06',
      workNo: 'W100',
      email: 'new1@lims.local',
    });
    expect(row.id).not.toBe('chosen-id');
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    const links = await t.database.db.select().from(userRoles).where(eq(userRoles.userId, row.id));
    expect(links.map((l) => l.roleId)).toEqual([labRole]);
    expect(await t.database.db.select().from(userDeparts).where(eq(userDeparts.userId, row.id))).toHaveLength(2);
    const log = await t.database.db.select().from(logs).where(eq(logs.logContent, '用户管理-添加'));
    expect(log).toHaveLength(1);
    expect(log[0].requestParam).not.toContain('Passw0rd9');
  });

  it('makes the user change the admin-chosen password before any permission-guarded call', async () => {
    await k.addUser('firstlogin', { selectedroles: await k.roleId('admin') });
    const token = await t.login('firstlogin', 'Passw0rd9');
    const res = await k.get('/sys/user/list', token);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.passwordMustChange);
  });

  it.each([
    [{ username: '' }, USER_MSG.usernameRequired],
    [{ username: 'a b' }, USER_MSG.usernameFormat],
    [{ password: 'short1A', confirmpassword: 'short1A' }, MSG.passwordPolicy],
    [{ password: 'alllower123', confirmpassword: 'alllower123' }, MSG.passwordPolicy],
    [{ confirmpassword: 'Passw0rd8' }, MSG.passwordMismatch],
    [{ realname: ' ' }, USER_MSG.realnameRequired],
    [{ email: 'not-an-email' }, USER_MSG.emailFormat],
    [{ phone: '12345678901' }, USER_MSG.phoneFormat],
    [{ sex: 3 }, USER_MSG.sexInvalid],
    [{ birthday: '1990-02-30' }, USER_MSG.birthdayFormat],
    [{ telephone: '12345' }, USER_MSG.telephoneFormat],
    [{ avatar: '../../etc/passwd' }, USER_MSG.avatarInvalid],
    [{ selectedroles: 'nosuchrole' }, USER_MSG.roleNotFound],
    [{ selecteddeparts: 'nosuchdepart' }, USER_MSG.departNotFound],
    [{ selectedroles: "x' or 1=1" }, USER_MSG.badIdList('角色')],
  ])('refuses %j with a clear message and creates nothing', async (patch, message) => {
    const before = await k.userCount();
    const res = await k.send('POST', '/sys/user/add', {
      username: 'baduser',
      realname: '坏',
      password: 'Passw0rd9',
      confirmpassword: 'Passw0rd9',
      ...patch,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect(await k.userCount()).toBe(before);
  });

  it.each([
    [{ username: 'lisi' }, USER_MSG.usernameTaken],
    [{ workNo: '0004' }, USER_MSG.workNoTaken],
    [{ email: 'lisi@lims.local' }, USER_MSG.emailTaken],
    [{ phone: '13800000004' }, USER_MSG.phoneTaken],
  ])('refuses a duplicate %j with 409', async (patch, message) => {
    const before = await k.userCount();
    const res = await k.send('POST', '/sys/user/add', {
      username: 'dupuser',
      realname: '重复',
      password: 'Passw0rd9',
      confirmpassword: 'Passw0rd9',
      ...patch,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(message);
    expect(await k.userCount()).toBe(before);
  });

  it('is refused to a user without user:add', async () => {
    const res = await k.send(
      'POST',
      '/sys/user/add',
      { username: 'zsadd', realname: 'x', password: 'Passw0rd9', confirmpassword: 'Passw0rd9' },
      zhangsan,
    );
    expect(res.statusCode).toBe(403);
    expect(await k.userRow('zsadd')).toBeUndefined();
  });
});

describe('PUT /sys/user/edit', () => {
  it('changes the profile, roles and departments, never the username, password or status', async () => {
    const id = await k.addUser('edituser', { selecteddeparts: await k.departId('A01A01') });
    const before = await k.userRow('edituser');
    const lab = await k.departId('A01A07');
    const res = await k.send('PUT', '/sys/user/edit', {
      id,
      realname: '改名',
      email: 'edit@lims.local',
      sex: 1,
      selectedroles: `${await k.roleId('user')},${await k.roleId('lab')}`,
      selecteddeparts: lab,
      username: 'renamed',
      password: 'Other0pass',
      status: 2,
      createBy: 'hacker',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USER_MSG.edited);
    const row = await k.userRow('edituser');
    expect(row).toMatchObject({
      realname: '改名',
      email: 'edit@lims.local',
      status: 1,
      orgCode: 'A01A07',
      updateBy: 'admin',
      createBy: 'admin',
    });
    expect(row.passwordHash).toBe(before.passwordHash);
    expect(await k.userRow('renamed')).toBeUndefined();
    expect(await t.database.db.select().from(userRoles).where(eq(userRoles.userId, id))).toHaveLength(2);
    // Absent fields stay; '' clears; an empty department list clears the login department.
    await k.send('PUT', '/sys/user/edit', { id, realname: '改名', email: '', selecteddeparts: '' });
    expect(await k.userRow('edituser')).toMatchObject({ email: null, sex: 1, orgCode: null });
    expect(await t.database.db.select().from(userRoles).where(eq(userRoles.userId, id))).toHaveLength(2);
  });

  it('refuses bad input, duplicates and unknown ids without changing the row', async () => {
    const id = await k.addUser('edituser2', { phone: '13900000022' });
    const before = await k.userRow('edituser2');
    const bad = await k.send('PUT', '/sys/user/edit', { id, realname: '新名', phone: '1390000' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(USER_MSG.phoneFormat);
    const dup = await k.send('PUT', '/sys/user/edit', { id, realname: '新名', phone: '13800000003' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(USER_MSG.phoneTaken);
    const badRole = await k.send('PUT', '/sys/user/edit', { id, realname: '新名', selectedroles: 'nosuchrole' });
    expect(badRole.json().message).toBe(USER_MSG.roleNotFound);
    expect(await k.userRow('edituser2')).toEqual(before);
    const self = await k.send('PUT', '/sys/user/edit', { id, realname: '同号', phone: '13900000022' });
    expect(self.statusCode).toBe(200);
    const missing = await k.send('PUT', '/sys/user/edit', { id: 'nosuchuser', realname: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(USER_MSG.userNotFound);
  });

  it('ignores a phone sent by an administrator without user:form:phone (the field is disabled for them)', async () => {
    const db = t.database.db;
    const [role] = await db
      .insert(roles)
      .values({ roleName: '用户编辑', roleCode: 'user_editor' })
      .returning({ id: roles.id });
    const grants = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.perms, ['user:list', 'user:edit']));
    await db.insert(rolePermissions).values(grants.map((g) => ({ roleId: role.id, permissionId: g.id })));
    const editorId = await k.addUser('phoneeditor', { selectedroles: role.id });
    await db.update(users).set({ mustChangePassword: false }).where(eq(users.id, editorId));
    const editor = await t.login('phoneeditor', 'Passw0rd9');
    // The target holds no role: within the editor's permissions (zhangsan's role is not, see grant-rule tests).
    await k.addUser('phonetarget', { phone: '13911110000' });
    const target = await k.userRow('phonetarget');
    const res = await k.send(
      'PUT',
      '/sys/user/edit',
      { id: target.id, realname: '张三丰', phone: '13911112222' },
      editor,
    );
    expect(res.statusCode).toBe(200);
    expect(await k.userRow('phonetarget')).toMatchObject({ realname: '张三丰', phone: '13911110000' });
    await k.send('PUT', '/sys/user/edit', { id: target.id, realname: '张三', phone: '13911112222' });
    expect((await k.userRow('phonetarget')).phone).toBe('13911112222');
  });

  it('is refused to a user without user:edit', async () => {
    const lisi = await k.userRow('lisi');
    expect((await k.send('PUT', '/sys/user/edit', { id: lisi.id, realname: '黑' }, zhangsan)).statusCode).toBe(403);
    expect((await k.userRow('lisi')).realname).toBe('李四');
  });
});
