import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { HOME, closeSettings, nextFrames, openSettings, pathOf, readStored, signedInPage } from '../support/app';
import { openMenu, settled } from '../support/list-page';

/**
 * The global layout (SPEC sections 2, 3, 4, 9): the settings drawer's choices apply at once and survive
 * F5 under their pro__ keys, with the drawer's rules; the viewport breakpoints (tablet < 1088 px collapses
 * the side menu, mobile < 768 px puts it in a drawer); screenshots of side menu, top menu, dark and mobile.
 */

let server: TestServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

/** Admin's home page in a context of its own, with the settings `storage` holds (defaults otherwise). */
async function open(name: string, storage?: Record<string, unknown>): Promise<void> {
  page = await signedInPage(browser, server.baseUrl, 'admin', { name, storage });
}

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

afterEach(async () => {
  await page?.close();
});

const header = () => page.locator('.ant-layout-header').first();
const sider = () => page.locator('.ant-layout-sider').first();
const toggle = (drawer: Locator, name: string) => drawer.getByRole('switch', { name });
const cssOf = (locator: Locator, property: string) =>
  locator.evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), property);

/** Reloads and waits for the signed-in frame. */
async function reload(): Promise<void> {
  await page.reload();
  await page.getByTestId('user-menu').waitFor();
}

/** A screenshot once the menu and the dashboard have settled. */
async function shoot(name: string): Promise<void> {
  await page.getByTestId('user-menu').waitFor();
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  await settled(page.locator('.ant-layout').first());
  await screenshot(page, name);
}

