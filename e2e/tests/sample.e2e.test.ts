import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, button, message, signedInPage } from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { printLabels, receiveTicked, registerSamples } from '../support/lims';
import { rowOf, settled } from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/** 样品管理 (lims/SampleList) as the registrar zhaoliu: register → labels → receive → 历史记录. */

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let admin: string;

const PROJECT = 'E2E 样品流程项目';
const NAMES = ['E2E 进水口水样', 'E2E 出水口水样', 'E2E 沉淀池水样'];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiLogin(server.baseUrl, 'admin');
  const units = await api<{ records: { id: string }[] }>(
    server.baseUrl,
    admin,
    'GET',
    '/khgl/unit/queryUnits?code=KH0002',
  );
  const added = await api<string>(server.baseUrl, admin, 'POST', '/project/jcXmProject/add', {
    name: PROJECT,
    customerUnitId: units.body.result.records[0].id,
    dueDate: '2030-06-30',
    items: [
      { itemName: '化学需氧量', standard: 'HJ 828-2017', unit: 'mg/L', specMax: 50 },
      { itemName: 'pH', standard: 'HJ 1147-2020', specMin: 6, specMax: 9 },
    ],
  });
  expect(added.status, added.body.message).toBe(200);
});

afterEach(async () => {
  await page?.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('样品管理', () => {
  it('zhaoliu registers 3 samples in one form, prints their labels, receives them and sees the receipt in 历史记录', async () => {
    page = await signedInPage(browser, server.baseUrl, 'zhaoliu', { path: '/lims/sample', name: 'sample-flow' });
    await page
      .getByText(/^共 \d+ 条$|^第 1-\d+ 条 \/ 共 \d+ 条$/)
      .first()
      .waitFor()
      .catch(() => undefined);

    await registerSamples(page, { search: 'E2E 样品', project: PROJECT, names: NAMES, shot: 'sample-register-1440' });
    await message(page, '登记成功！共 3 个样品').waitFor();

    for (const name of NAMES) await rowOf(page, name).waitFor();
    const pdf = await printLabels(page, NAMES);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    await receiveTicked(page, '冷藏柜B-2');
    await message(page, '接收成功！共 3 个样品，生成 6 个检测任务').waitFor();
    await expect.poll(() => rowOf(page, NAMES[0]).getByText('已接收').count()).toBe(1);

    // A scanner types the number and Enter into the search box: only that sample is listed.
    const token = await apiLogin(server.baseUrl, 'zhaoliu');
    const found = await api<{ records: { sampleNo: string; name: string }[] }>(
      server.baseUrl,
      token,
      'GET',
      `/lims/sample/list?name=${encodeURIComponent(NAMES[1])}`,
    );
    const sampleNo = found.body.result.records[0].sampleNo;
    const box = page.getByRole('search').getByPlaceholder('扫码或输入样品编号');
    await box.fill(sampleNo);
    await box.press('Enter');
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);
    await rowOf(page, NAMES[1]).waitFor();

    await rowOf(page, NAMES[1]).getByText('详情', { exact: true }).click();
    const drawer = page.locator('.ant-drawer:visible').last();
    await drawer.getByText(`样品 ${sampleNo}`).waitFor();
    await drawer.getByRole('tab', { name: '历史记录' }).click();
    const receipt = drawer
      .locator('tr.ant-table-row')
      .filter({ hasText: /待接收\s*→\s*已接收/ })
      .filter({ hasText: '赵六' });
    await receipt.waitFor();
    await expect(receipt.textContent()).resolves.toMatch(/接收.*存放位置.*冷藏柜B-2/);
    for (const [w, h] of [
      [1440, 900],
      [1000, 800],
      [390, 844],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      await settled(drawer);
      await screenshot(page, `sample-history-${w}`);
    }
    await drawer.getByRole('button', { name: 'Close' }).or(drawer.locator('.ant-drawer-close')).first().click();
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'sample-list-390');
    await page.setViewportSize({ width: 1000, height: 800 });
    await screenshot(page, 'sample-list-1000');
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, 'sample-list-1440');
  });

  it('实验室设置: a label width of 500 mm stays as typed with the message and is not saved; 80 mm is', async () => {
    page = await signedInPage(browser, server.baseUrl, 'admin', { path: '/lims/settings', name: 'lims-settings' });
    const width = page.getByLabel('标签宽度');
    await expect.poll(() => width.inputValue()).toBe('60');
    // Out of range: stays as typed with the message; nothing is saved.
    await width.fill('500');
    await button(page, '保 存').click();
    await page.getByText('标签尺寸应为 20–200 毫米之间的整数！').waitFor();
    expect(await width.inputValue()).toBe('500');
    const unsaved = await api<{ labelWidthMm: number }>(server.baseUrl, admin, 'GET', '/lims/settings');
    expect(unsaved.body.result.labelWidthMm).toBe(60);
    await width.fill('80');
    await button(page, '保 存').click();
    await message(page, '保存成功！').waitFor();
    for (const [w, h] of [
      [1440, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width: w, height: h });
      await screenshot(page, `lims-settings-${w}`);
    }
    const saved = await api<{ labelWidthMm: number }>(server.baseUrl, admin, 'GET', '/lims/settings');
    expect(saved.body.result.labelWidthMm).toBe(80);
  });
});
