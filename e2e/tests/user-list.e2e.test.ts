import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  api as apiCall,
  apiLogin,
  button as btn,
  createUser,
  frontModal,
  HOME,
  message as messageIn,
  roleId,
  shootOnFailure,
  signedInPage,
  submitLogin,
} from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import {
  confirmDialog,
  openMenu,
  resetSearch,
  rowMore,
  rowOf,
  search as searchIn,
  settled,
  totalOf,
} from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/** 用户管理 (system/UserList) against the real server, as admin. */

let server: TestServer;
let browser: TestBrowser;
let page: Page;

let token: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await apiLogin(server.baseUrl, 'admin');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// Every test: admin on the user list, in a context of its own.
beforeEach(async (ctx) => {
  page = await signedInPage(browser, server.baseUrl, 'admin', { path: USER_PATH, name: `user-${ctx.task.name}` });
  await totalOf(page);
});

afterEach(async () => {
  await page?.close();
});

const USER_PATH = '/isystem/user';
const PASSWORD = 'Zhao2026x';
const message = (text: string) => messageIn(page, text);
/** The user form: a drawer, as the ancestor's UserModal. */
const form = () =>
  page
    .getByRole('dialog')
    .filter({ has: page.locator('.ant-drawer-title') })
    .last();
/** 重新设定密码 and confirmations: modals. */
const modal = () => frontModal(page);
const search = (placeholder: string, value: string) => searchIn(page, placeholder, value);
const field = (placeholder: string) => form().getByPlaceholder(placeholder, { exact: true });
const modalField = (placeholder: string) => modal().getByPlaceholder(placeholder, { exact: true });

async function api<T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: { success: boolean; message: string; result: T } }> {
  const res = await apiCall<T>(server.baseUrl, token, method, path, body);
  return { status: res.status, json: res.body };
}

/** A user made through the API (admin's add, as the form sends it) for a test that needs one. */
async function addUser(username: string, realname: string, selectedroles = ''): Promise<void> {
  const res = await api('POST', '/sys/user/add', {
    username,
    realname,
    password: PASSWORD,
    confirmpassword: PASSWORD,
    selectedroles,
    selecteddeparts: '',
  });
  expect(res.json.success, res.json.message).toBe(true);
}

/** Picks `option` in the form's select labelled `label` (antd Select / TreeSelect). */
async function pick(label: string, option: string): Promise<void> {
  await form().locator('.ant-form-item').filter({ hasText: label }).locator('.ant-select').first().click();
  const dropdown = page.locator('.ant-select-dropdown:visible').last();
  await dropdown.getByTitle(option, { exact: true }).first().click();
  await page.keyboard.press('Escape');
}

