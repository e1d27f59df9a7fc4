import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/server';

const ADMIN = { username: 'admin', password: 'Lims@2026' };

let server: TestServer;
let browser: TestBrowser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A page in a fresh, logged-out state (storage cleared on a same-origin URL that does not run the app);
 * when the test fails, a screenshot of it goes to e2e/screenshots/failed-<test>.png.
 */
async function freshPage(testName: string): Promise<Page> {
  await browser.context.clearCookies();
  const page = await browser.newPage();
  onTestFailed(async () => {
    if (!page.isClosed()) await screenshot(page, `failed-${testName}`).catch(() => undefined);
  });
  await page.goto(`${server.baseUrl}/runtime-config.js`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
  return page;
}

async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByPlaceholder('请输入用户名').fill(username);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page.locator('button[type=submit]').click();
}

describe('login', () => {
  it('sends a protected URL without a session to the login page with a redirect', async () => {
    const page = await freshPage('protected-url');
    await page.goto(`${server.baseUrl}/isystem/user`);
    await page.waitForURL((url) => url.pathname === '/user/login');
    const url = new URL(page.url());
    expect(url.pathname + url.search).toBe('/user/login?redirect=%2Fisystem%2Fuser');
    await page.close();
  });

  it('shows 用户名或密码错误 for a wrong password', async () => {
    const page = await freshPage('wrong-password');
    await page.goto(`${server.baseUrl}/user/login`);
    await submitLogin(page, ADMIN.username, 'Wrong@2026');
    const alert = page.getByRole('alert').filter({ hasText: '用户名或密码错误' });
    await alert.first().waitFor({ state: 'visible' });
    expect(await alert.first().textContent()).toContain('用户名或密码错误');
    expect(new URL(page.url()).pathname).toBe('/user/login');
    await page.close();
  });

  it('logs admin in through the form, lands on the dashboard and shows the server menu', async () => {
    const page = await freshPage('admin-login');
    await page.goto(`${server.baseUrl}/user/login`);
    await submitLogin(page, ADMIN.username, ADMIN.password);
    await page.waitForURL((url) => url.pathname === '/dashboard/analysis');
    const menu = page.getByRole('menu');
    await menu.getByText('系统管理', { exact: true }).first().waitFor({ state: 'visible' });
    await menu.getByText('基础数据', { exact: true }).first().waitFor({ state: 'visible' });
    await screenshot(page, 'login-admin-dashboard');
    expect(new URL(page.url()).pathname).toBe('/dashboard/analysis');

    // SPEC section 3/4: the session under the pro__ keys, token and user info kept 7 days.
    const stored = await page.evaluate(() =>
      Object.fromEntries(
        ['Access-Token', 'Login_Username', 'Login_Userinfo', 'LOGIN_USER_BUTTON_AUTH', 'SYS_BUTTON_AUTH'].map((key) => {
          const raw = localStorage.getItem(`pro__${key}`);
          return [key, raw ? (JSON.parse(raw) as { value: unknown; expire: number | null }) : null];
        }),
      ),
    );
    const week = 7 * 24 * 3600 * 1000;
    expect(typeof stored['Access-Token']?.value).toBe('string');
    expect(Math.abs((stored['Access-Token']?.expire ?? 0) - Date.now() - week)).toBeLessThan(120_000);
    expect(Math.abs((stored.Login_Userinfo?.expire ?? 0) - Date.now() - week)).toBeLessThan(120_000);
    expect(stored.Login_Username?.value).toBe('admin');
    expect((stored.Login_Userinfo?.value as { username: string; realname: string }).realname).toBe('管理员');
    expect(Object.keys(stored.Login_Userinfo?.value as object).filter((k) => /hash|salt|^password$/i.test(k))).toEqual(
      [],
    );
    const userButtons = stored.LOGIN_USER_BUTTON_AUTH?.value as Array<{ action: string }>;
    const systemButtons = stored.SYS_BUTTON_AUTH?.value as Array<{ action: string }>;
    expect(userButtons.map((b) => b.action)).toContain('user:add');
    expect(systemButtons.length).toBeGreaterThan(0);
    expect(systemButtons.every((b) => typeof b.action === 'string')).toBe(true);
    await page.close();
  });
});
