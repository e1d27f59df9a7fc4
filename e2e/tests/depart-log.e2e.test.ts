import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, button, frontModal, HOME, message as messageIn, signedInPage } from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { openDropdown, openMenu, rowOf, search, settled, totalOf } from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/** 部门管理 (system/DepartList) and 日志管理 (system/LogList) against the real server. */

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let token: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await apiLogin(server.baseUrl, 'admin');
});

afterEach(async () => {
  await page?.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const DEPARTS = '/isystem/depart';

/** Admin on `path` in a context of its own (closed after the test). */
async function open(name: string, path: string): Promise<void> {
  page = await signedInPage(browser, server.baseUrl, 'admin', { path, name: `depart-log-${name}` });
}

/** API calls with admin's token that must succeed; returns the result. */
async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await api<T>(server.baseUrl, token, method, path, body);
  expect(res.status, res.body.message).toBe(200);
  return res.body.result;
}

/** A department made through the API (top-level without a parent). */
const addDepart = (departName: string, parentId?: string) =>
  call<{ id: string; orgCode: string }>('POST', '/sysdepart/sysDepart/add', { departName, parentId });

/** Opens the department page and selects `name` in the tree; waits for its code in 基本信息. */
async function openAt(name: string, testName: string, code: string): Promise<void> {
  await open(testName, DEPARTS);
  await treeNode(name).click();
  await expect.poll(() => infoCode().inputValue()).toBe(code);
}
const message = (text: string | RegExp) =>
  typeof text === 'string' ? messageIn(page, text) : page.locator('.ant-message').getByText(text);
const modal = () => frontModal(page);
/** A node of the department tree by its name. */
const treeNode = (name: string): Locator => page.locator('.ant-tree').getByText(name, { exact: true });
/** The card on the right (基本信息 / 部门人员). */
const activePane = (): Locator =>
  page.locator('.ant-card').filter({ has: page.getByRole('tab', { name: '基本信息' }) });
const infoName = () => activePane().getByPlaceholder('请输入机构/部门名称');
const infoCode = () => activePane().getByPlaceholder('由系统生成');

/** The next free top-level code after `codes` (A01 … A99, B01 …). */
function nextTopCode(codes: string[]): string {
  const last = [...codes].sort().at(-1) ?? '';
  if (!last) return 'A01';
  const letter = last.charCodeAt(0);
  const n = Number(last.slice(1));
  return n < 99 ? `${last[0]}${String(n + 1).padStart(2, '0')}` : `${String.fromCharCode(letter + 1)}01`;
}

/** Right-click ▸ 删除 on a tree node, confirmed with 确定. */
async function deleteNode(name: string): Promise<void> {
  await treeNode(name).click({ button: 'right' });
  await openDropdown(page).getByText('删除', { exact: true }).click();
  const confirm = page.locator('.ant-modal-confirm');
  await confirm.locator('.ant-modal-confirm-title').getByText('确定删除吗?').waitFor();
  await button(confirm, '确定').click();
  await confirm.waitFor({ state: 'detached' });
}

const COMPANY = 'E2E检测公司';
const CHILD = 'E2E样品室';
const RENAMED = 'E2E样品管理室';
const DEL_COMPANY = 'E2E待删公司';
const DEL_CHILD = 'E2E待删室';

describe('部门管理', () => {
  it('adds a top-level department and shows it selected with its generated code', async () => {
    await open('add-top', HOME);
    const companies = await call<Array<{ orgCode: string }>>('GET', '/sysdepart/sysDepart/queryCompanyList');
    const topCode = nextTopCode(companies.map((c) => c.orgCode));
    await openMenu(page, '系统管理', '部门管理', '/isystem/depart');
    await treeNode('环境检测实验室').waitFor();
    await page.getByText('请点击选择要修改部门！').waitFor();

    await button(page, '添加子部门').click();
    await message('请先点击选中上级部门！').waitFor();
    await button(page, '批量删除').click();
    await message('请选择一条记录！').waitFor();

    await button(page, '添加一级部门').click();
    await modal().getByText('新增', { exact: true }).waitFor();
    await button(modal(), '确定').click();
    await modal().getByText('请输入机构/部门名称！').waitFor();
    await modal().getByPlaceholder('请输入机构/部门名称').fill(COMPANY);
    await modal().getByPlaceholder('请输入电话').fill('0510-88886666');
    await button(modal(), '确定').click();
    await message('添加成功！').waitFor();
    await treeNode(COMPANY).waitFor();
    await expect.poll(() => infoCode().inputValue()).toBe(topCode);
    expect(await infoName().inputValue()).toBe(COMPANY);
    expect(await activePane().getByPlaceholder('请输入电话').inputValue()).toBe('0510-88886666');
    expect(await infoCode().isDisabled()).toBe(true);
    await page.getByText(`当前选择：${COMPANY}`).waitFor();
    await screenshot(page, 'depart-list');
  });

  it("adds a child below it: the code is the parent's plus A01", async () => {
    const company = 'E2E上级公司';
    const top = await addDepart(company);
    await openAt(company, 'add-child', top.orgCode);
    await button(page, '添加子部门').click();
    await modal().getByText('新增', { exact: true }).waitFor();
    expect(await modal().getByLabel('上级部门').inputValue()).toBe(company);
    await modal().getByPlaceholder('请输入机构/部门名称').fill(CHILD);
    await modal().getByLabel('岗位').check();
    await settled(modal());
    await screenshot(page, 'depart-add-child');
    await button(modal(), '确定').click();
    await message('添加成功！').last().waitFor();
    await treeNode(CHILD).waitFor();
    await expect.poll(() => infoCode().inputValue()).toBe(`${top.orgCode}A01`);
    expect(await activePane().getByLabel('上级部门').inputValue()).toBe(company);
    expect(await activePane().getByLabel('岗位').isChecked()).toBe(true);
  });

  it("edits the child's name and the tree follows", async () => {
    const top = await addDepart('E2E编辑公司');
    const child = await addDepart('E2E待改名室', top.id);
    await openAt('E2E待改名室', 'edit', child.orgCode);
    await infoName().fill('');
    await button(activePane(), '修改并保存').click();
    await activePane().getByText('请输入机构/部门名称！').waitFor();
    await infoName().fill(RENAMED);
    await button(activePane(), '修改并保存').click();
    await message('编辑成功！').waitFor();
    await treeNode(RENAMED).waitFor();
    expect(await treeNode('E2E待改名室').count()).toBe(0);
    expect(await infoCode().inputValue()).toBe(`${top.orgCode}A01`);
  });

  it('searches by name, then shows the whole tree again', async () => {
    const top = await addDepart('E2E搜索公司');
    await addDepart('E2E样品留存室', top.id);
    await open('search', DEPARTS);
    await treeNode('检测中心').waitFor();
    const box = page.getByPlaceholder('请输入部门名称');
    await box.fill('样品');
    await box.press('Enter');
    await treeNode('样品管理部').waitFor();
    await treeNode('E2E样品留存室').waitFor();
    await treeNode('检测中心').waitFor({ state: 'detached' });
    await box.fill('');
    await box.press('Enter');
    await treeNode('检测中心').waitFor();
  });

  it("refuses to delete the parent with the server's message, then deletes the child and the parent", async () => {
    const top = await addDepart(DEL_COMPANY);
    await addDepart(DEL_CHILD, top.id);
    await open('delete', DEPARTS);
    await deleteNode(DEL_COMPANY);
    await message(`部门「${DEL_COMPANY}」下还有 1 个下级部门，请先删除下级部门并移出用户后再删除`).waitFor();
    await treeNode(DEL_COMPANY).waitFor();

    await deleteNode(DEL_CHILD);
    await message('删除成功！共删除 1 个部门').waitFor();
    await treeNode(DEL_CHILD).waitFor({ state: 'detached' });
    await page.getByText('请点击选择要修改部门！').waitFor();

    await deleteNode(DEL_COMPANY);
    await message('删除成功！共删除 1 个部门').last().waitFor();
    await treeNode(DEL_COMPANY).waitFor({ state: 'detached' });
  });

  it('部门人员 lists the users of the selected department', async () => {
    await open('users', DEPARTS);
    await treeNode('环境检测实验室').click();
    await activePane().getByRole('tab', { name: '部门人员' }).click();
    const lisi = rowOf(activePane(), 'lisi');
    await lisi.getByText('李四').waitFor();
    await lisi.getByText('正常').waitFor();
    await activePane().getByText('第 1-1 条 / 共 1 条').waitFor();
    await activePane().locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await settled(activePane());
    await screenshot(page, 'depart-users');
    await activePane().getByRole('tab', { name: '基本信息' }).click();
  });
});

describe('日志管理', () => {
  it('shows the department actions in the operation log, searched by keyword, with request details', async () => {
    const logs = `/sys/log/list?logType=2&keyWord=${encodeURIComponent('部门管理')}&pageSize=1`;
    const before = (await call<{ total: number }>('GET', logs)).total;
    const top = await addDepart('E2E日志公司');
    const child = await addDepart('E2E日志室', top.id);
    await call('PUT', '/sysdepart/sysDepart/edit', { id: child.id, parentId: top.id, departName: 'E2E日志改名室' });
    await call('DELETE', `/sysdepart/sysDepart/delete?id=${child.id}`);
    await call('DELETE', `/sysdepart/sysDepart/delete?id=${top.id}`);
    await open('operation-log', HOME);
    await openMenu(page, '系统监控', '日志管理', '/isystem/log');
    await page.getByRole('tab', { name: '登录日志' }).waitFor();
    await page.getByRole('tab', { name: '操作日志' }).click();
    await page.waitForURL((url) => url.searchParams.get('logType') === '2');
    // The URL changes before React shows the other tab: searching earlier would use the old tab's box.
    await page.getByRole('tab', { name: '操作日志', selected: true }).waitFor();
    await search(page, '请输入搜索关键词', '部门管理');
    await expect.poll(() => totalOf(page)).toBe(before + 5);
    for (const [content, type] of [
      ['部门管理-添加', '添加'],
      ['部门管理-编辑', '修改'],
      ['部门管理-删除', '删除'],
    ]) {
      await rowOf(page, content).first().getByText(type, { exact: true }).waitFor();
    }
    // The newest five (the list starts with the newest): this test's two adds, one edit, two deletes.
    const newest = await page
      .locator('tr.ant-table-row')
      .evaluateAll((rows) => rows.slice(0, 5).map((r) => /部门管理-\S{2}/.exec(r.textContent ?? '')?.[0]));
    expect(newest.sort()).toEqual(
      ['部门管理-删除', '部门管理-删除', '部门管理-添加', '部门管理-添加', '部门管理-编辑'].sort(),
    );
    const edit = rowOf(page, '部门管理-编辑').first();
    await edit.getByText('管理员').waitFor();
    await edit.locator('.ant-table-row-expand-icon').click();
    const detail = page.locator('tr.ant-table-expanded-row:visible');
    await detail.getByText(/^PUT \S*\/sysdepart\/sysDepart\/edit$/).waitFor();
    await detail.getByText(/"departName": "E2E日志改名室"/).waitFor();
    await screenshot(page, 'log-operation');
  });

  it('shows the admin login with its IP in the login log, and filters by the time range', async () => {
    await open('login-log', '/isystem/log?logType=2');
    await page.getByRole('tab', { name: '操作日志', selected: true }).waitFor();
    await page.getByRole('tab', { name: '登录日志' }).click();
    await page.waitForURL((url) => !url.searchParams.has('logType'));
    await page.getByRole('tab', { name: '登录日志', selected: true }).waitFor();
    await expect.poll(() => page.getByPlaceholder('请输入搜索关键词').inputValue()).toBe('');
    await search(page, '请输入搜索关键词', 'admin,登录成功');
    const login = rowOf(page, '用户名: admin,登录成功！').first();
    await login.getByText(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/).waitFor();
    await login.getByText('登录日志').waitFor();
    const found = await totalOf(page);
    expect(found).toBeGreaterThan(0);

    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    await pickRange(today, today);
    await page.waitForURL((url) => url.searchParams.get('createTime_begin') === today);
    await expect.poll(() => totalOf(page)).toBe(found);
    await screenshot(page, 'log-login');

    await pickRange('2020-01-01', '2020-01-31');
    await page.waitForURL((url) => url.searchParams.get('createTime_end') === '2020-01-31');
    await page.locator('.ant-table-placeholder').waitFor();
  });
});

/** Types a 创建时间 range into the picker and searches. */
async function pickRange(from: string, to: string): Promise<void> {
  const start = page.getByPlaceholder('开始日期');
  await start.click();
  await start.fill(from);
  await start.press('Enter');
  const end = page.getByPlaceholder('结束日期');
  await end.fill(to);
  await end.press('Enter');
  await button(page.getByRole('search'), '查询').first().click();
}
