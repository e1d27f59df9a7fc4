import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { HOME, api, apiLogin, loginAs, pathOf, shootOnFailure, signedInPage, waitForPath } from '../support/app';

/**
 * Issue 16, items 9–12: the tab strip's right-click menu on every tab (首页 included) with 刷新当前, no
 * close icon on 首页; 403 for a page of the app the user holds no right to, 404 for an unknown path; the
 * header's controls inside the viewport at 390 / 1000 / 1440 px; the welcome notice after a login never
 * over the header's controls.
 */

let server: TestServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await page?.close();
});

const bar = () => page.locator('.ant-tabs-editable-card').first();
const tab = (title: string) =>
  bar()
    .locator('.ant-tabs-tab')
    .filter({ hasText: new RegExp(`^${title}$`) });
const titles = () => bar().locator('.ant-tabs-nav-list .ant-tabs-tab').allTextContents();

/** Admin with multi-page tabs on, at `path`. */
async function openTabs(name: string, path = HOME): Promise<void> {
  page = await signedInPage(browser, server.baseUrl, 'admin', { name, path, storage: { DEFAULT_MULTI_PAGE: true } });
  await tab('首页').waitFor();
}

/** Opens a page from the side menu under 系统管理 and waits for its tab to be active. */
async function openFromMenu(item: string): Promise<void> {
  const sider = page.locator('.ant-layout-sider');
  const entry = sider.getByRole('menuitem', { name: item, exact: true });
  if (!(await entry.isVisible())) await sider.getByText('系统管理', { exact: true }).click();
  await entry.click();
  await bar().locator('.ant-tabs-tab-active').filter({ hasText: item }).waitFor();
}

/** Right-clicks a tab (on its edge, outside the title) and picks `action` in its menu. */
async function contextMenu(title: string, action: string): Promise<void> {
  const box = (await tab(title).boundingBox())!;
  await page.mouse.click(box.x + 3, box.y + box.height / 2, { button: 'right' });
  const menu = page.locator('.ant-dropdown:visible');
  await menu.getByText(action, { exact: true }).click();
  await menu.waitFor({ state: 'hidden' });
}

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (box: Box, width: number, height: number) =>
  box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;

/** The header's controls, each by what the user sees or hears. */
function headerControls(p: Page): Record<string, Locator> {
  const header = p.locator('.ant-layout-header').first();
  return {
    search: header.getByRole('button', { name: '搜索菜单' }),
    bell: header.getByTestId('notice-bell'),
    user: header.getByTestId('user-menu'),
    settings: header.getByRole('button', { name: '系统设置' }),
    logout: header.getByRole('button', { name: '退出登录' }),
  };
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not shown');
  return box;
}

describe('multi-page tabs: right-click menu and 刷新当前', () => {
  it('关闭其它 from 首页 closes every other tab; 首页 has no close icon', async () => {
    await openTabs('tabs403-home-others');
    await openFromMenu('用户管理');
    await openFromMenu('数据字典');
    await expect.poll(titles).toEqual(['首页', '用户管理', '数据字典']);
    expect(await tab('用户管理').locator('.ant-tabs-tab-remove').count()).toBe(1);
    expect(await tab('首页').locator('.ant-tabs-tab-remove').count()).toBe(0);

    await contextMenu('首页', '关闭其它');
    await expect.poll(titles).toEqual(['首页']);
    await waitForPath(page, HOME);
    expect(await tab('首页').locator('.ant-tabs-tab-remove').count()).toBe(0);
  });

  it('the menu names SPEC’s entries and 刷新当前', async () => {
    await openTabs('tabs403-menu-texts');
    await openFromMenu('用户管理');
    await tab('用户管理').click({ button: 'right' });
    const items = page.locator('.ant-dropdown:visible .ant-dropdown-menu-item');
    await expect
      .poll(() => items.allTextContents())
      .toEqual(['刷新当前', '关闭左侧', '关闭右侧', '关闭其它', '关闭全部']);
  });

  it('刷新当前 fetches the page again (a record added meanwhile shows) without reloading the browser', async () => {
    await openTabs('tabs403-refresh', '/isystem/dict');
    await bar().locator('.ant-tabs-tab-active').filter({ hasText: '数据字典' }).waitFor();
    const list = page.locator('.ant-table-tbody').filter({ visible: true });
    await list.locator('tr.ant-table-row').first().waitFor({ timeout: 30_000 });
    await page.evaluate(() => ((window as unknown as { keptAlive: number }).keptAlive = 1));

    const dictCode = `refresh_${Date.now()}`;
    const token = await apiLogin(server.baseUrl, 'admin');
    const add = await api(server.baseUrl, token, 'POST', '/sys/dict/add', { dictName: '刷新测试字典', dictCode });
    expect(add.body.success).toBe(true);
    // Kept alive and fresh for a while: without 刷新 the list still shows what it had.
    expect(await list.getByText(dictCode).count()).toBe(0);

    await contextMenu('数据字典', '刷新当前');
    await list.getByText(dictCode, { exact: true }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { keptAlive?: number }).keptAlive)).toBe(1);
    expect(pathOf(page)).toBe('/isystem/dict');
    await expect.poll(titles).toEqual(['首页', '数据字典']);
  });
});

