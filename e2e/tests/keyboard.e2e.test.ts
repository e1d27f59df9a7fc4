import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { button, signedInPage } from '../support/app';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { focused, tabTo } from '../support/keyboard';
import { rowOf, searchBox, totalOf } from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/**
 * Accessibility (issue 16 item 15), keyboard: on 用户管理 the avatar menu, the search field, 查询, 添加用户,
 * a row's 编辑 and its 更多 menu are reached with Tab / Shift+Tab and pressed with Enter / Space / ↓;
 * Escape closes the form or menu and the focus goes back to what opened it; every element the focus
 * stops on on the way shows a focus indicator.
 */

let server: TestServer;
let browser: TestBrowser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await page?.close();
  await browser?.close();
  await server?.stop();
});

/** The user form (a drawer) titled `title`. */
const drawer = (title: string) =>
  page.getByRole('dialog').filter({ has: page.locator('.ant-drawer-title', { hasText: title }) });

const isFocused = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => el === document.activeElement);

it('用户管理 works from the keyboard, with a visible focus on every stop', async () => {
  page = await signedInPage(browser, server.baseUrl, 'admin', { path: '/isystem/user', name: 'keyboard-user' });
  await totalOf(page);
  const unringed: string[] = [];
  const search = page.getByRole('search');

  // The avatar menu of the header opens with Enter; Escape closes it and gives the focus back.
  const userMenu = page.getByTestId('user-menu');
  await tabTo(page, userMenu, { unringed });
  await page.keyboard.press('Enter');
  const avatarMenu = page.locator('.ant-dropdown:visible').last();
  await avatarMenu.getByRole('menuitem', { name: '修改密码' }).waitFor();
  await page.keyboard.press('Escape');
  await avatarMenu.waitFor({ state: 'hidden' });
  expect(await isFocused(userMenu), `focus after closing the avatar menu: ${await focused(page)}`).toBe(true);

  // The header's icon controls press with Space as with Enter: 系统设置 opens its drawer.
  await tabTo(page, page.getByRole('button', { name: '系统设置' }), { unringed });
  await page.keyboard.press('Space');
  const settings = page.locator('.ant-drawer', { hasText: '系统设置' });
  await settings.waitFor();
  await page.keyboard.press('Escape');
  await settings.locator('.ant-drawer-content').waitFor({ state: 'hidden' });

  // On through the side menu and the breadcrumb to the search form.
  await tabTo(page, searchBox(page, '输入账号模糊查询'), { unringed });
  await page.keyboard.type('admin');
  const query = button(search, '查询').first();
  await tabTo(page, query, { unringed });
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => [...url.searchParams.values()].includes('admin'));
  await rowOf(page, 'admin').waitFor();

  // 添加用户 with Space opens the empty form; Escape closes it and the focus is back on the button.
  const add = button(page.locator('main'), '添加用户');
  await tabTo(page, add, { unringed });
  await page.keyboard.press('Space');
  const addForm = drawer('新增');
  await addForm.getByPlaceholder('请输入用户账号', { exact: true }).waitFor();
  await page.keyboard.press('Escape');
  await addForm.waitFor({ state: 'hidden' });
  expect(await isFocused(add), `focus after closing 新增: ${await focused(page)}`).toBe(true);

  // The row's 编辑 with Enter opens the filled form.
  const edit = rowOf(page, 'admin').getByRole('button', { name: '编辑', exact: true });
  await tabTo(page, edit, { unringed });
  await page.keyboard.press('Enter');
  const editForm = drawer('编辑');
  await expect.poll(() => editForm.getByPlaceholder('请输入用户账号', { exact: true }).inputValue()).toBe('admin');
  await page.keyboard.press('Escape');
  await editForm.waitFor({ state: 'hidden' });
  expect(await isFocused(edit), `focus after closing 编辑: ${await focused(page)}`).toBe(true);

  // The row's 更多 opens its menu with Enter, the focus on its first item (详情); ↓ and ↑ move it, one item a
  // press (each press waits for the last to show: a second press before it would move on further).
  const more = rowOf(page, 'admin').getByRole('button', { name: /更多/ });
  await tabTo(page, more, { unringed });
  await page.keyboard.press('Enter');
  const moreMenu = page.locator('.ant-dropdown:visible').last();
  const activeItem = () =>
    moreMenu.evaluate((el) => {
      const active = el.querySelector('.ant-dropdown-menu-item-active');
      return active && active.contains(document.activeElement) ? active.textContent : null;
    });
  await expect.poll(activeItem).toBe('详情');
  await page.keyboard.press('ArrowDown');
  await expect.poll(activeItem).toBe('复制新增');
  await page.keyboard.press('ArrowUp');
  await expect.poll(activeItem).toBe('详情');
  await page.keyboard.press('Enter');
  const details = drawer('详情');
  await expect.poll(() => details.getByPlaceholder('请输入用户账号', { exact: true }).inputValue()).toBe('admin');
  await page.keyboard.press('Escape');
  await details.waitFor({ state: 'hidden' });

  // Back to 查询 with Shift+Tab; Space presses it too.
  await more.focus();
  await tabTo(page, query, { key: 'Shift+Tab', unringed });
  await page.keyboard.press('Space');
  await rowOf(page, 'admin').waitFor();

  expect(unringed, 'focused without a visible focus indicator').toEqual([]);
});
