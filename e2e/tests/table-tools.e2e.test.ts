import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  apiLogin,
  button,
  createUser,
  message,
  nextFrames,
  roleId,
  signedInPage,
  submitLogin,
  waitForPath,
  HOME,
} from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { rowOf, search, totalOf } from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/** The list kit's table: widths and ellipsis, fixed 操作, 刷新 / 密度 / 列设置 saved per user, checkboxes. */

const SUPPLIERS = '/gysgl/supplier';
const PROJECTS = '/project/jcXmProject';
const PASSWORD = 'Tables@2026';

let server: TestServer;
let browser: TestBrowser;
let token: string;
let seq = 0;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await apiLogin(server.baseUrl, 'admin');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A supplier made through the API (admin). */
async function addSupplier(code: string, contact = '周工'): Promise<void> {
  seq += 1;
  const res = await api(server.baseUrl, token, 'POST', '/gysgl/supplier/add', {
    code,
    name: `表格工具测试供应商${seq}`,
    supplierType: '3',
    contact,
    phone: '025-83331234',
  });
  expect(res.status, res.body.message).toBe(200);
}

/** A user holding `role` (seeded roles: lab = 实验室人员, user = 普通用户). */
async function addUser(username: string, role: string): Promise<void> {
  await createUser(server.baseUrl, token, {
    username,
    realname: username,
    password: PASSWORD,
    selectedroles: await roleId(server.baseUrl, token, role),
  });
}

/** A new 实验室人员 `username` signed in on 供应商管理, its list shown. */
async function labUserOnSuppliers(username: string, name: string): Promise<Page> {
  await addUser(username, 'lab');
  const page = await signedInPage(browser, server.baseUrl, username, { path: SUPPLIERS, password: PASSWORD, name });
  await totalOf(page);
  return page;
}

const table = (page: Page) => page.locator('[data-list-page] .ant-table-wrapper').first();
const header = (page: Page, title: string) =>
  table(page)
    .locator('.ant-table-thead th')
    .filter({ hasText: new RegExp(`^${title}$`) });
const tool = (page: Page, name: string) => page.getByRole('group', { name: '表格工具' }).getByRole('button', { name });

/** Whether `inner` lies inside the table's visible area (the part of the table on screen). */
async function insideTable(page: Page, inner: Locator): Promise<boolean> {
  const area = await table(page).locator('.ant-table-container').boundingBox();
  const box = await inner.boundingBox();
  if (!area || !box) return false;
  const right = Math.min(area.x + area.width, page.viewportSize()!.width);
  return box.x >= area.x - 1 && box.x + box.width <= right + 1;
}

describe('columns keep their widths', () => {
  it('a 64-character code leaves 类型 / 联系人 / 状态 on screen at 1000 px; the cell shows it whole in a tooltip', async () => {
    const code = `W${'1234567890'.repeat(6)}XYZ`;
    expect(code).toHaveLength(64);
    await addSupplier(code, '钱工');
    const page = await signedInPage(browser, server.baseUrl, 'admin', { path: SUPPLIERS, name: 'tables-long-code' });
    await page.setViewportSize({ width: 1000, height: 800 });
    await search(page, '请输入供应商编码', code);
    await page.getByText('第 1-1 条 / 共 1 条').waitFor();
    const row = rowOf(page, '钱工');
    for (const text of ['检测服务', '钱工', '待评估']) expect(await insideTable(page, row.getByText(text))).toBe(true);
    for (const title of ['供应商类型', '联系人', '状态', '操作'])
      expect(await insideTable(page, header(page, title)), title).toBe(true);
    // Room for a three-character name (王建国): shrunk with the others it was 48 px and showed 王….
    expect((await header(page, '联系人').boundingBox())!.width).toBeGreaterThanOrEqual(64);

    const cell = row.locator('td').filter({ hasText: 'W123' });
    const cellBox = (await cell.boundingBox())!;
    expect(cellBox.width).toBeLessThan(200);
    // Pointed at the start of the text, as a user does (hovering the span itself would make the browser scroll the
    // cut cell to the span's middle first, off the text the user sees).
    await cell.hover({ position: { x: 24, y: cellBox.height / 2 } });
    await page.locator('.ant-tooltip:visible').getByText(code, { exact: true }).waitFor();
    await screenshot(page, 'table-long-code-1000');
    await page.close();
  });
});

