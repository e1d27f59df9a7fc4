import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, type MenuEntry, type UserPermission } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { DEMO_PASSWORD } from '../../db/seed';

let t: TestApp;
const api = (p: string) => `/api${p}`;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

const titles = (menu: MenuEntry[]): string[] => menu.flatMap((m) => [m.meta.title, ...titles(m.children ?? [])]);

async function permissionOf(username: string): Promise<UserPermission> {
  const token = await t.login(username);
  const res = await t.as(token, { method: 'GET', url: api(`/sys/permission/getUserPermissionByToken?token=${token}`) });
  expect(res.statusCode).toBe(200);
  return res.json().result;
}

describe(`GET /sys/permission/getUserPermissionByToken (${TEST_DB})`, () => {
  it('gives admin the whole menu tree in SPEC shape, 首页 first, with every button', async () => {
    const p = await permissionOf('admin');
    expect(p.menu[0]).toMatchObject({
      path: '/dashboard/analysis',
      component: 'dashboard/Analysis',
      route: '1',
      meta: { title: '首页' },
    });
    const system = p.menu.find((m) => m.meta.title === '系统管理')!;
    expect(system.component).toBe('layouts/RouteView');
    const userPage = system.children!.find((c) => c.meta.title === '用户管理')!;
    expect(userPage).toMatchObject({
      path: '/isystem/user',
      component: 'system/UserList',
      name: 'isystem-user',
      route: '1',
    });
    expect(typeof userPage.meta.keepAlive).toBe('boolean');
    expect(titles(p.menu)).toEqual(
      expect.arrayContaining(['基础数据', '供应商管理', '客户单位', '检测项目', '日志管理', '我的消息', '数据字典']),
    );
    expect(p.auth.map((a) => a.action)).toEqual(expect.arrayContaining(['user:add', 'user:delete', 'supplier:import']));
    for (const a of p.allAuth)
      expect(a).toEqual({
        action: expect.any(String),
        type: expect.any(String),
        describe: expect.any(String),
        status: expect.any(String),
      });
  });

  it('gives the normal user fewer menus and no administration buttons', async () => {
    const admin = await permissionOf('admin');
    const user = await permissionOf('zhangsan');
    expect(titles(user.menu)).toContain('首页');
    expect(titles(user.menu)).toContain('供应商管理');
    expect(titles(user.menu)).not.toContain('系统管理');
    expect(titles(user.menu).length).toBeLessThan(titles(admin.menu).length);
    expect(user.auth.length).toBeLessThan(admin.auth.length);
    expect(user.auth.map((a) => a.action)).not.toContain('user:add');
    expect(user.allAuth.length).toBe(admin.allAuth.length);
  });

  it('lists every page path of the menu to every user (403 versus 404), a page added later included', async () => {
    const adminToken = await t.login('admin');
    const add = (body: object) => t.as(adminToken, { method: 'POST', url: api('/sys/permission/add'), payload: body });
    expect((await add({ menuType: 0, name: '新增页面', url: '/custom/added-page', component: 'x/Y' })).statusCode).toBe(
      200,
    );
    expect((await add({ menuType: 0, name: '外部链接', url: 'https://example.invalid/doc' })).statusCode).toBe(200);
    const user = await permissionOf('zhangsan');
    expect(user.allPaths).toEqual(expect.arrayContaining(['/isystem/user', '/lims/sample', '/custom/added-page']));
    expect(user.allPaths.some((p) => p.startsWith('http'))).toBe(false);
    expect(new Set(user.allPaths).size).toBe(user.allPaths.length);
    expect(user.menu.some((m) => m.path === '/isystem/user')).toBe(false);
    expect((await permissionOf('admin')).allPaths.sort()).toEqual([...user.allPaths].sort());
  });

  it('always shows the menu and role pages to the second permission manager', async () => {
    const p = await permissionOf('manager');
    expect(titles(p.menu)).toEqual(expect.arrayContaining(['菜单管理', '角色管理']));
    expect(titles(p.menu)).not.toContain('用户管理');
    expect(p.auth.map((a) => a.action)).toContain('role:authorize');
  });
});

describe('departments of the current user', () => {
  it('lists them and switches the login department only to one of them', async () => {
    const token = await t.login('lisi');
    const res = await t.as(token, { method: 'GET', url: api('/sys/user/getCurrentUserDeparts') });
    const { list, orgCode } = res.json().result;
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(orgCode).toBe('A01A07');
    const other = list.find((d: { orgCode: string }) => d.orgCode !== 'A01A07');
    const sw = await t.as(token, {
      method: 'POST',
      url: api('/sys/selectDepart'),
      payload: { orgCode: other.orgCode, username: 'lisi' },
    });
    expect(sw.statusCode).toBe(200);
    expect(sw.json().result.userInfo.orgCode).toBe(other.orgCode);
    const bad = await t.as(token, {
      method: 'POST',
      url: api('/sys/selectDepart'),
      payload: { orgCode: 'A02', username: 'lisi' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.departNotMine);
  });
});

describe('PUT /sys/user/updatePassword', () => {
  const put = (token: string, payload: Record<string, string>) =>
    t.as(token, { method: 'PUT', url: api('/sys/user/updatePassword'), payload: { username: 'zhangsan', ...payload } });

  it('answers each invalid form with its SPEC message and changes nothing', async () => {
    const token = await t.login('zhangsan');
    const cases: [Record<string, string>, string][] = [
      [{ oldpassword: '', password: 'Abcdefg1', confirmpassword: 'Abcdefg1' }, MSG.oldPasswordRequired],
      [{ oldpassword: DEMO_PASSWORD, password: '', confirmpassword: '' }, MSG.newPasswordRequired],
      [{ oldpassword: DEMO_PASSWORD, password: 'abcdefgh', confirmpassword: 'abcdefgh' }, MSG.passwordPolicy],
      [{ oldpassword: DEMO_PASSWORD, password: 'Abcdefg1', confirmpassword: '' }, MSG.confirmPasswordRequired],
      [{ oldpassword: DEMO_PASSWORD, password: 'Abcdefg1', confirmpassword: 'Abcdefg2' }, MSG.passwordMismatch],
      [{ oldpassword: 'Wrong1234', password: 'Abcdefg1', confirmpassword: 'Abcdefg1' }, MSG.oldPasswordWrong],
    ];
    for (const [payload, message] of cases) {
      const res = await put(token, payload);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await t.login('zhangsan')).toBeTruthy();
  });

  it('changes the password, keeps the current session and ends the others', async () => {
    const current = await t.login('zhangsan');
    const other = await t.login('zhangsan');
    const res = await put(current, {
      oldpassword: DEMO_PASSWORD,
      password: 'Newpass123',
      confirmpassword: 'Newpass123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MSG.passwordChanged);
    const departs = (tk: string) => t.as(tk, { method: 'GET', url: api('/sys/user/getCurrentUserDeparts') });
    expect((await departs(current)).statusCode).toBe(200);
    expect((await departs(other)).statusCode).toBe(401);
    expect(await t.login('zhangsan', 'Newpass123')).toBeTruthy();
    const old = await t.app.inject({
      method: 'POST',
      url: api('/sys/login'),
      payload: { username: 'zhangsan', password: DEMO_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });

  it("refuses to change another user's password", async () => {
    const token = await t.login('admin');
    const res = await t.as(token, {
      method: 'PUT',
      url: api('/sys/user/updatePassword'),
      payload: { username: 'lisi', oldpassword: DEMO_PASSWORD, password: 'Abcdefg1', confirmpassword: 'Abcdefg1' },
    });
    expect(res.statusCode).toBe(403);
  });
});
