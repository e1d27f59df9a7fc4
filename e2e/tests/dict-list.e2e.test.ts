import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  api as apiCall,
  button as btn,
  frontModal,
  HOME,
  apiLogin,
  message as messageIn,
  signedInPage,
} from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import {
  confirmPopover,
  openMenu,
  resetSearch,
  rowOf,
  search as searchIn,
  searchBox as searchBoxIn,
  settled,
} from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/** 数据字典 (system/DictList) through the list-page kit, against the real server. */

let server: TestServer;
let browser: TestBrowser;
let page: Page;

let token: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await apiLogin(server.baseUrl, 'admin');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// Every test: admin on the dictionary list, in a context of its own.
beforeEach(async (ctx) => {
  page = await signedInPage(browser, server.baseUrl, 'admin', { path: DICT_PATH, name: `dict-${ctx.task.name}` });
  await page.getByText(/^第 1-10 条 \/ 共 \d+ 条$/).waitFor();
});

afterEach(async () => {
  await page?.close();
});

const DICT_PATH = '/isystem/dict';
const message = (text: string) => messageIn(page, text);
const modal = () => frontModal(page);
const searchBox = (placeholder: string) => searchBoxIn(page, placeholder);
const search = (placeholder: string, value: string) => searchIn(page, placeholder, value);

/** A dictionary made through the API for a test that needs one. */
async function addDict(dictName: string, dictCode: string, description = ''): Promise<void> {
  const res = await api<{ success: boolean }>('POST', '/sys/dict/add', { dictName, dictCode, description });
  expect(res.json.success).toBe(true);
}

/** API calls with admin's token, for setting up data and reading what the page shows. */
async function api<T>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await apiCall<unknown>(server.baseUrl, token, method, path, body);
  return { status: res.status, json: res.body as T };
}

