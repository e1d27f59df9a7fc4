import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, button, frontModal, message, signedInPage } from '../support/app';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { openDropdown, rowOf, totalOf } from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/** 高级查询 on 供应商管理: two conditions with 任意满足, a saved query in a new context, export of selected rows. */

let server: TestServer;
let browser: TestBrowser;
const opened: Page[] = [];

const SUPPLIERS = [
  { code: 'E2E-SQ1', name: '高级查询甲公司', contact: '甲联系人' },
  { code: 'E2E-SQ2', name: '高级查询乙公司', contact: '鲁端到端' },
  { code: 'E2E-SQ3', name: '高级查询丙公司', contact: '丙联系人' },
];
const SAVED = '编码或联系人';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const token = await apiLogin(server.baseUrl, 'admin');
  for (const s of SUPPLIERS) {
    const res = await api(server.baseUrl, token, 'POST', '/gysgl/supplier/add', { ...s, supplierType: '1' });
    expect(res.status, res.body.message).toBe(200);
  }
});

afterAll(async () => {
  for (const p of opened) await p.close().catch(() => undefined);
  await browser?.close();
  await server?.stop();
});

async function supplierPage(name: string): Promise<Page> {
  const page = await signedInPage(browser, server.baseUrl, 'admin', { path: '/gysgl/supplier', name });
  opened.push(page);
  await totalOf(page);
  return page;
}

/** Opens the select labelled `label` inside `scope` and picks the option `option`. */
async function choose(scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByLabel(label, { exact: true }).click();
  await openDropdown(scope.page()).locator('.ant-select-item-option').filter({ hasText: option }).first().click();
}

/** The codes of the rows the table shows, once it shows exactly `expected` rows. */
async function shownCodes(page: Page, expected: number): Promise<string[]> {
  await page.getByText(`共 ${expected} 条`).first().waitFor();
  const codes = await page
    .locator('tr.ant-table-row td')
    .filter({ hasText: /^E2E-SQ\d$/ })
    .allTextContents();
  return codes.sort();
}

describe('高级查询', () => {
  it('finds the records of either condition, keeps the query saved for the user, and exports selected rows', async () => {
    const page = await supplierPage('super-query-build');
    await button(page, '高级查询').click();
    const dialog = frontModal(page);
    await dialog.getByText('高级查询构造器').waitFor();
    await choose(dialog, '第 1 个条件的字段', '供应商编码');
    await dialog.getByLabel('第 1 个条件的值', { exact: true }).fill('E2E-SQ1');
    await button(dialog, '添加条件').click();
    await choose(dialog, '第 2 个条件的字段', '联系人');
    await dialog.getByLabel('第 2 个条件的值', { exact: true }).fill('鲁端到端');
    await choose(dialog, '匹配方式', '任意满足（OR）');

    await button(dialog, '保存查询').click();
    await dialog.getByLabel('查询名称').fill(SAVED);
    await button(dialog, '确定').click();
    await message(page, '保存成功').waitFor();

    await button(dialog, '查询').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await shownCodes(page, 2)).toEqual(['E2E-SQ1', 'E2E-SQ2']);
    await page.getByLabel('高级查询（已生效 2 个条件）').waitFor();

    // A new context (another sign-in): pick the saved query, same rows.
    const again = await supplierPage('super-query-saved');
    await button(again, '高级查询').click();
    const dialog2 = frontModal(again);
    await choose(dialog2, '已保存的查询', SAVED);
    await expect.poll(() => dialog2.getByLabel('第 2 个条件的值', { exact: true }).inputValue()).toBe('鲁端到端');
    await button(dialog2, '查询').click();
    await dialog2.waitFor({ state: 'hidden' });
    expect(await shownCodes(again, 2)).toEqual(['E2E-SQ1', 'E2E-SQ2']);

    // Clearing the query shows every supplier again.
    await again.getByLabel('清除高级查询').click();
    await expect.poll(() => totalOf(again)).toBeGreaterThan(3);

    // Select two rows → 导出 → 导出选中 2 条: the file has those two data rows.
    await rowOf(page, 'E2E-SQ1').locator('.ant-checkbox-input').check();
    await rowOf(page, 'E2E-SQ2').locator('.ant-checkbox-input').check();
    await button(page, '导出').first().click();
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      openDropdown(page).getByText('导出选中 2 条').click(),
    ]);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await download.path()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.actualRowCount).toBe(3);
    const codes = [2, 3].map((r) => sheet.getRow(r).getCell(1).text).sort();
    expect(codes).toEqual(['E2E-SQ1', 'E2E-SQ2']);
  });

  it('shows a missing or bad value as a message in the dialog and applies nothing', async () => {
    const page = await supplierPage('super-query-bad');
    await button(page, '高级查询').click();
    const dialog = frontModal(page);
    await choose(dialog, '第 1 个条件的字段', '供应商编码');
    await button(dialog, '查询').click();
    await dialog.getByRole('alert').getByText('第 1 个条件：请填写值').waitFor();
    await dialog.getByLabel('第 1 个条件的值', { exact: true }).fill('x'.repeat(501));
    await button(dialog, '查询').click();
    await dialog.getByRole('alert').getByText('第 1 个条件：值过长（最多 500 个字符）').waitFor();
    expect(await page.getByLabel(/高级查询（已生效/).count()).toBe(0);
  });
});
