import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { startServer, type TestServer } from '../support/server';
import { button, frontModal, message, shootOnFailure, waitForPath } from '../support/app';
import { confirmPopover, openDropdown } from '../support/list-page';

/**
 * /test/home (public): every reusable component of SPEC section 2 with a working demo
 * (apps/web/src/features/public-pages/demos/), exercised without a login.
 */

let server: TestServer;
let browser: TestBrowser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// Every test: /test (→ /test/home) in a context of its own, with empty storage (no login).
beforeEach(async () => {
  context = await browser.newContext();
  page = await context.newPage();
  await page.goto(`${server.baseUrl}/test`);
  await waitForPath(page, '/test/home');
  await page.getByText('组件示例').first().waitFor();
});

afterEach(async () => {
  await context?.close();
});

const card = (id: string): Locator => page.getByTestId(`demo-${id}`);
const valueOf = async (testId: string) => (await page.getByTestId(testId).textContent())?.trim();
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const SPEC_TYPES = 'doc、docx、xls、xlsx、jpg、png、gif、bmp、txt、pdf、zip、rar、avi、mov、mpg、mp3、mp4';

describe('/test/home without a login', () => {
  it('shows every component demo under the page header', async () => {
    shootOnFailure(page, 'test-home-all');
    for (const id of [
      'ellipsis',
      'detail-list',
      'table-picker',
      'dict',
      'form-container',
      'prompt-dialog',
      'editable-table',
      'rich-text',
      'upload',
      'download',
    ]) {
      await card(id).waitFor();
    }
    await page.getByRole('textbox', { name: '富文本编辑区' }).first().waitFor();
    await screenshot(page, 'test-home');
  });

  it('page header: title, links, search (请输入... / 搜索) and tabs filter the demos', async () => {
    shootOnFailure(page, 'test-home-header');
    await page.getByRole('link', { name: '登录' }).waitFor();
    const search = page.getByPlaceholder('请输入...');
    await search.fill('  字典 ');
    await button(page, '搜索').click();
    await expect.poll(() => page.locator('[data-testid^="demo-"]').count()).toBe(1);
    await card('dict').waitFor();
    await search.fill('不存在的组件');
    await button(page, '搜索').click();
    await page.getByText('没有与「不存在的组件」相关的组件').waitFor();
    await search.fill('');
    await button(page, '搜索').click();
    await page.getByRole('tab', { name: '文件' }).click();
    await expect.poll(() => page.locator('[data-testid^="demo-"]').count()).toBe(2);
    await card('upload').waitFor();
    await card('download').waitFor();
    await page.getByRole('tab', { name: '全部组件' }).click();
    await expect.poll(() => page.locator('[data-testid^="demo-"]').count()).toBe(10);
  });

  it('ellipsis: 25 characters by default, 10 in a description cell, the full text in a tooltip', async () => {
    shootOnFailure(page, 'test-home-ellipsis');
    const long = card('ellipsis').getByTestId('ellipsis-default').locator('span').first();
    const shown = (await long.textContent()) ?? '';
    expect(Array.from(shown)).toHaveLength(26);
    expect(shown.endsWith('…')).toBe(true);
    await long.hover();
    const tip = page.locator('.ant-tooltip:visible');
    await tip.getByText(/结果以 mg\/kg 计$/).waitFor();
    expect(await card('ellipsis').getByTestId('ellipsis-short').textContent()).toBe('不足 25 个字的文字原样显示');
    const cell = card('ellipsis').locator('td').filter({ hasText: '…' });
    expect(await cell.textContent()).toBe('微波消解后石墨炉原子…');
    expect(await card('ellipsis').locator('td').filter({ hasText: '玻璃电极法' }).textContent()).toBe('玻璃电极法');
  });

  it('table picker: 10 rows a page, column search sends *term*, 重置, row click then 确定', async () => {
    shootOnFailure(page, 'test-home-picker');
    await card('table-picker').getByPlaceholder('请选择检测仪器').click();
    const pop = page.locator('.ant-popover:visible');
    await pop.getByText('1-10 共23条').waitFor();
    expect(await pop.locator('tr.ant-table-row').count()).toBe(10);
    expect(await valueOf('picker-params')).toBe('pageNo=1&pageSize=10');

    await pop.getByRole('img', { name: '搜索仪器名称' }).click();
    const box = page.locator('.ant-table-filter-dropdown:visible');
    await box.getByPlaceholder('搜索仪器名称').fill('  天平 ');
    await button(box, '搜索').click();
    await pop.getByText('1-3 共3条').waitFor();
    expect(await valueOf('picker-params')).toBe('pageNo=1&pageSize=10&name=*天平*');

    await pop.getByRole('img', { name: '搜索仪器名称' }).click();
    await button(page.locator('.ant-table-filter-dropdown:visible'), '重置').click();
    await pop.getByText('1-10 共23条').waitFor();

    await pop.locator('tr.ant-table-row').filter({ hasText: 'YQ-004' }).click();
    await button(pop, '确定').click();
    await pop.waitFor({ state: 'hidden' });
    expect(await card('table-picker').getByPlaceholder('请选择检测仪器').inputValue()).toBe('液相色谱仪 1 号');
    expect(await valueOf('picker-value')).toBe('yq004');
  });

  it('dictionary select, multi-select and checkbox tags: trimmed search, comma-joined values', async () => {
    shootOnFailure(page, 'test-home-dict');
    const dict = card('dict');
    const single = dict.getByRole('combobox', { name: '检测类别单选' });
    await single.click();
    await single.fill('  物理 ');
    const options = openDropdown(page).locator('.ant-select-item-option');
    await expect.poll(() => options.allTextContents()).toEqual(['物理检测']);
    await options.first().click();
    expect(await valueOf('dict-single-value')).toBe('2');

    expect(await valueOf('dict-multi-value')).toBe('1,3');
    const multi = dict.locator('.ant-select-multiple');
    await multi.getByText('化学检测').waitFor();
    await multi.click();
    const offered = await openDropdown(page).locator('.ant-select-item-option').allTextContents();
    expect(offered).not.toContain('其他');
    await openDropdown(page).getByTitle('环境检测').click();
    expect(await valueOf('dict-multi-value')).toBe('1,3,4');
    await page.keyboard.press('Escape');

    const other = dict.getByRole('checkbox', { name: '其他' });
    expect(await other.isChecked()).toBe(true);
    expect(await other.isDisabled()).toBe(true);
    await dict.getByRole('checkbox', { name: '化学检测' }).check();
    expect((await valueOf('dict-check-value'))?.split(',').sort()).toEqual(['1', '2', '6']);
    expect(await dict.getByTestId('dict-tags').locator('.ant-tag').allTextContents()).toEqual(
      expect.arrayContaining(['化学检测', '物理检测', '其他']),
    );
  });

  it('form container: 详情 disables every input, 编辑 enables them again', async () => {
    shootOnFailure(page, 'test-home-form');
    const form = card('form-container');
    const fields = [
      form.getByRole('textbox', { name: '项目名称' }),
      form.getByRole('combobox', { name: '检测类别' }),
      form.getByRole('textbox', { name: '计划日期' }),
      form.getByRole('textbox', { name: '备注' }),
    ];
    for (const f of fields) expect(await f.isEnabled()).toBe(true);
    await form.getByText('详情', { exact: true }).click();
    for (const f of fields) await expect.poll(() => f.isDisabled()).toBe(true);
    await form.getByText('编辑', { exact: true }).click();
    for (const f of fields) await expect.poll(() => f.isEnabled()).toBe(true);
  });

  it('editable table: 5 rows a page, add / save / cancel / delete with their confirms and refusals', async () => {
    shootOnFailure(page, 'test-home-editable');
    const table = card('editable-table');
    await table.getByText('1-5 共6条').waitFor();
    expect(await table.locator('tr.ant-table-row').count()).toBe(5);

    await button(table, '新增').click();
    await table.getByText('6-7 共7条').waitFor();
    await button(table, '新增').click();
    await message(page, '请先完成当前编辑！').waitFor();

    const codeLines = table.getByRole('spinbutton', { name: '代码行数' });
    // What the user typed stays as typed; 保存 refuses it with the rule's message and saves nothing.
    await codeLines.pressSequentially('-1.5');
    await button(table, '保存').click();
    await table.getByText('只能输入大于等于 0 的整数').waitFor();
    await table.getByText('请输入检测项目').waitFor();
    expect(await codeLines.inputValue()).toBe('-1.5');
    expect(await valueOf('editable-count')).toBe('6');
    await codeLines.fill('15');
    await table.getByRole('textbox', { name: '检测项目' }).fill('总磷');
    await button(table, '保存').click();
    await expect.poll(() => valueOf('editable-count')).toBe('7');
    expect(await valueOf('editable-last')).toBe('{"item":"总磷","codeLines":15}');

    const row = table.locator('tr.ant-table-row').last();
    expect(await row.textContent()).toContain('总磷');
    await button(row, '编辑').click();
    await row.getByRole('textbox', { name: '检测项目' }).fill('总氮');
    await button(row, '取消').click();
    await confirmPopover(page, '确定取消吗？');
    await table.locator('tr.ant-table-row').filter({ hasText: '总磷' }).waitFor();

    await button(table.locator('tr.ant-table-row').filter({ hasText: '总磷' }), '删除').click();
    await confirmPopover(page, '确定删除吗？');
    await expect.poll(() => valueOf('editable-count')).toBe('6');
    await table.getByText('6-6 共6条').waitFor();
  });

  it('detail list: 3 columns by default, 1 to 4 on choice', async () => {
    shootOnFailure(page, 'test-home-detail');
    const list = card('detail-list');
    const firstRowItems = () => list.locator('.ant-descriptions-row').first().locator('th').count();
    expect(await firstRowItems()).toBe(3);
    for (const n of [1, 2, 4, 3]) {
      await list.getByText(`${n} 列`, { exact: true }).click();
      await expect.poll(firstRowItems).toBe(n);
    }
  });

  it('rich-text editor: 300 px high, configurable toolbar, an inserted image becomes base64 JPEG', async () => {
    shootOnFailure(page, 'test-home-rich-text');
    const full = card('rich-text').getByTestId('rich-text-full');
    const editor = full.getByRole('textbox', { name: '富文本编辑区' });
    // The editor loads its code on demand: measure once it is there.
    await editor.waitFor();
    const box = await full.locator('> div').first().boundingBox();
    expect(Math.round(box?.height ?? 0)).toBe(300);
    for (const name of ['加粗', '斜体', '链接', '插入图片']) await full.getByRole('button', { name }).waitFor();
    const short = card('rich-text').getByTestId('rich-text-short');
    expect(await short.getByRole('toolbar').getByRole('button').count()).toBe(5);
    expect(await short.getByRole('button', { name: '插入图片' }).count()).toBe(0);

    const before = Number(await valueOf('rich-text-length'));
    await editor.click();
    await page.keyboard.press('End');
    await page.keyboard.type('样品已送检。');
    await expect.poll(async () => Number(await valueOf('rich-text-length'))).toBeGreaterThan(before);

    await full.locator('input[type=file]').setInputFiles({ name: 'sample.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => valueOf('rich-text-images')).toBe('1 张图片，其中 base64 JPEG 1 张');
    expect(await editor.locator('img').getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
  });

  it('upload: shows the accepted types and refuses another type in the browser', async () => {
    shootOnFailure(page, 'test-home-upload');
    const upload = card('upload');
    expect(await valueOf('upload-accept')).toBe(SPEC_TYPES);
    const inputs = upload.locator('input[type=file]');
    expect(await inputs.first().getAttribute('accept')).toBe(
      SPEC_TYPES.split('、')
        .map((e) => `.${e}`)
        .join(','),
    );
    const sent: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/sys/common/upload')) sent.push(r.url());
    });
    await inputs
      .first()
      .setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await message(page, `不支持该文件类型，仅支持：${SPEC_TYPES}`).waitFor();
    await inputs.nth(1).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('x') });
    await message(page, '只能上传图片文件：jpg、png、gif、bmp').waitFor();
    expect(sent).toEqual([]);
    expect(await upload.locator('.ant-upload-list-item').count()).toBe(0);
  });

  it("prompt dialog: validates its input against the caller's rules, cancel resolves nothing", async () => {
    shootOnFailure(page, 'test-home-prompt');
    const prompt = card('prompt-dialog');
    await button(prompt, '登记样品').click();
    let dialog = frontModal(page);
    await dialog.getByText('登记样品').waitFor();
    await button(dialog, '确定').click();
    await dialog.getByText('请输入样品编号').waitFor();
    await dialog.getByPlaceholder('如 AB1234').fill('ab12');
    await dialog.getByText('样品编号为两位大写字母加四位数字，如 AB1234').waitFor();
    await dialog.getByPlaceholder('如 AB1234').fill('AB1234');
    await button(dialog, '确定').click();
    await expect.poll(() => valueOf('prompt-result')).toBe('AB1234');

    await button(prompt, '登记样品').click();
    dialog = frontModal(page);
    await button(dialog, '取消').click();
    await expect.poll(() => valueOf('prompt-result')).toBe('已取消');
  });

  it('download: 未知的文件 without a file, 文件下载失败 when refused, a generated file is saved', async () => {
    shootOnFailure(page, 'test-home-download');
    const download = card('download');
    await button(download, '下载未指定的文件').click();
    await message(page, '未知的文件').waitFor();
    await button(download, '下载需登录的文件').click();
    await message(page, '文件下载失败').waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), button(download, '下载样品清单.csv').click()]);
    expect(file.suggestedFilename()).toBe('样品清单.csv');
  });
});
