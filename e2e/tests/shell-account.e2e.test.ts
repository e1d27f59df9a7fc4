import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import {
  HOME,
  PASSWORD,
  api,
  apiLogin,
  button,
  createUser,
  freshPage,
  frontModal,
  loginAs,
  message,
  openUserMenuItem,
  platformNames,
  readStored,
  roleId,
  submitLogin,
  waitForPath,
} from '../support/app';
import { search, settled } from '../support/list-page';

/**
 * The signed-in user's own dialogs and the pages before login (SPEC sections 2, 4, 5, 8): change password,
 * switch department, a 403 from the server, phone login with the demo SMS sender, register → register-result,
 * the alteration page for an initial password.
 */

let server: TestServer;
let browser: TestBrowser;
let adminToken: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = await apiLogin(server.baseUrl, 'admin');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Logs out through the header link and its 提示 confirmation. */
async function logoutThroughHeader(page: Page): Promise<void> {
  await page.getByText('退出登录').click();
  const confirm = frontModal(page);
  await confirm.getByText('真的要注销登录吗 ?').waitFor();
  await button(confirm, '确定').click();
  await waitForPath(page, '/user/login');
}

describe('修改密码 dialog', () => {
  it('shows the four messages and the policy, refuses a wrong old password, then the new password signs in', async () => {
    await createUser(server.baseUrl, adminToken, { username: 'pwduser', realname: '改密用户', password: 'Start1234a' });
    const page = await freshPage(browser, server.baseUrl, 'account-password');
    await loginAs(page, server.baseUrl, 'pwduser', 'Start1234a');
    await openUserMenuItem(page, '修改密码');
    const dialog = frontModal(page);
    await dialog.getByText('修改密码').first().waitFor();

    await button(dialog, '确定').click();
    for (const text of ['请输入旧密码!', '请输入新密码!', '请确认新密码!']) await dialog.getByText(text).waitFor();
    await dialog.getByPlaceholder('请输入新密码').fill('abcdefgh');
    await dialog.getByText('密码由8位以上的数字、大小写字母组成!').waitFor();
    await dialog.getByPlaceholder('请输入新密码').fill('Newpass123');
    await dialog.getByPlaceholder('请确认新密码').fill('Newpass124');
    await dialog.getByText('两次输入的密码不一样！').waitFor();
    await screenshot(page, 'account-change-password');

    await dialog.getByPlaceholder('请确认新密码').fill('Newpass123');
    await dialog.getByPlaceholder('请输入旧密码').fill('Wrong1234a');
    await button(dialog, '确定').click();
    await dialog.getByRole('alert').getByText('旧密码输入错误！').waitFor();

    await dialog.getByPlaceholder('请输入旧密码').fill('Start1234a');
    await button(dialog, '确定').click();
    await message(page, '密码修改成功！').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    await logoutThroughHeader(page);
    await submitLogin(page, 'pwduser', 'Start1234a');
    await page.getByRole('alert').getByText('用户名或密码错误').waitFor();
    await submitLogin(page, 'pwduser', 'Newpass123');
    await page.waitForURL((url) => url.pathname === HOME || url.pathname === '/');
    await page.getByTestId('user-menu').waitFor();
    await page.close();
  });
});

