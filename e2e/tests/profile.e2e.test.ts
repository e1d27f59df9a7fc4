import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import {
  api,
  apiLogin,
  button,
  createUser,
  freshPage,
  frontModal,
  loginAs,
  message,
  openUserMenuItem,
  signedInPage,
  waitForPath,
} from '../support/app';

/** 个人设置 (/account/settings/base): own name in the header at once; 我的登录设备 and 退出其他设备. */

const PASSWORD = 'Prof1le@2026';
/** What the page shows after a request (a loaded machine answers slowly). */
const WAIT = { timeout: 20_000 };
const SETTINGS = '/account/settings/base';
let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const admin = await apiLogin(server.baseUrl, 'admin');
  // Each test its own user: its sessions are only its own.
  await createUser(server.baseUrl, admin, { username: 'profile_name', realname: '赵资料', password: PASSWORD });
  await createUser(server.baseUrl, admin, { username: 'profile_devices', realname: '钱设备', password: PASSWORD });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const devices = (page: Page) => page.getByTestId('device');
const welcome = (page: Page) => page.getByTestId('user-menu');

async function openSettings(page: Page): Promise<void> {
  await openUserMenuItem(page, '个人设置');
  await waitForPath(page, SETTINGS);
  await page.getByLabel('姓名').waitFor();
}

async function shootWidths(page: Page, name: string): Promise<void> {
  for (const width of [1440, 1000, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('tab').first().waitFor();
    await screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

describe('个人设置', () => {
  it('基本信息: a new real name is saved and shown in the header at once', async () => {
    const page = await signedInPage(browser, server.baseUrl, 'profile_name', {
      password: PASSWORD,
      name: 'profile-name',
    });
    await expect.poll(() => welcome(page).textContent(), WAIT).toContain('欢迎您，赵资料');
    await openSettings(page);
    expect(await page.getByRole('tab', { selected: true }).textContent()).toBe('基本信息');
    await expect.poll(() => page.getByLabel('姓名').inputValue(), WAIT).toBe('赵资料');

    // A malformed mobile is refused on the page with the shared message, nothing is sent.
    await page.getByLabel('手机号码').fill('12345');
    await button(page, '保存').click();
    await page.getByText('请输入正确格式的手机号码！').waitFor();
    await page.getByLabel('手机号码').fill('');

    await page.getByLabel('姓名').fill('赵新名');
    await button(page, '保存').click();
    await message(page, '保存成功！').waitFor();
    await expect.poll(() => welcome(page).textContent(), WAIT).toContain('欢迎您，赵新名');
    // The server has it too, and a reload keeps it.
    const token = await apiLogin(server.baseUrl, 'profile_name', PASSWORD);
    const me = await api<{ realname: string }>(server.baseUrl, token, 'GET', '/sys/account/profile');
    expect(me.body.result.realname).toBe('赵新名');
    await page.reload();
    await expect.poll(() => welcome(page).textContent(), WAIT).toContain('欢迎您，赵新名');
    await shootWidths(page, 'account-settings-base');

    await page.getByRole('tab', { name: '修改密码' }).click();
    await page.getByPlaceholder('请输入旧密码').waitFor();
    await shootWidths(page, 'account-settings-password');
    await page.close();
  });

  it('我的登录设备: two devices; 退出其他设备 sends the other browser to the login page on its next action', async () => {
    const other = await signedInPage(browser, server.baseUrl, 'profile_devices', {
      password: PASSWORD,
      path: SETTINGS,
      name: 'profile-other',
    });
    await other.getByLabel('姓名').waitFor();
    // This one signs in through the login form: its session carries the browser's User-Agent.
    const page = await freshPage(browser, server.baseUrl, 'profile-devices');
    await loginAs(page, server.baseUrl, 'profile_devices', PASSWORD);
    await openSettings(page);
    await page.getByRole('tab', { name: '我的登录设备' }).click();
    await expect.poll(() => devices(page).count(), WAIT).toBe(2);
    const current = devices(page).filter({ hasText: '当前设备' });
    expect(await current.count()).toBe(1);
    expect(await current.textContent()).toMatch(/Chrome \d+/);
    expect(await current.textContent()).toMatch(/登录时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(await current.textContent()).toContain('IP 地址：127.0.0.1');
    expect(await button(current, '下线').count()).toBe(0);
    expect(await button(devices(page).filter({ hasNotText: '当前设备' }), '下线').count()).toBe(1);
    await shootWidths(page, 'account-settings-devices');

    await button(page, '退出其他设备').click();
    const confirm = frontModal(page);
    await confirm.getByText('确定让其他 1 个设备退出登录吗？', { exact: false }).waitFor();
    await button(confirm, '确定').click();
    await message(page, '已退出其他 1 个设备').waitFor();
    await expect.poll(() => devices(page).count(), WAIT).toBe(1);
    expect(await button(page, '退出其他设备').isDisabled()).toBe(true);

    // The other browser's next action: its session is gone, so it is told and sent to the login page.
    await other.getByRole('tab', { name: '我的登录设备' }).click();
    const expired = other.locator('.ant-modal-confirm').filter({ hasText: '登录已过期' });
    await expired.waitFor();
    await button(expired, '重新登录').click();
    await waitForPath(other, '/user/login');
    // This one still works.
    await page.reload();
    await page.getByRole('tab', { name: '我的登录设备' }).click();
    await expect.poll(() => devices(page).count(), WAIT).toBe(1);
    await other.close();
    await page.close();
  });
});
