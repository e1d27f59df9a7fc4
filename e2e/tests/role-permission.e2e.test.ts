import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, button, createUser, frontModal, HOME, message, roleId, signedInPage } from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import {
  confirmDialog,
  confirmPopover,
  openMenu,
  rowMore,
  rowOf,
  search,
  settled,
  totalOf,
} from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/**
 * 角色管理 and 菜单管理 against the real server. The administrator (one context) creates a role,
 * gives it a user and a menu; that user (another context, own storage and session) sees the menu
 * come and go without logging in again (the server's permissions event over SSE), and a data rule
 * narrow their supplier list. Each test makes its own role, user and menu through the API.
 */

const PASSWORD = 'Qc20260101x';
const QC_USER = { username: 'e2e_qc_user', realname: '质检小王', password: PASSWORD };

let server: TestServer;
let browser: TestBrowser;
let token: string;
let admin: Page;
let user: Page | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await apiLogin(server.baseUrl, 'admin');
});

afterEach(async () => {
  await Promise.all([admin?.close(), user?.close()]);
  user = undefined;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Admin on `path`, in a context of its own. */
async function openAdmin(path: string, name: string): Promise<void> {
  admin = await signedInPage(browser, server.baseUrl, 'admin', { path, name: `${name}-admin` });
}

/** `username` (made by newUser) on the home page in a context of its own, marked to tell a reload. */
async function openUser(username: string, name: string): Promise<void> {
  user = await signedInPage(browser, server.baseUrl, username, { password: PASSWORD, name: `${name}-user` });
  await user.evaluate(() => {
    (window as unknown as { __sameDocument: number }).__sameDocument = 1;
  });
}

/** API calls with admin's token that must succeed; returns the result. */
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await api<T>(server.baseUrl, token, method, path, body);
  expect(res.status, res.body.message).toBe(200);
  return res.body.result;
}

/** A user without roles; returns its id. */
async function newUser(username: string, realname: string): Promise<string> {
  await createUser(server.baseUrl, token, { username, realname, password: PASSWORD });
  return (await call<{ records: Array<{ id: string }> }>('GET', `/sys/user/list?username=${username}`)).records[0].id;
}

/** A role without menus, with the given users. */
async function newRole(roleCode: string, roleName: string, userIds: string[] = []): Promise<void> {
  await call('POST', '/sys/role/add', { roleName, roleCode, description: '' });
  if (userIds.length)
    await call('POST', '/sys/user/addSysUserRole', {
      roleId: await roleId(server.baseUrl, token, roleCode),
      userIdList: userIds,
    });
}

/** The id of the menu named `name` in the whole tree. */
async function menuId(name: string): Promise<string> {
  type Node = { id: string; name: string; children?: Node[] };
  const find = (nodes: Node[]): Node | undefined =>
    nodes.map((n) => (n.name === name ? n : find(n.children ?? []))).find(Boolean);
  const node = find(await call<Node[]>('GET', '/sys/permission/list'));
  if (!node) throw new Error(`no menu ${name}`);
  return node.id;
}

/** A sub-menu under 基础数据 (and a button under it); returns the sub-menu's id. */
async function newSubMenu(name: string, path: string, buttonName?: string): Promise<string> {
  const id = await call<string>('POST', '/sys/permission/add', {
    menuType: 1,
    name,
    parentId: await menuId('基础数据'),
    url: path,
    component: 'basedata/E2eInstrumentList',
  });
  if (buttonName) await call('POST', '/sys/permission/add', { menuType: 2, name: buttonName, parentId: id });
  return id;
}

const ROLES = '/isystem/role';
const MENUS = '/isystem/permission';

const drawerTitled = (page: Page, title: string): Locator =>
  page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-title', { hasText: title }) });
/**
 * 展开全部 once the tree is on screen: pressed before the rows arrive (a busy machine) it opens the
 * branches known at that moment, none, and the rows stay folded.
 */
async function expandAll(): Promise<void> {
  await rowOf(admin, '基础数据').waitFor();
  await button(admin, '展开全部').click();
  await button(admin, '折叠全部').waitFor();
}
const userSider = () => user!.locator('.ant-layout-sider').first();
const sameDocument = () => user!.evaluate(() => (window as unknown as { __sameDocument?: number }).__sameDocument);

/** Checks or unchecks a node of the authorisation tree by its title (a menu with data rules has a 数据规则 tag after it). */
async function clickGrant(drawer: Locator, title: string): Promise<void> {
  const node = drawer.locator('.ant-tree-treenode').filter({
    has: drawer
      .page()
      .locator('.ant-tree-title')
      .getByText(new RegExp(`^${title}(数据规则)?$`)),
  });
  await node.locator('.ant-tree-checkbox').click();
}

async function authorise(roleRow: string, titles: string[]): Promise<void> {
  await rowMore(admin, roleRow, '授权');
  const drawer = drawerTitled(admin, '角色权限配置');
  await drawer.locator('.ant-tree-title').getByText('首页', { exact: true }).waitFor();
  for (const t of titles) await clickGrant(drawer, t);
  await button(drawer, '保存并关闭').click();
  await message(admin, '保存成功！').last().waitFor();
  await drawer.waitFor({ state: 'hidden' });
}

describe('角色管理', () => {
  it('adds a role (messages for bad input first), finds it, edits it', async () => {
    await openAdmin(HOME, 'role-add');
    await openMenu(admin, '系统管理', '角色管理', '/isystem/role');
    await rowOf(admin, 'admin').waitFor();
    await screenshot(admin, 'role-list');
    await button(admin, '角色录入').click();
    const modal = frontModal(admin);
    await button(modal, '确定').click();
    await modal.getByText('请输入角色名称！').waitFor();
    await modal.getByText('请输入角色编码！').waitFor();
    await modal.getByPlaceholder('请输入角色名称').fill('E2E质检员');
    await modal.getByPlaceholder('请输入角色编码').fill('质检');
    await modal.getByText('角色编码不可输入汉字！').waitFor();
    await modal.getByPlaceholder('请输入角色编码').fill('lab');
    await modal.getByPlaceholder('请输入描述').click();
    await modal.getByText('角色编码已存在！').waitFor();
    await modal.getByPlaceholder('请输入角色编码').fill('e2e_qc');
    await modal.getByPlaceholder('请输入描述').fill('端到端测试角色');
    await modal.getByText('角色编码已存在！').waitFor({ state: 'detached' });
    await button(modal, '确定').click();
    await message(admin, '添加成功！').waitFor();

    await search(admin, '请输入角色名称', 'E2E质检');
    await rowOf(admin, 'e2e_qc').getByText('端到端测试角色').waitFor();
    await rowMore(admin, 'e2e_qc', '编辑');
    await frontModal(admin).getByText('编辑', { exact: true }).waitFor();
    expect(await frontModal(admin).getByPlaceholder('请输入角色编码').isDisabled()).toBe(true);
    await frontModal(admin).getByPlaceholder('请输入角色名称').fill('E2E质检员（化学）');
    await button(frontModal(admin), '确定').click();
    await message(admin, '修改成功！').waitFor();
    await rowOf(admin, 'e2e_qc').getByText('E2E质检员（化学）').waitFor();
  });

  it('用户 ▸ 添加已有用户 puts a user in the role', async () => {
    await createUser(server.baseUrl, token, QC_USER);
    await newRole('e2e_users', 'E2E用户角色');
    await openAdmin(ROLES, 'role-users');
    await rowOf(admin, 'e2e_users').getByText('用户', { exact: true }).click();
    const drawer = drawerTitled(admin, '角色用户');
    await drawer.locator('.ant-table-placeholder').waitFor();
    await button(drawer, '添加已有用户').click();
    const picker = admin.locator('.ant-modal-wrap:visible .ant-modal').filter({ hasText: '选择用户' });
    await picker.getByPlaceholder('请输入账号').fill(QC_USER.username);
    await button(picker, '查询').click();
    await rowOf(picker, QC_USER.username).click();
    await picker.getByText('已选择 1 人：').waitFor();
    await button(picker, '确定').click();
    await message(admin, '添加成功！').waitFor();
    await rowOf(drawer, QC_USER.username).getByText(QC_USER.realname).waitFor();
    await admin.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('授权 gives the user 供应商管理 at once, without a new login; taking it back removes it', async () => {
    const username = 'e2e_grant_user';
    await newRole('e2e_grant', 'E2E授权角色', [await newUser(username, '授权小李')]);
    await Promise.all([openAdmin(ROLES, 'role-authorise'), openUser(username, 'role-authorise')]);
    await rowOf(admin, 'e2e_grant').waitFor();
    await userSider().getByText('首页').waitFor();
    expect(await userSider().getByText('基础数据').count()).toBe(0);

    await rowMore(admin, 'e2e_grant', '授权');
    const drawer = drawerTitled(admin, '角色权限配置');
    await clickGrant(drawer, '供应商管理');
    await drawer
      .locator('.ant-tree-treenode')
      .filter({ hasText: '基础数据' })
      .locator('.ant-tree-checkbox-checked')
      .waitFor();
    await settled(drawer);
    await screenshot(admin, 'role-authorise-drawer', { fullPage: false });
    await button(drawer, '保存并关闭').click();
    await message(admin, '保存成功！').waitFor();
    await drawer.waitFor({ state: 'hidden' });

    await userSider().getByText('基础数据', { exact: true }).waitFor({ timeout: 15_000 });
    await openMenu(user!, '基础数据', '供应商管理', '/gysgl/supplier');
    expect(await sameDocument()).toBe(1);

    await authorise('e2e_grant', ['基础数据']);
    await userSider().getByText('基础数据', { exact: true }).waitFor({ state: 'detached', timeout: 15_000 });
    expect(await sameDocument()).toBe(1);
  });

  it('删除 is refused while the role has users; after removing the user it goes', async () => {
    const username = 'e2e_del_user';
    await newRole('e2e_del', 'E2E待删角色', [await newUser(username, '待删小赵')]);
    await openAdmin(ROLES, 'role-delete');
    await rowMore(admin, 'e2e_del', '删除');
    await confirmDialog(admin, '确定删除吗?');
    await message(admin, '该角色下还有 1 个用户，请先移除用户').waitFor();

    await rowOf(admin, 'e2e_del').getByText('用户', { exact: true }).click();
    const drawer = drawerTitled(admin, '角色用户');
    await rowOf(drawer, username).getByText('删除', { exact: true }).click();
    await confirmPopover(admin, '确定删除吗?');
    await message(admin, '删除成功！').waitFor();
    await drawer.locator('.ant-table-placeholder').waitFor();
    await admin.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await rowMore(admin, 'e2e_del', '删除');
    await confirmDialog(admin, '确定删除吗?');
    await message(admin, '删除成功！').last().waitFor();
    await rowOf(admin, 'e2e_del').waitFor({ state: 'detached' });
  });
});

describe('菜单管理', () => {
  const menuDrawer = () => admin.getByRole('dialog').filter({ hasText: '菜单类型' });

  it('adds a sub-menu and a button under it; both show in the tree', async () => {
    await openAdmin(HOME, 'menu-add');
    await openMenu(admin, '系统管理', '菜单管理', '/isystem/permission');
    await expandAll();
    await rowOf(admin, '供应商管理').waitFor();
    await screenshot(admin, 'menu-list');
    await button(admin, '折叠全部').click();
    await rowOf(admin, '供应商管理').waitFor({ state: 'hidden' });

    await rowMore(admin, '基础数据', '添加子菜单');
    const drawer = menuDrawer();
    await drawer.getByText('新增', { exact: true }).waitFor();
    await drawer.getByPlaceholder('请输入菜单名称').fill('E2E仪器管理');
    await drawer.getByPlaceholder('请输入菜单路径').fill('/basedata/e2e-instrument');
    await drawer.getByPlaceholder('请输入前端组件').fill('basedata/E2eInstrumentList');
    await drawer.getByPlaceholder('请输入授权标识, 如: user:list').fill('e2einst:list');
    await drawer.locator('.ant-form-item').filter({ hasText: '菜单图标' }).locator('.ant-select').click();
    await admin.keyboard.type('exper');
    await admin
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: 'experiment' })
      .click();
    await settled(drawer);
    await screenshot(admin, 'menu-form-drawer', { fullPage: false });
    await button(drawer, '确定').click();
    await message(admin, '添加成功！').waitFor();
    await rowOf(admin, 'E2E仪器管理').locator('.anticon-experiment').waitFor();

    await rowMore(admin, 'E2E仪器管理', '添加子菜单');
    await menuDrawer().getByText('按钮/权限', { exact: true }).first().click();
    await menuDrawer().getByPlaceholder('请输入按钮/权限名称').fill('E2E添加仪器');
    await menuDrawer().getByPlaceholder('请输入授权标识, 如: user:list').fill('e2einst:add');
    await button(menuDrawer(), '确定').click();
    await message(admin, '添加成功！').last().waitFor();
    await rowOf(admin, 'E2E添加仪器').getByText('e2einst:add').waitFor();
  });

  it('数据规则: adds a rule to the sub-menu', async () => {
    await newSubMenu('E2E规则菜单', '/basedata/e2e-rule');
    await openAdmin(MENUS, 'menu-rule');
    await expandAll();
    await rowMore(admin, 'E2E规则菜单', '数据规则');
    const drawer = drawerTitled(admin, '数据规则');
    await drawer.locator('.ant-table-placeholder').waitFor();
    await button(drawer, '新增').click();
    const modal = frontModal(admin);
    await modal.getByPlaceholder('请输入规则名称').fill('只看自己创建的');
    await modal.getByPlaceholder('请输入规则字段').fill('createBy');
    await modal.locator('.ant-select').click();
    await admin.locator('.ant-select-dropdown:visible').getByText('等于（=）').click();
    await modal.getByPlaceholder('请输入规则值').fill('#{sys_user_code}');
    await button(modal, '确定').click();
    await message(admin, '添加成功！').last().waitFor();
    await admin.locator('.ant-modal-wrap').filter({ hasText: '规则名称' }).waitFor({ state: 'hidden' });
    await rowOf(drawer, '只看自己创建的').getByText('#{sys_user_code}').waitFor();
    await admin.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('删除 asks about the children, then the sub-menu and its button are gone', async () => {
    await newSubMenu('E2E待删菜单', '/basedata/e2e-delete', 'E2E待删按钮');
    await openAdmin(MENUS, 'menu-delete');
    await expandAll();
    await rowOf(admin, 'E2E待删按钮').waitFor();
    await rowMore(admin, 'E2E待删菜单', '删除');
    await confirmDialog(admin, '确定删除「E2E待删菜单」及其全部 1 个下级菜单/按钮吗?');
    await message(admin, '删除成功！共删除 2 个菜单/按钮').waitFor();
    await rowOf(admin, 'E2E待删菜单').waitFor({ state: 'detached' });
    expect(await rowOf(admin, 'E2E待删按钮').count()).toBe(0);
  });
});

describe('数据规则', () => {
  it("a rule added to 供应商管理 and chosen for the role narrows its user's supplier list", async () => {
    const username = 'e2e_rule_user';
    await call('POST', '/sys/user/addSysUserRole', {
      roleId: await roleId(server.baseUrl, token, 'lab'),
      userIdList: [await newUser(username, '规则小周')],
    });
    await Promise.all([openAdmin(MENUS, 'data-rule'), openUser(username, 'data-rule')]);
    await userSider().getByText('基础数据', { exact: true }).waitFor({ timeout: 15_000 });
    await openMenu(user!, '基础数据', '供应商管理', '/gysgl/supplier');
    const qualified = await api<{ total: number }>(
      server.baseUrl,
      token,
      'GET',
      '/gysgl/supplier/list?status=1&pageSize=1',
    );
    expect(await totalOf(user!)).toBeGreaterThan(qualified.body.result.total);

    await expandAll();
    await rowMore(admin, '供应商管理', '数据规则');
    const rules = drawerTitled(admin, '数据规则');
    await button(rules, '新增').click();
    const modal = frontModal(admin);
    await modal.getByPlaceholder('请输入规则名称').fill('只看合格供应商');
    await modal.getByPlaceholder('请输入规则字段').fill('status');
    await modal.locator('.ant-select').click();
    await admin.locator('.ant-select-dropdown:visible').getByText('等于（=）').click();
    await modal.getByPlaceholder('请输入规则值').fill('1');
    await button(modal, '确定').click();
    await rowOf(rules, '只看合格供应商').waitFor();
    await admin.keyboard.press('Escape');
    await rules.waitFor({ state: 'hidden' });

    await openMenu(admin, '系统管理', '角色管理', '/isystem/role');
    await rowMore(admin, '实验室人员', '授权');
    const drawer = drawerTitled(admin, '角色权限配置');
    await drawer
      .locator('.ant-tree-treenode')
      .filter({ hasText: '供应商管理' })
      .locator('.ant-tag', { hasText: '数据规则' })
      .click();
    const choice = drawerTitled(admin, '数据规则配置（供应商管理）');
    await choice.getByText('只看合格供应商').click();
    await button(choice, '保存').click();
    await message(admin, '保存成功！').last().waitFor();
    await choice.waitFor({ state: 'hidden' });
    await button(drawer, '保存并关闭').click();
    await drawer.waitFor({ state: 'hidden' });

    await user!.reload();
    expect(await totalOf(user!)).toBe(qualified.body.result.total);
    // The rows may come before the status dictionary: wait until every row shows 合格.
    await expect
      .poll(() => user!.locator('tr.ant-table-row').filter({ hasText: '合格' }).count())
      .toBe(qualified.body.result.total);
    expect(await rowOf(user!, 'GYS0004').count()).toBe(0);
    await screenshot(user!, 'data-rule-supplier-list');
  });
});