describe('切换部门', () => {
  it('lisi picks another of her two departments; confirming without a choice marks the selector', async () => {
    const names = await platformNames(server.baseUrl);
    const page = await freshPage(browser, server.baseUrl, 'account-depart');
    await loginAs(page, server.baseUrl, 'lisi');
    expect(await page.getByTestId('header-welcome').textContent()).toContain(names.a01a07);

    await openUserMenuItem(page, '切换部门');
    const dialog = frontModal(page);
    await dialog.getByText('切换部门').first().waitFor();
    await button(dialog, '确定').click();
    const item = dialog.locator('.ant-form-item-has-error');
    await item.getByText('请选择登录部门').first().waitFor();

    await dialog.locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect
      .poll(() => options.allTextContents())
      .toEqual(expect.arrayContaining(['环境检测实验室（当前）', '化学检测室']));
    await screenshot(page, 'account-depart-select');
    await options.filter({ hasText: '化学检测室' }).click();
    expect(await dialog.locator('.ant-form-item-has-error').count()).toBe(0);
    await button(dialog, '确定').click();
    await message(page, '切换部门成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    expect((await readStored<{ orgCode: string }>(page, 'Login_Userinfo'))?.orgCode).toBe('A01A03');
    await expect.poll(async () => page.getByTestId('header-welcome').textContent()).toContain(names.other);
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    expect(await page.getByTestId('header-welcome').textContent()).toContain(names.other);
    await page.close();
  });

  it('a user without departments gets 您尚未设置部门信息! and no dialog', async () => {
    await createUser(server.baseUrl, adminToken, {
      username: 'nodept',
      realname: '无部门用户',
      password: 'Nodept123a',
    });
    const page = await freshPage(browser, server.baseUrl, 'account-no-depart');
    await loginAs(page, server.baseUrl, 'nodept', 'Nodept123a');
    await openUserMenuItem(page, '切换部门');
    // The message and the dialog are either-or, decided before the message shows.
    await message(page, '您尚未设置部门信息!').waitFor();
    expect(await page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await page.close();
  });
});

describe('a 403 from the server', () => {
  it('shows the notification 系统提示 / 拒绝访问', async () => {
    await createUser(server.baseUrl, adminToken, {
      username: 'u403',
      realname: '权限收回用户',
      password: 'Perm1234a',
      selectedroles: await roleId(server.baseUrl, adminToken, 'admin'),
    });
    const page = await freshPage(browser, server.baseUrl, 'account-403');
    await loginAs(page, server.baseUrl, 'u403', 'Perm1234a');
    await page.goto(`${server.baseUrl}/isystem/dict`);
    await page.getByPlaceholder('请输入字典名称').first().waitFor();

    const list = await api<{ records: Array<{ id: string; username: string; realname: string }> }>(
      server.baseUrl,
      adminToken,
      'GET',
      '/sys/user/list?username=u403',
    );
    const user = list.body.result.records[0];
    const edit = await api(server.baseUrl, adminToken, 'PUT', '/sys/user/edit', {
      id: user.id,
      realname: user.realname,
      selectedroles: await roleId(server.baseUrl, adminToken, 'user'),
    });
    expect(edit.status).toBe(200);

    await search(page, '请输入字典名称', '性别');
    const notice = page.locator('.ant-notification-notice').filter({ hasText: '系统提示' });
    await notice.getByText('拒绝访问').waitFor();
    await settled(notice);
    await screenshot(page, 'account-403');
    await page.close();
  });
});

describe('pages before login', () => {
  it('phone login: 获取验证码 sends the code to the server log; a wrong code is refused, the right one signs in', async () => {
    const page = await freshPage(browser, server.baseUrl, 'account-phone');
    await page.goto(`${server.baseUrl}/user/login`);
    const filing = page.getByRole('link', { name: /ICP/ });
    expect(await filing.getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    await page.getByText('手机号登录').click();
    await button(page, '获取验证码').click();
    await page.getByText('请输入手机号码！').waitFor();
    await page.getByPlaceholder('请输入手机号').fill('13800000003');
    await button(page, '获取验证码').click();
    await page.getByText('验证码已发送，5分钟内有效').waitFor();
    await page.getByText(/\d+ 秒后重发/).waitFor();

    let code: string | undefined;
    await expect
      .poll(() => {
        code = /\[短信\] 13800000003 的登录验证码: (\d{6})/.exec(server.output())?.[1];
        return code;
      })
      .toBeDefined();
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByPlaceholder('请输入验证码').fill(wrong);
    await button(page, '登录').click();
    await page.getByRole('alert').getByText('手机验证码错误').waitFor();

    await page.getByPlaceholder('请输入验证码').fill(code ?? '');
    await button(page, '登录').click();
    await page.waitForURL((url) => url.pathname === HOME);
    await page.getByTestId('user-menu').getByText('欢迎您，张三').waitFor();
    await page.close();
  });

  it('register creates a frozen account and shows register-result; logging in with it says 该用户已冻结', async () => {
    const page = await freshPage(browser, server.baseUrl, 'account-register');
    await page.goto(`${server.baseUrl}/user/login`);
    await page.getByRole('link', { name: '注册账户' }).click();
    await waitForPath(page, '/user/register');
    await button(page, '注册').click();
    await page.getByText('请输入用户姓名！').waitFor();
    await page.getByPlaceholder('请输入用户名', { exact: true }).fill('newcomer');
    await page.getByPlaceholder('请输入用户姓名', { exact: true }).fill('新同事');
    await page.getByPlaceholder('至少8位密码，包含大小写字母和数字').fill(PASSWORD);
    await page.getByPlaceholder('确认密码').fill(PASSWORD);
    await button(page, '注册').click();
    await waitForPath(page, '/user/register-result');
    await page.getByText('你的账户：newcomer 注册成功').waitFor();
    await page.getByText('注册成功，请等待管理员审核后登录').waitFor();
    await screenshot(page, 'account-register-result');

    await page.getByRole('button', { name: '使用已有账户登录' }).click();
    await waitForPath(page, '/user/login');
    await submitLogin(page, 'newcomer');
    await page.getByRole('alert').getByText('该用户已冻结').waitFor();
    await page.close();
  });

  it('an initial password leads to /user/alteration; the changed password signs in', async () => {
    const initial = 'Init5678x';
    const add = await api(server.baseUrl, adminToken, 'POST', '/sys/user/add', {
      username: 'altuser',
      realname: '初始密码用户',
      password: initial,
      confirmpassword: initial,
      selectedroles: '',
      selecteddeparts: '',
    });
    expect(add.status).toBe(200);
    const page = await freshPage(browser, server.baseUrl, 'account-alteration');
    await page.goto(`${server.baseUrl}/user/login`);
    await submitLogin(page, 'altuser', initial);
    await waitForPath(page, '/user/alteration');
    await page.getByText('修改密码').first().waitFor();
    expect(await page.getByPlaceholder('请输入用户名').inputValue()).toBe('altuser');
    await page.getByPlaceholder('请输入新密码').fill('Changed123a');
    await page.getByPlaceholder('请确认新密码').fill('Changed123a');
    await screenshot(page, 'account-alteration');
    await button(page, '修改并登录').click();
    await page.waitForURL((url) => url.pathname === HOME);
    await page.getByTestId('user-menu').getByText('欢迎您，初始密码用户').waitFor();
    expect(await readStored<string>(page, 'Access-Token')).toBeTruthy();
    await page.close();
  });
});
