import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { HOME, api, button, freshPage, loginAs, nextFrames, pathOf, tokenOf, waitForPath } from '../support/app';

/** Logout with SPEC's confirmation (section 2) and session expiry (section 8: one 登录已过期 modal). */

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

const confirmDialog = (page: Page) => page.locator('.ant-modal-confirm').filter({ hasText: '真的要注销登录吗' });
const logoutLink = (page: Page) => page.locator('header').getByText('退出登录', { exact: true });

describe('logout', () => {
  it('asks 提示 / 真的要注销登录吗 ?; 取消 keeps the session', async () => {
    const page = await freshPage(browser, server.baseUrl, 'logout-cancel');
    await loginAs(page, server.baseUrl, 'admin');
    const token = await tokenOf(page);
    expect(token).toBeTruthy();
    // The welcome notification opens below the header, so 退出登录 is clickable while it shows.
    const welcome = page.locator('.ant-notification-notice').filter({ hasText: '欢迎回来' });
    await welcome.waitFor();
    const header = await page.locator('header').first().boundingBox();
    expect((await welcome.boundingBox())!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await screenshot(page, 'header-welcome', { fullPage: false });

    await logoutLink(page).click();
    const dialog = confirmDialog(page);
    await dialog.waitFor();
    expect(await dialog.locator('.ant-modal-confirm-title').textContent()).toBe('提示');
    expect(await dialog.locator('.ant-modal-confirm-content').textContent()).toBe('真的要注销登录吗 ?');
    await button(dialog, '取消').click();
    await dialog.waitFor({ state: 'detached' });

    expect(pathOf(page)).toBe(HOME);
    expect(await tokenOf(page)).toBe(token);
    const still = await api(server.baseUrl, token, 'GET', '/sys/user/getCurrentUserDeparts');
    expect(still.status).toBe(200);
    await page.reload();
    await page.getByTestId('user-menu').waitFor();
    expect(pathOf(page)).toBe(HOME);
    await page.close();
  });

  it('确定 clears the token, lands on the login page and revokes the token on the server', async () => {
    const page = await freshPage(browser, server.baseUrl, 'logout-confirm');
    await loginAs(page, server.baseUrl, 'admin');
    const token = await tokenOf(page);
    expect(token).toBeTruthy();

    await logoutLink(page).click();
    const dialog = confirmDialog(page);
    await dialog.waitFor();
    await button(dialog, '确定').click();
    await waitForPath(page, '/user/login');
    await page.getByPlaceholder('请输入用户名').waitFor();

    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
    const after = await api(server.baseUrl, token, 'GET', '/sys/user/getCurrentUserDeparts');
    expect(after.status).toBe(401);

    // the protected pages are closed again
    await page.goto(`${server.baseUrl}${HOME}`);
    await waitForPath(page, '/user/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(HOME);
    await page.close();
  });
});

describe('session expiry', () => {
  it('a token revoked elsewhere shows exactly one 登录已过期 modal whose 重新登录 goes to the login page', async () => {
    const page = await freshPage(browser, server.baseUrl, 'session-expired');
    await loginAs(page, server.baseUrl, 'admin');
    await page.goto(`${server.baseUrl}/isystem/dict`);
    await page.getByText(/^第 1-10 条 \/ 共 \d+ 条$/).waitFor({ timeout: 30_000 });
    const token = await tokenOf(page);

    // another client (the test process) logs this token out
    const revoked = await api(server.baseUrl, token, 'POST', '/sys/logout');
    expect(revoked.status).toBe(200);

    const failed: number[] = [];
    page.on('response', (r) => {
      if (r.url().includes('/api/sys/dict/list')) failed.push(r.status());
    });

    // two failing requests through the app's client: 查询 and page 2 in one go
    const first = page.waitForResponse((r) => r.url().includes('/api/sys/dict/list') && r.status() === 401);
    await page
      .getByRole('search')
      .getByRole('button', { name: /查\s*询/ })
      .first()
      .click();
    await first;
    const modal = page.locator('.ant-modal-confirm').filter({ hasText: '登录已过期' });
    await modal.waitFor();

    // more failures while the modal is up (clicked programmatically, the mask covers the page)
    const second = page.waitForResponse((r) => r.url().includes('/api/sys/dict/list') && r.status() === 401);
    await page.evaluate(() => document.querySelector<HTMLElement>('.ant-pagination-item-2')?.click());
    await second;
    const third = page.waitForResponse(
      (r) => r.url().includes('/api/sys/user/getCurrentUserDeparts') && r.status() === 401,
    );
    await page.evaluate(() => {
      // 切换部门 from the avatar dropdown would need the mouse; the dashboard's department query also asks
      window.history.pushState({}, '', '/dashboard/analysis');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await third;
    // Whatever the answers were going to show has been drawn after two frames.
    await nextFrames(page);

    expect(failed.filter((s) => s === 401).length).toBeGreaterThanOrEqual(2);
    expect(await modal.count()).toBe(1);
    expect(await page.locator('.ant-modal-confirm').count()).toBe(1);
    expect(await modal.locator('.ant-modal-confirm-title').textContent()).toBe('登录已过期');
    expect(await modal.locator('.ant-modal-confirm-content').textContent()).toBe('很抱歉，登录已过期，请重新登录');
    const relogin = button(modal, '重新登录');
    expect(await relogin.count()).toBe(1);
    expect(await modal.getByRole('button').count()).toBe(1);
    // 401 Token失效 is the expiry modal only, not the 未授权 notification as well
    expect(await page.locator('.ant-notification-notice').filter({ hasText: '未授权' }).count()).toBe(0);

    await relogin.click();
    await waitForPath(page, '/user/login');
    await page.getByPlaceholder('请输入用户名').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pro__Access-Token'))).toBeNull();
    await page.close();
  });
});