describe('column settings and density follow the user', () => {
  it('a hidden column and 紧凑 are still there after signing out and in again in another browser', async () => {
    let page = await labUserOnSuppliers('tables_lab', 'tables-settings');
    await header(page, '联系人').waitFor();

    const saved = () =>
      page.waitForResponse((r) => r.url().includes('/sys/user/preference') && r.request().method() === 'PUT');
    await tool(page, '列设置').click();
    const panel = page.getByRole('region', { name: '列设置' });
    let put = saved();
    // The box follows the saved value (set at once, before the server answers): click, then wait.
    await panel.getByRole('checkbox', { name: '联系人' }).click();
    expect((await put).status()).toBe(200);
    await header(page, '联系人').waitFor({ state: 'detached' });
    await expect.poll(() => panel.getByRole('checkbox', { name: '联系人' }).isChecked()).toBe(false);
    await page.keyboard.press('Escape');

    put = saved();
    await tool(page, '密度').click();
    await page.locator('.ant-dropdown:visible').getByRole('menuitem', { name: '紧凑' }).click();
    expect((await put).status()).toBe(200);
    await table(page).locator('.ant-table-small').waitFor();

    // Sign out, then sign in through the login form in a fresh context (nothing kept in the browser).
    await page.locator('header').getByText('退出登录', { exact: true }).click();
    await button(page.locator('.ant-modal-confirm:visible'), '确定').click();
    await waitForPath(page, '/user/login');
    await page.context().close();

    const context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`${server.baseUrl}/user/login`);
    await submitLogin(page, 'tables_lab', PASSWORD);
    await waitForPath(page, HOME);
    await page.goto(server.baseUrl + SUPPLIERS);
    await totalOf(page);
    await header(page, '供应商类型').waitFor();
    await table(page).locator('.ant-table-small').waitFor();
    expect(await header(page, '联系人').count()).toBe(0);

    // 重置 brings the defaults back.
    await tool(page, '列设置').click();
    await page.getByRole('region', { name: '列设置' }).getByRole('button', { name: '重置' }).click();
    await header(page, '联系人').waitFor();
    await table(page).locator('.ant-table-medium').waitFor();
    await context.close();
  });
});

describe('列设置 widths', () => {
  it('a width of 5 px stays as typed, marked, with the message, and is not saved; 150 px is', async () => {
    const page = await labUserOnSuppliers('tables_width', 'tables-width');
    const puts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/sys/user/preference') && r.method() === 'PUT') puts.push(r.postData() ?? '');
    });
    await tool(page, '列设置').click();
    const width = page.getByRole('region', { name: '列设置' }).getByRole('spinbutton', { name: '联系人 列宽' });

    await width.fill('5');
    await width.press('Enter');
    await message(page, '列宽应为 60 到 1000 之间的整数！').waitFor();
    expect(await width.inputValue()).toBe('5');
    expect(await width.getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'table-column-width-refused');
    // Leaving the box saves nothing either.
    await width.press('Tab');
    await nextFrames(page);
    expect(puts).toEqual([]);
    const userToken = await apiLogin(server.baseUrl, 'tables_width', PASSWORD);
    const stored = await api(server.baseUrl, userToken, 'GET', `/sys/user/preference?key=table:${SUPPLIERS}`);
    expect(stored.body.result).toBeNull();

    const saved = page.waitForResponse(
      (r) => r.url().includes('/sys/user/preference') && r.request().method() === 'PUT',
    );
    await width.fill('150');
    await width.press('Enter');
    expect((await saved).status()).toBe(200);
    const after = await api<{ widths?: Record<string, number> }>(
      server.baseUrl,
      userToken,
      'GET',
      `/sys/user/preference?key=table:${SUPPLIERS}`,
    );
    expect(after.body.result?.widths).toEqual({ contact: 150 });
    expect(await width.getAttribute('aria-invalid')).toBe('false');
    await page.context().close();
  });
});

describe('刷新 and checkboxes', () => {
  it('刷新 fetches the list again: a record added meanwhile appears', async () => {
    await addSupplier('E2E-RF-1');
    const page = await signedInPage(browser, server.baseUrl, 'admin', { path: SUPPLIERS, name: 'tables-reload' });
    await search(page, '请输入供应商编码', 'E2E-RF-');
    await page.getByText('第 1-1 条 / 共 1 条').waitFor();
    await addSupplier('E2E-RF-2');
    await tool(page, '刷新').click();
    await page.getByText('第 1-2 条 / 共 2 条').waitFor();
    await rowOf(page, 'E2E-RF-2').waitFor();
    await page.close();
  });

  it('zhangsan (read-only) sees no checkbox column; admin does', async () => {
    const reader = await signedInPage(browser, server.baseUrl, 'zhangsan', { path: SUPPLIERS, name: 'tables-reader' });
    await totalOf(reader);
    await reader.locator('tr.ant-table-row').first().waitFor();
    expect(await reader.locator('.ant-table-selection-column').count()).toBe(0);
    expect(await reader.getByRole('checkbox').count()).toBe(0);
    await reader.close();

    const admin = await signedInPage(browser, server.baseUrl, 'admin', { path: SUPPLIERS, name: 'tables-admin-boxes' });
    await totalOf(admin);
    await admin.locator('tr.ant-table-row .ant-table-selection-column .ant-checkbox').first().waitFor();
    await admin.close();
  });
});