describe('settings drawer', () => {
  it('the default side-menu layout (screenshot shell-sidemenu)', async () => {
    await open('shell-sidemenu');
    expect(pathOf(page)).toBe(HOME);
    await expect.poll(() => cssOf(sider(), 'width')).toBe('200px');
    await sider().getByText('系统管理', { exact: true }).click();
    await sider().getByRole('menuitem', { name: '数据字典' }).waitFor();
    await shoot('shell-sidemenu');
  });

  it('theme colour, dark menu, fixed header, hide-on-scroll and fixed side menu apply at once and survive F5', async () => {
    await open('shell-settings-persist');
    let drawer = await openSettings(page);
    await drawer.getByRole('button', { name: '酱紫' }).click();
    await drawer.getByText('暗色菜单风格').click();
    await toggle(drawer, '固定 Header').click();
    await toggle(drawer, '下滑时隐藏 Header').click();
    await toggle(drawer, '固定侧边菜单').click();
    await toggle(drawer, '色弱模式').click();
    expect(await page.evaluate(() => document.documentElement.classList.contains('color-weak'))).toBe(true);
    await toggle(drawer, '色弱模式').click();
    await closeSettings(page, drawer);

    const stored = async () => ({
      color: await readStored<string>(page, 'DEFAULT_COLOR'),
      theme: await readStored<string>(page, 'DEFAULT_THEME'),
      fixedHeader: await readStored<boolean>(page, 'DEFAULT_FIXED_HEADER'),
      hideHeader: await readStored<boolean>(page, 'DEFAULT_FIXED_HEADER_HIDDEN'),
      fixedSider: await readStored<boolean>(page, 'DEFAULT_FIXED_SIDEMENU'),
      colorWeak: await readStored<boolean>(page, 'DEFAULT_COLOR_WEAK'),
    });
    const expected = {
      color: '#722ED1',
      theme: 'dark',
      fixedHeader: true,
      hideHeader: true,
      fixedSider: true,
      colorWeak: false,
    };
    expect(await stored()).toEqual(expected);

    await reload();
    expect(await stored()).toEqual(expected);
    expect(await sider().getAttribute('class')).toContain('ant-layout-sider-dark');
    expect(await cssOf(header(), 'position')).toBe('sticky');
    expect(await cssOf(sider(), 'position')).toBe('sticky');
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--lims-primary').trim()),
    ).toBe('#722ED1');
    expect(await page.evaluate(() => document.documentElement.classList.contains('color-weak'))).toBe(false);

    drawer = await openSettings(page);
    expect(await drawer.getByRole('button', { name: '酱紫' }).getAttribute('aria-pressed')).toBe('true');
    expect(await toggle(drawer, '下滑时隐藏 Header').isChecked()).toBe(true);
    await closeSettings(page, drawer);
  });

  it('hides the fixed header after scrolling down past 100 px and shows it again on the way up', async () => {
    await open('shell-hide-header', { DEFAULT_FIXED_HEADER: true, DEFAULT_FIXED_HEADER_HIDDEN: true });
    await page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.id = 'test-spacer';
      spacer.style.height = '3000px';
      document.querySelector('.ant-layout-content')?.appendChild(spacer);
    });
    const transform = () => cssOf(header(), 'transform');
    await page.mouse.move(700, 500);
    await page.mouse.wheel(0, 60);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(60);
    await nextFrames(page);
    expect(await transform()).toBe('none');
    await page.mouse.wheel(0, 400);
    await expect.poll(transform).not.toBe('none');
    await page.mouse.wheel(0, -200);
    await expect.poll(transform).toBe('none');
  });

  it('turning off the fixed header turns hide-header off and disables it', async () => {
    await open('shell-settings-header-rule', { DEFAULT_FIXED_HEADER: true, DEFAULT_FIXED_HEADER_HIDDEN: true });
    expect(await cssOf(header(), 'position')).toBe('sticky');
    const drawer = await openSettings(page);
    await toggle(drawer, '固定 Header').click();
    expect(await toggle(drawer, '下滑时隐藏 Header').isChecked()).toBe(false);
    expect(await toggle(drawer, '下滑时隐藏 Header').isDisabled()).toBe(true);
    expect(await readStored<boolean>(page, 'DEFAULT_FIXED_HEADER_HIDDEN')).toBe(false);
    await closeSettings(page, drawer);
    expect(await cssOf(header(), 'position')).not.toBe('sticky');
  });

  it('top menu: the fixed side menu is turned off and disabled, Fluid is offered only here; survives F5 (screenshot shell-topmenu)', async () => {
    await open('shell-topmenu', { DEFAULT_FIXED_SIDEMENU: true });
    let drawer = await openSettings(page);
    await drawer.getByText('顶部栏导航').click();
    expect(await toggle(drawer, '固定侧边菜单').isChecked()).toBe(false);
    expect(await toggle(drawer, '固定侧边菜单').isDisabled()).toBe(true);
    await drawer.locator('.ant-select').click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await dropdown.getByText('流式').waitFor();
    await settled(dropdown);
    await dropdown.locator('.ant-select-item-option').filter({ hasText: '流式' }).click();
    await drawer.locator('.ant-select').getByText('流式').waitFor();
    await expect.poll(() => readStored<string>(page, 'DEFAULT_CONTENT_WIDTH_TYPE')).toBe('Fluid');
    await closeSettings(page, drawer);
    expect(await readStored<string>(page, 'DEFAULT_LAYOUT_MODE')).toBe('topmenu');
    expect(await readStored<boolean>(page, 'DEFAULT_FIXED_SIDEMENU')).toBe(false);

    await reload();
    expect(await page.locator('.ant-layout-sider').count()).toBe(0);
    await header().getByRole('menu').getByText('系统管理').waitFor();
    await shoot('shell-topmenu');

    drawer = await openSettings(page);
    await drawer.getByText('侧边栏导航').click();
    expect(await readStored<string>(page, 'DEFAULT_CONTENT_WIDTH_TYPE')).toBe('Fixed');
    await drawer.locator('.ant-select').click();
    await expect
      .poll(() => page.locator('.ant-select-dropdown:visible .ant-select-item-option').allTextContents())
      .toEqual(['固定']);
    await page.keyboard.press('Escape');
    expect(await toggle(drawer, '固定侧边菜单').isDisabled()).toBe(false);
    await closeSettings(page, drawer);
    await sider().waitFor();
  });

  it('dark mode for the whole page survives F5 (screenshot shell-dark)', async () => {
    await open('shell-dark');
    const drawer = await openSettings(page);
    await toggle(drawer, '暗黑模式').click();
    await closeSettings(page, drawer);
    await reload();
    expect(await readStored<boolean>(page, 'DEFAULT_DARK_MODE')).toBe(true);
    expect(await page.evaluate(() => document.documentElement.classList.contains('lims-dark'))).toBe(true);
    await shoot('shell-dark');
  });

  it("antd's buttons and tables take the theme colour and dark mode at once", async () => {
    await open('shell-theme-antd');
    await page.goto(`${server.baseUrl}/isystem/dict`);
    const search = page.getByRole('button', { name: /查\s*询/ }).first();
    const th = page.locator('.ant-table-thead th').first();
    await th.waitFor();
    const rgb = async (locator: Locator) => {
      const [r, g, b] = (await cssOf(locator, 'background-color')).match(/[\d.]+/g)!.map(Number);
      return { r, g, b };
    };
    const blue = await rgb(search);
    expect(blue.b).toBeGreaterThan(blue.r);
    expect(blue.g).toBeGreaterThan(blue.r);
    expect((await rgb(th)).g).toBeGreaterThan(200);

    const drawer = await openSettings(page);
    await drawer.getByRole('button', { name: '酱紫' }).click();
    await toggle(drawer, '暗黑模式').click();
    await closeSettings(page, drawer);
    // 酱紫 #722ED1: red above green, unlike the blue; the header row dark.
    await expect.poll(async () => ((c) => c.r > c.g && c.b > c.g)(await rgb(search))).toBe(true);
    await expect.poll(async () => (await rgb(th)).g).toBeLessThan(80);
  });

  it('恢复默认设置 brings back SPEC defaults', async () => {
    await open('shell-settings-reset', { DEFAULT_COLOR: '#722ED1', DEFAULT_THEME: 'dark', DEFAULT_DARK_MODE: true });
    expect(await sider().getAttribute('class')).toContain('ant-layout-sider-dark');
    const drawer = await openSettings(page);
    await drawer.getByRole('button', { name: '恢复默认设置' }).click();
    expect(await readStored<string>(page, 'DEFAULT_COLOR')).toBe('#1890FF');
    expect(await readStored<string>(page, 'DEFAULT_THEME')).toBe('light');
    expect(await readStored<boolean>(page, 'DEFAULT_DARK_MODE')).toBe(false);
    await closeSettings(page, drawer);
    expect(await sider().getAttribute('class')).toContain('ant-layout-sider-light');
  });
});