describe('用户管理', () => {
  it('opens from the menu and searches by 账号 (fuzzy)', async () => {
    await page.goto(server.baseUrl + HOME);
    await openMenu(page, '系统管理', '用户管理', USER_PATH);
    expect(await totalOf(page)).toBeGreaterThanOrEqual(5);
    for (const b of ['添加用户', '导出']) await btn(page, b).first().waitFor();
    await rowOf(page, 'lisi').getByText('环境检测实验室').waitFor();
    await rowOf(page, 'wangwu').getByText('冻结', { exact: true }).waitFor();
    await screenshot(page, 'user-list');
    await search('输入账号模糊查询', 'lis');
    await page.getByText('第 1-1 条 / 共 1 条').waitFor();
    await rowOf(page, '李四').waitFor();
    expect(new URL(page.url()).searchParams.get('username')).toBe('lis');
    await resetSearch(page);
    await page.getByText(/^第 1-\d+ 条 \/ 共 \d+ 条$/).waitFor();
  });

  it('adds a user: required messages, the taken account on blur, the password policy', async () => {
    await btn(page, '添加用户').first().click();
    await form().getByText('新增', { exact: true }).waitFor();
    await btn(form(), '确定').click();
    for (const m of ['请输入用户账号！', '请输入新密码!', '请确认新密码!', '请输入用户姓名！'])
      await form().getByText(m).waitFor();
    await field('请输入用户账号').fill('admin');
    await field('请输入用户姓名').click();
    await form().getByText('用户名已存在！').waitFor();
    await field('请输入用户账号').fill('zhaoqi');
    await field('请输入登录密码').fill('zhaoqi123');
    await form().getByText('密码由8位以上的数字、大小写字母组成!').waitFor();
    await field('请输入登录密码').fill(PASSWORD);
    await field('请重新输入登录密码').fill(`${PASSWORD}9`);
    await form().getByText('两次输入的密码不一样！').waitFor();
    await field('请重新输入登录密码').fill(PASSWORD);
    await field('请输入用户姓名').fill('赵七');
    await field('请输入工号').fill('0106');
    await pick('角色', '普通用户');
    await pick('部门', '化学检测室');
    await field('请输入手机号码').fill('13900000006');
    await field('请输入邮箱').fill('zhaoqi@example.com');
    await form().getByText('用户名已存在！').waitFor({ state: 'detached' });
    await settled(form());
    await screenshot(page, 'user-form-add', { fullPage: false });
    await btn(form(), '确定').click();
    await message('添加成功！').waitFor();
    await search('输入账号模糊查询', 'zhaoqi');
    await rowOf(page, 'zhaoqi').getByText('化学检测室').waitFor();
    await rowOf(page, 'zhaoqi').getByText('13900000006').waitFor();
  });

  it('edits a user (account fixed), and 详情 is read-only', async () => {
    await addUser('e2eedit', '赵六', await roleId(server.baseUrl, token, 'user'));
    await search('输入账号模糊查询', 'e2eedit');
    await page.getByText('第 1-1 条 / 共 1 条').waitFor();
    await rowOf(page, 'e2eedit').getByText('编辑', { exact: true }).click();
    await form().getByText('编辑', { exact: true }).waitFor();
    await expect.poll(() => field('请输入用户姓名').inputValue()).toBe('赵六');
    expect(await field('请输入用户账号').isDisabled()).toBe(true);
    expect(await form().getByPlaceholder('请输入登录密码').count()).toBe(0);
    await form().locator('.ant-select').filter({ hasText: '普通用户' }).waitFor();
    await field('请输入用户姓名').fill('赵六六');
    await btn(form(), '确定').click();
    await message('修改成功！').waitFor();
    await rowOf(page, 'e2eedit').getByText('赵六六').waitFor();

    await rowMore(page, 'e2eedit', '详情');
    await form().getByText('详情', { exact: true }).waitFor();
    await expect.poll(() => field('请输入用户姓名').inputValue()).toBe('赵六六');
    for (const p of ['请输入用户姓名', '请输入工号', '请输入邮箱', '请输入手机号码'])
      expect(await field(p).isDisabled()).toBe(true);
    expect(await btn(form(), '确定').isDisabled()).toBe(true);
    await btn(form().locator('.ant-drawer-footer'), '关闭').click();
    await form().waitFor({ state: 'detached' });
  });

  it('resets the password: policy messages, then the new password signs in', async () => {
    await addUser('e2epwd', '待改密码');
    await search('输入账号模糊查询', 'e2epwd');
    await page.getByText('第 1-1 条 / 共 1 条').waitFor();
    await rowMore(page, 'e2epwd', '密码');
    await modal().getByText('重新设定密码').waitFor();
    expect(await modal().locator('input').first().inputValue()).toBe('e2epwd');
    await btn(modal(), '确定').click();
    await modal().getByText('请输入新密码!').waitFor();
    await modalField('请输入登录密码').fill('Short1');
    await modal().getByText('密码由8位以上的数字、大小写字母组成!').waitFor();
    await modalField('请输入登录密码').fill('Reset2026x');
    await modalField('请重新输入登录密码').fill('Reset2026y');
    await modal().getByText('两次输入的密码不一样！').waitFor();
    await modalField('请重新输入登录密码').fill('Reset2026x');
    await btn(modal(), '确定').click();
    await message('密码修改成功！').waitFor();
    expect(await apiLogin(server.baseUrl, 'e2epwd', 'Reset2026x')).toBeTruthy();
  });

  it('freezes: the frozen user’s sign-in says 该用户已冻结; the admin cannot be frozen; unfreezes', async () => {
    await createUser(server.baseUrl, token, { username: 'e2efreeze', realname: '待冻结', password: 'Freeze2026x' });
    await search('输入账号模糊查询', 'e2efreeze');
    await page.getByText('第 1-1 条 / 共 1 条').waitFor();
    await rowMore(page, 'e2efreeze', '冻结');
    await confirmDialog(page, '确定冻结吗?');
    await message('操作成功！').waitFor();
    await rowOf(page, 'e2efreeze').getByText('冻结', { exact: true }).waitFor();

    await search('输入账号模糊查询', 'admin');
    await rowMore(page, '管理员', '冻结');
    await confirmDialog(page, '确定冻结吗?');
    await message('管理员账号不允许此操作,请重新选择！').waitFor();

    // The frozen user signs in through the form in a context of its own; admin's page stays signed in.
    const context = await browser.newContext();
    try {
      const login = await context.newPage();
      shootOnFailure(login, 'user-freeze-login');
      await login.goto(`${server.baseUrl}/user/login`);
      await submitLogin(login, 'e2efreeze', 'Freeze2026x');
      await login.getByText('该用户已冻结').first().waitFor();
    } finally {
      await context.close();
    }
    await page.goto(`${server.baseUrl}${USER_PATH}?username=e2efreeze`);
    await rowMore(page, 'e2efreeze', '解冻');
    await confirmDialog(page, '确定解冻吗?');
    await message('操作成功！').waitFor();
    await rowOf(page, 'e2efreeze').getByText('正常', { exact: true }).waitFor();
    expect(await apiLogin(server.baseUrl, 'e2efreeze', 'Freeze2026x')).toBeTruthy();
  });

  it('deletes one user, then a batch', async () => {
    for (const n of [1, 2, 3]) await addUser(`e2edel${n}`, `待删除${n}`);
    await search('输入账号模糊查询', 'e2edel');
    await page.getByText('第 1-3 条 / 共 3 条').waitFor();
    await rowMore(page, 'e2edel1', '删除');
    await confirmDialog(page, '确定删除吗?');
    await message('删除成功！').waitFor();
    await page.getByText('第 1-2 条 / 共 2 条').waitFor();

    await rowOf(page, 'e2edel2').locator('.ant-checkbox-input').check();
    await rowOf(page, 'e2edel3').locator('.ant-checkbox-input').check();
    await btn(page, '批量操作').click();
    await page.locator('.ant-dropdown:visible').getByText('删除', { exact: true }).click();
    await confirmDialog(page, '确认删除', '是否删除选中数据?');
    await message('删除成功！共 2 条').waitFor();
    await page.locator('.ant-table-placeholder').waitFor();
  });
});