describe('数据字典', () => {
  it('opens from the menu with the paged list (共N条) and the toolbar', async () => {
    await page.goto(server.baseUrl + HOME);
    await openMenu(page, '系统管理', '数据字典', DICT_PATH);
    const total = page.getByText(/^第 1-10 条 \/ 共 \d+ 条$/);
    await total.waitFor();
    const count = Number(/共 (\d+) 条/.exec((await total.textContent()) ?? '')?.[1]);
    expect(count).toBeGreaterThan(10);
    for (const b of ['添加', '导出', '刷新缓存']) await btn(page, b).first().waitFor();
    await btn(page, '导入').first().waitFor();
    await page.getByText('已选择').waitFor();
    expect(await page.locator('tr.ant-table-row').count()).toBe(10);
    await screenshot(page, 'dict-list');
  });

  it('pages through the URL and keeps the page across F5', async () => {
    await page.locator('.ant-pagination').getByTitle('2', { exact: true }).click();
    await page.getByText(/^第 11-\d+ 条 \/ 共 \d+ 条$/).waitFor();
    expect(new URL(page.url()).searchParams.get('pageNo')).toBe('2');
    await page.reload();
    await page.getByText(/^第 11-\d+ 条 \/ 共 \d+ 条$/).waitFor();
    expect(await page.locator('.ant-pagination-item-active').textContent()).toBe('2');
  });

  it('searches by 字典名称 (trimmed), keeps the search in the URL, resets', async () => {
    await search('请输入字典名称', '  性别 ');
    await page.getByText('第 1-1 条 / 共 1 条').waitFor();
    await rowOf(page, 'sex').waitFor();
    expect(new URL(page.url()).searchParams.get('dictName')).toBe('性别');
    expect(new URL(page.url()).searchParams.get('pageNo')).toBeNull();
    await page.reload();
    await page.getByText('第 1-1 条 / 共 1 条').waitFor();
    expect(await searchBox('请输入字典名称').inputValue()).toBe('性别');
    await resetSearch(page);
    await page.getByText(/^第 1-10 条 \/ 共 \d+ 条$/).waitFor();
    expect(new URL(page.url()).search).toBe('');
  });

  it('adds a dictionary: required messages, the duplicate code on blur, then saved', async () => {
    await btn(page, '添加').first().click();
    await modal().getByText('新增', { exact: true }).waitFor();
    await btn(modal(), '确定').click();
    await modal().getByText('请输入字典名称！').waitFor();
    await modal().getByText('请输入字典编码！').waitFor();
    await modal().getByPlaceholder('请输入字典名称').fill('检测方法');
    await modal().getByPlaceholder('请输入字典编码').fill('sex');
    await modal().getByPlaceholder('请输入描述').click();
    await modal().getByText('字典编码已存在！').waitFor();
    await screenshot(page, 'dict-add-duplicate');
    await modal().getByPlaceholder('请输入字典编码').fill('e2e_method');
    await modal().getByPlaceholder('请输入描述').fill('端到端测试字典');
    await modal().getByText('字典编码已存在！').waitFor({ state: 'detached' });
    await btn(modal(), '确定').click();
    await message('添加成功！').waitFor();
    await search('请输入字典编号', 'e2e_method');
    await rowOf(page, 'e2e_method').getByText('端到端测试字典').waitFor();
  });

  it('edits a dictionary: title 编辑, the code is fixed', async () => {
    await addDict('待编辑字典', 'e2e_edit');
    await search('请输入字典编号', 'e2e_edit');
    await rowOf(page, 'e2e_edit').getByText('编辑', { exact: true }).click();
    await modal().getByText('编辑', { exact: true }).waitFor();
    expect(await modal().getByPlaceholder('请输入字典编码').isDisabled()).toBe(true);
    await modal().getByPlaceholder('请输入字典名称').fill('检测方法（色谱）');
    await btn(modal(), '确定').click();
    await message('编辑成功！').waitFor();
    await rowOf(page, 'e2e_edit').getByText('检测方法（色谱）').waitFor();
  });

  it('字典配置: adds two items and offers them in a DictSelect', async () => {
    await addDict('待配置字典', 'e2e_items');
    await search('请输入字典编号', 'e2e_items');
    await rowOf(page, 'e2e_items').getByText('字典配置', { exact: true }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: '字典列表' });
    await drawer.getByText('字典列表').waitFor();
    await drawer.locator('.ant-table-placeholder').waitFor();

    await btn(drawer, '批量删除').click();
    await message('请选择一条记录！').waitFor();

    for (const [text, value] of [
      ['气相色谱', 'gc'],
      ['液相色谱', 'lc'],
    ]) {
      await btn(drawer, '新增').click();
      await modal().getByText('新增', { exact: true }).waitFor();
      await btn(modal(), '确定').click();
      await modal().getByText('请输入名称！').waitFor();
      await modal().getByText('请输入数据值！').waitFor();
      await modal().getByPlaceholder('请输入名称').fill(text);
      await modal().getByPlaceholder('请输入数据值').fill(value);
      await btn(modal(), '确定').click();
      await message('添加成功！').last().waitFor();
      await rowOf(drawer, value).waitFor();
    }
    await drawer.getByText('第 1-2 条 / 共 2 条').waitFor();

    const options = await api<{ result: Array<{ value: string; text: string }> }>(
      'GET',
      '/sys/dict/getDictItems/e2e_items',
    );
    expect(options.json.result.map((o) => [o.value, o.text])).toEqual([
      ['gc', '气相色谱'],
      ['lc', '液相色谱'],
    ]);

    await drawer.getByRole('combobox', { name: '选项预览' }).click();
    const dropdown = page.locator('.ant-select-dropdown:visible');
    await dropdown.getByText('气相色谱').waitFor();
    await dropdown.getByText('液相色谱').waitFor();
    await screenshot(page, 'dict-items-drawer');
    await dropdown.getByText('液相色谱').click();
    await drawer.locator('.ant-select').filter({ hasText: '液相色谱' }).waitFor();

    await rowOf(drawer, 'gc').getByText('删除', { exact: true }).click();
    await confirmPopover(page, '确定删除吗?');
    await message('删除成功！').last().waitFor();
    await drawer.getByText('第 1-1 条 / 共 1 条').waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
  });

  it('deletes one dictionary, then a batch; 批量操作 shows only with a selection', async () => {
    for (const n of [1, 2, 3]) await addDict(`待删除${n}`, `e2e_del${n}`);
    await search('请输入字典编号', 'e2e_del');
    await page.getByText('第 1-3 条 / 共 3 条').waitFor();

    await rowOf(page, 'e2e_del1').getByText('删除', { exact: true }).click();
    await confirmPopover(page, '确定删除吗?');
    await message('删除成功！').last().waitFor();
    await page.getByText('第 1-2 条 / 共 2 条').waitFor();

    expect(await btn(page, '批量操作').count()).toBe(0);
    await rowOf(page, 'e2e_del2').locator('.ant-checkbox-input').check();
    await rowOf(page, 'e2e_del3').locator('.ant-checkbox-input').check();
    await page.getByText(/已选择\s*2\s*项/).waitFor();
    await btn(page, '批量操作').click();
    await page.locator('.ant-dropdown:visible').getByText('删除', { exact: true }).click();
    const confirm = page.locator('.ant-modal-confirm');
    expect(await confirm.locator('.ant-modal-confirm-title').textContent()).toBe('确认删除');
    expect(await confirm.locator('.ant-modal-confirm-content').textContent()).toBe('是否删除选中数据?');
    await settled(confirm);
    await screenshot(page, 'dict-batch-delete-confirm');
    await btn(page.locator('.ant-modal-confirm'), '确定').click();
    await message('删除成功！共 2 条').waitFor();
    await page.locator('.ant-table-placeholder').waitFor();
    await page.getByText(/已选择\s*0\s*项/).waitFor();
  });

  it('exports 字典信息.xlsx (a real workbook) for the current query', async () => {
    await search('请输入字典名称', '性别');
    await page.getByText('第 1-1 条 / 共 1 条').waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      btn(page, '导出').first().click(),
    ]);
    expect(download.suggestedFilename()).toBe('字典信息.xlsx');
    const file = await download.path();
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(0);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  });
});