describe('navigation', () => {
  it('Ctrl+K searches the menus; a navigation scrolls to the top; the breadcrumb shows 首页 and the trail, the last entry as plain text', async () => {
    await open('shell-command-palette');
    await page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.id = 'test-spacer';
      spacer.style.height = '3000px';
      document.body.appendChild(spacer);
      window.scrollTo(0, 800);
    });
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await page.keyboard.press('Control+k');
    const box = page.getByPlaceholder('搜索菜单（↑↓ 选择，回车打开）');
    await box.fill('字典');
    await page.getByRole('listbox', { name: '菜单' }).getByText('数据字典').first().waitFor();
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/isystem/dict');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => document.getElementById('test-spacer')?.remove());
    const breadcrumb = page.getByRole('navigation', { name: 'breadcrumb' });
    const crumbs = breadcrumb.getByRole('listitem');
    await expect.poll(() => crumbs.allTextContents()).toEqual(['首页', '系统管理', '数据字典']);
    expect(await breadcrumb.getByRole('link', { name: '首页' }).getAttribute('href')).toBe(HOME);
    expect(await breadcrumb.getByRole('link', { name: '系统管理' }).count()).toBe(1);
    expect(await breadcrumb.getByRole('link', { name: '数据字典' }).count()).toBe(0);
    expect(await breadcrumb.locator('[aria-current=page]').textContent()).toBe('数据字典');
    await breadcrumb.getByRole('link', { name: '首页' }).click();
    await page.waitForURL((url) => url.pathname === HOME);
  });

  it("the browser's back and forward buttons move between pages, each showing its own content and trail", async () => {
    await open('shell-history');
    const header = (text: string) => page.locator('.ant-table-thead th').filter({ hasText: text }).first();
    const current = () => page.getByRole('navigation', { name: 'breadcrumb' }).locator('[aria-current=page]');
    await openMenu(page, '系统管理', '数据字典', '/isystem/dict');
    await header('字典名称').waitFor();
    await openMenu(page, '基础数据', '供应商管理', '/gysgl/supplier');
    await header('供应商编码').waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/isystem/dict');
    await header('字典名称').waitFor();
    await expect.poll(() => current().textContent()).toBe('数据字典');
    await page.goForward();
    await page.waitForURL((url) => url.pathname === '/gysgl/supplier');
    await header('供应商编码').waitFor();
    await expect.poll(() => current().textContent()).toBe('供应商管理');
  });
});

describe('viewport', () => {
  it('under 1088 px the side menu collapses to 80 px', async () => {
    await open('shell-tablet');
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect.poll(() => cssOf(sider(), 'width')).toBe('80px');
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect.poll(() => cssOf(sider(), 'width')).toBe('200px');
  });

  it('under 768 px the menu is a drawer, closed until the toggle opens it; no tabs (screenshot shell-mobile)', async () => {
    await open('shell-mobile');
    const drawer = await openSettings(page);
    await toggle(drawer, '多页签模式').click();
    await closeSettings(page, drawer);
    await page.locator('.ant-tabs-editable-card').waitFor();

    await page.setViewportSize({ width: 390, height: 800 });
    await expect.poll(() => page.locator('.ant-layout-sider:visible').count()).toBe(0);
    expect(await page.locator('.ant-tabs-editable-card').count()).toBe(0);
    expect(await page.getByTestId('header-welcome').textContent()).toBe('LIMS');
    const logout = await page.getByRole('button', { name: '退出登录' }).boundingBox();
    expect((logout?.x ?? 0) + (logout?.width ?? 0)).toBeLessThanOrEqual(390);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot('shell-mobile');

    await page.getByRole('button', { name: '展开菜单' }).click();
    const menuDrawer = page.locator('.ant-drawer-content-wrapper:visible');
    await menuDrawer.getByText('系统管理', { exact: true }).click();
    await settled(menuDrawer);
    await screenshot(page, 'shell-mobile-drawer');
    expect(await cssOf(menuDrawer, 'width')).toBe('200px');
    await menuDrawer.getByRole('menuitem', { name: '数据字典' }).click();
    await page.waitForURL((url) => url.pathname === '/isystem/dict');
    await expect.poll(() => page.locator('.ant-drawer-content-wrapper:visible').count()).toBe(0);
  });
});
