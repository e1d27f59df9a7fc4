import type { Locator, Page } from 'playwright-core';
import { button, hoverUntilShown, nextFrames } from './app';

/** Helpers for list pages built with the web's list-page kit (search form, table, pager, popconfirm). */

/** A table row containing `text`. */
export const rowOf = (scope: Page | Locator, text: string): Locator =>
  scope.locator('tr.ant-table-row').filter({ hasText: text });

/** A search field of the visible list page's search form, by its placeholder. */
export const searchBox = (page: Page, placeholder: string): Locator =>
  page.getByRole('search').getByPlaceholder(placeholder);

/**
 * Types `value` into the search field, presses 查询 and waits for the list to show the search: the address carries
 * the (trimmed) value and the table has stopped loading. Until then the rows of the last search are still on
 * screen and move when the new ones come: a row hovered or clicked meanwhile is not the one meant.
 */
export async function search(page: Page, placeholder: string, value: string): Promise<void> {
  const wanted = value.trim();
  const carries = (url: URL) => [...url.searchParams.values()].includes(wanted);
  const searched = carries(new URL(page.url()));
  await searchBox(page, placeholder).fill(value);
  await button(page.getByRole('search'), '查询').first().click();
  if (wanted !== '' && !searched) await page.waitForURL(carries);
  await listIdle(page);
}

/** Waits until no visible list table shows its loading spinner (two frames on, so a reload just asked for shows). */
async function listIdle(page: Page): Promise<void> {
  await nextFrames(page);
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLElement>('[data-list-page] .ant-table-wrapper')].every(
      (table) => table.offsetParent === null || !table.querySelector('.ant-spin-spinning'),
    ),
  );
}

/** URL params that survive 重置 (sort and page size are not search conditions). */
const KEPT_ON_RESET = new Set(['column', 'order', 'pageSize']);

/**
 * Presses 重置 in the search form and waits until the list state has left the URL and the form has
 * been refilled from it, so a value typed next is not wiped by the reset.
 */
export async function resetSearch(page: Page): Promise<void> {
  await button(page.getByRole('search'), '重置').first().click();
  await page.waitForURL((url) => [...url.searchParams.keys()].every((k) => KEPT_ON_RESET.has(k)));
  await nextFrames(page);
}

/** The pager's total text, e.g. `第 1-10 条 / 共 23 条`. */
export const totalText = (scope: Page | Locator, text: string | RegExp): Locator => scope.getByText(text);

/** Waits for `第 a-b 条 / 共 N 条` and returns N. */
export async function totalOf(scope: Page | Locator): Promise<number> {
  const total = scope.getByText(/^第 \d+-\d+ 条 \/ 共 \d+ 条$/).first();
  await total.waitFor();
  return Number(/共 (\d+) 条/.exec((await total.textContent()) ?? '')?.[1]);
}

/** Opens a menu entry of the side menu: a group, then its item; waits for the path. */
export async function openMenu(page: Page, group: string, item: string, path: string): Promise<void> {
  const menu = page.getByRole('menu');
  const entry = menu.getByText(item, { exact: true });
  if (!(await entry.isVisible())) await menu.getByText(group, { exact: true }).click();
  await entry.click();
  await page.waitForURL((url) => url.pathname === path);
}

/** Confirms the visible popconfirm (確定) after checking its question. */
export async function confirmPopover(page: Page, question?: string): Promise<void> {
  const pop = page.locator('.ant-popover:visible');
  if (question) await pop.getByText(question).waitFor();
  await button(pop, '确定').click();
}

/** Waits until the element's opening animation has finished (for screenshots). */
export async function settled(locator: Locator): Promise<void> {
  await locator.waitFor();
  // An animation cancelled meanwhile rejects its `finished` promise: it is over all the same.
  await locator.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );
}

/** The open dropdown of a select / menu. */
export const openDropdown = (page: Page): Locator =>
  page.locator('.ant-select-dropdown:visible, .ant-dropdown:visible').last();

/** Answers 确定 in the confirmation dialog (modal.confirm) titled `title`, after checking its `content`. */
export async function confirmDialog(page: Page, title: string, content?: string): Promise<void> {
  const dialog = page
    .locator('.ant-modal-confirm:visible')
    .filter({ has: page.locator('.ant-modal-confirm-title', { hasText: title }) });
  await dialog.waitFor();
  if (content) await dialog.locator('.ant-modal-confirm-content').getByText(content).waitFor();
  await button(dialog, '确定').click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Runs a row action from the row's 更多 dropdown (`编辑 | 更多 ▾`). The hover is repeated when the
 * dropdown does not open (the row was re-rendered under the pointer by a reload).
 */
export async function rowMore(scope: Page | Locator, rowText: string, action: string): Promise<void> {
  const page = 'page' in scope ? scope.page() : scope;
  const item = page.locator('.ant-dropdown:visible').last().getByRole('menuitem', { name: action, exact: true });
  await hoverUntilShown(page, rowOf(scope, rowText).getByText('更多', { exact: true }), item);
  await settled(page.locator('.ant-dropdown:visible').last());
  await item.click();
}

/** The form item (antd Form.Item) labelled `label` inside `scope` (a modal, a drawer, a page). */
export const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator(`label[title="${label}"]`) });

/** Picks `option` in the select of the form item labelled `label`. */
export async function chooseOption(scope: Locator, label: string, option: string): Promise<void> {
  await formItem(scope, label).locator('.ant-select').first().click();
  await openDropdown(scope.page()).getByTitle(option, { exact: true }).click();
}

/** Runs `action` from the 更多 dropdown of the table row containing `rowText`. */
export async function rowAction(page: Page, rowText: string, action: string): Promise<void> {
  await rowOf(page, rowText).getByText('更多').hover();
  await openDropdown(page).getByRole('menuitem', { name: action }).click();
}