describe('pages without the right, unknown pages', () => {
  it('zhangsan typing the address of 用户管理 sees 403 抱歉，你无权访问该页面 and goes home from it', async () => {
    page = await signedInPage(browser, server.baseUrl, 'zhangsan', {
      name: 'tabs403-forbidden',
      path: '/isystem/user',
    });
    await page.getByText('抱歉，你无权访问该页面', { exact: true }).waitFor();
    expect(await page.locator('.ant-result-403').count()).toBe(1);
    expect(await page.getByText('抱歉，你访问的页面不存在').count()).toBe(0);
    expect(pathOf(page)).toBe('/isystem/user');
    await page.getByRole('button', { name: /返回首页|返\s*回\s*首\s*页/ }).click();
    await waitForPath(page, HOME);
  });

  it('an unknown address still shows 404, in the frame (header and menu), opened directly or from the app', async () => {
    // signedInPage waits for the header: the 404 shows in the frame.
    page = await signedInPage(browser, server.baseUrl, 'zhangsan', { name: 'tabs403-unknown', path: '/isystem/nope' });
    await page.getByText('抱歉，你访问的页面不存在', { exact: true }).waitFor();
    expect(pathOf(page)).toBe('/404');
    expect(await page.getByText('抱歉，你无权访问该页面').count()).toBe(0);
    await page.getByRole('menu').first().waitFor();

    await page.goto(`${server.baseUrl}/404`);
    await page.getByText('抱歉，你访问的页面不存在', { exact: true }).waitFor();
    await page.getByTestId('user-menu').waitFor();
  });

  it('admin, who holds 用户管理, opens it', async () => {
    page = await signedInPage(browser, server.baseUrl, 'admin', { name: 'tabs403-admin', path: '/isystem/user' });
    await page.locator('.ant-table-row').first().waitFor({ timeout: 30_000 });
    expect(await page.getByText('抱歉，你无权访问该页面').count()).toBe(0);
  });
});

type Watched = { headerOverflowed?: boolean };

/**
 * A page of its own at `width` px. From its first frame on, every change of the page checks whether the
 * header's controls run past its right edge (`headerOverflowed`), so a frame drawn for a wider window
 * counts too.
 */
async function loginPageAt(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  await context.addInitScript(() => {
    const check = () => {
      const header = document.querySelector('.ant-layout-header');
      if (header && header.scrollWidth > header.clientWidth) (window as Watched).headerOverflowed = true;
    };
    new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const p = await context.newPage();
  p.once('close', () => void context.close().catch(() => undefined));
  return p;
}

describe('header at 390 / 1000 / 1440 px', () => {
  for (const width of [390, 1000, 1440]) {
    it(`${width} px: every header control inside the viewport; the welcome notice covers none of them`, async () => {
      page = await loginPageAt(width);
      shootOnFailure(page, `tabs403-header-${width}`);
      await loginAs(page, server.baseUrl, 'admin');
      const notice = page.locator('.ant-notification-notice').filter({ hasText: '欢迎回来' });
      await notice.waitFor();
      const shownAt = Date.now();
      const noticeBox = await boxOf(notice);
      const controls = headerControls(page);
      for (const [name, control] of Object.entries(controls)) {
        const box = await boxOf(control);
        expect(inside(box, width, 800), `${name} ${JSON.stringify(box)}`).toBe(true);
        expect(intersects(box, noticeBox), `${name} under the notice`).toBe(false);
      }
      expect(await page.evaluate(() => (window as Watched).headerOverflowed ?? false), 'header overflowed').toBe(false);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        'no sideways scrolling',
      ).toBe(true);
      await screenshot(page, `header-${width}`, { fullPage: false });

      // The avatar menu opens with the notice still up, and its entries are not under it.
      await controls.user.hover();
      const entry = page.locator('.ant-dropdown:visible').getByText('修改密码', { exact: true });
      await entry.waitFor();
      expect(intersects(await boxOf(page.locator('.ant-dropdown:visible')), noticeBox)).toBe(false);
      // Still up, unless its 4.5 s ran out meanwhile (a busy machine): opening the menu does not close it.
      if (!(await notice.isVisible())) expect(Date.now() - shownAt, 'the notice closed early').toBeGreaterThan(4_000);

      // 退出登录 answers a click: its confirmation opens.
      await page.mouse.move(0, 400);
      await controls.logout.click();
      await page.getByText('真的要注销登录吗 ?').waitFor();
    });
  }
});