describe('wide lists', () => {
  it('检测项目 at 1000 px: 操作 stays on screen (fixed right) and a horizontal scrollbar shows and scrolls', async () => {
    const page = await signedInPage(browser, server.baseUrl, 'admin', { path: PROJECTS, name: 'tables-projects' });
    await page.setViewportSize({ width: 1000, height: 800 });
    await totalOf(page);
    const actions = header(page, '操作');
    expect(await insideTable(page, actions)).toBe(true);
    expect(await actions.evaluate((th) => getComputedStyle(th).position)).toBe('sticky');

    // A scrollbar under the rows, visible without scrolling first; dragging its thumb to the right end
    // brings 状态 / 合同金额 / 创建时间 into view, and 操作 is still there.
    expect(await insideTable(page, header(page, '创建时间'))).toBe(false);
    const bar = table(page).getByRole('scrollbar', { name: '表格横向滚动条' });
    await bar.scrollIntoViewIfNeeded();
    const track = (await bar.boundingBox())!;
    expect(track.height).toBeGreaterThan(4);
    const thumb = (await bar.locator('div').boundingBox())!;
    expect(thumb.width).toBeGreaterThan(20);
    expect(thumb.width).toBeLessThan(track.width);
    await page.mouse.move(thumb.x + thumb.width / 2, thumb.y + thumb.height / 2);
    await page.mouse.down();
    await page.mouse.move(track.x + track.width + 50, thumb.y + thumb.height / 2, { steps: 5 });
    await page.mouse.up();
    for (const title of ['状态', '合同金额', '创建时间', '操作'])
      await expect.poll(() => insideTable(page, header(page, title)), { message: title }).toBe(true);
    await screenshot(page, 'table-projects-1000-scrolled');
    await page.close();
  });

  it('检测项目 at 1440 px: 项目编号 and 开始日期 show their whole text, 合同金额 stays on one line, no title is cut', async () => {
    const page = await signedInPage(browser, server.baseUrl, 'admin', { path: PROJECTS, name: 'tables-projects-1440' });
    await totalOf(page);
    await table(page).locator('tr.ant-table-row').first().waitFor();
    // Per column title: for each row, whether the cell's text fits it (no '…') and how many lines it takes.
    const cells = await table(page).evaluate(
      (wrapper, titles) => {
        const heads = [...wrapper.querySelectorAll('.ant-table-thead th')].map((th) => th.textContent?.trim());
        const rows = [...wrapper.querySelectorAll('tr.ant-table-row')];
        return titles.map((title) => {
          const i = heads.indexOf(title);
          return rows.map((tr) => {
            const td = tr.children[i] as HTMLElement;
            const box = td.querySelector<HTMLElement>('.ant-table-cell-content, span') ?? td;
            const range = document.createRange();
            range.selectNodeContents(td);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
            return {
              text: td.textContent ?? '',
              fits: td.scrollWidth <= td.clientWidth && box.scrollWidth <= box.clientWidth + 1,
              lines,
            };
          });
        });
      },
      ['项目编号', '开始日期', '合同金额'],
    );
    const [numbers, starts, amounts] = cells;
    expect(numbers.length).toBeGreaterThan(0);
    for (const c of numbers) expect(c, c.text).toMatchObject({ fits: true, lines: 1 });
    for (const c of numbers) expect(c.text).toMatch(/^XM\d{12}$/);
    for (const c of starts) expect(c, c.text).toMatchObject({ fits: true, lines: 1 });
    for (const c of amounts.filter((a) => a.text)) expect(c, c.text).toMatchObject({ lines: 1 });
    expect(amounts.some((a) => /\d{1,3}(,\d{3})+\.\d{2}/.test(a.text))).toBe(true);
    // A narrow column's title wraps rather than being cut (项目负责人, not 项目…).
    const cutTitles = await table(page).evaluate((wrapper) =>
      [...wrapper.querySelectorAll<HTMLElement>('.ant-table-thead th, .ant-table-thead .ant-table-column-title')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.textContent),
    );
    expect(cutTitles).toEqual([]);
    await screenshot(page, 'table-projects-1440-whole');
    await page.close();
  });

  it('screenshots of 供应商 and 检测项目 at 1440, 1000 and 390 px', async () => {
    const page = await signedInPage(browser, server.baseUrl, 'admin', { path: SUPPLIERS, name: 'tables-shots' });
    for (const path of [SUPPLIERS, PROJECTS]) {
      await page.goto(server.baseUrl + path);
      await totalOf(page);
      for (const width of [1440, 1000, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await header(page, '操作').waitFor();
        await screenshot(page, `table${path.replaceAll('/', '-')}-${width}`);
      }
    }
    await page.close();
  });
});
