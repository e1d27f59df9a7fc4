import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedDatabase } from '../../apps/server/src/db/seed';
import { reportFixture, type ReportFixture } from '../../apps/server/src/modules/lims/report/report.test-kit';
import { api, apiLogin, button, frontModal, signedInPage } from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { confirmPopover, openDropdown, rowOf, settled } from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/**
 * 检测报告 as 周八 (复核审批员) against the real server: a project whose samples are all verified
 * (written into the database before the server starts, as the sample and result pages leave them) →
 * 生成报告 → 审批 → 发布 (the project 已完成) → 下载PDF → 修订 → version 2 published, the original 已作废.
 */

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let fixture: ReportFixture;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lims-e2e-report-'));
const downloads = mkdtempSync(path.join(os.tmpdir(), 'lims-e2e-report-pdf-'));
const LIST = '/lims/report';

beforeAll(async () => {
  const database = await openDatabase({ dataDir, timeZone: 'Asia/Shanghai' });
  try {
    await seedDatabase(database.db, { production: false });
    fixture = await reportFixture(database.db, { samples: 2, items: 3 });
  } finally {
    await database.close();
  }
  server = await startServer(process.env.E2E_DATABASE_URL ? {} : { DATA_DIR: dataDir });
  browser = await launchBrowser();
});

afterEach(async () => {
  await page?.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(downloads, { recursive: true, force: true });
});

/** Report numbers of the newer versions: their rows name the original too (替代报告). */
const newer: string[] = [];
const row = (reportNo: string) =>
  newer.filter((no) => no !== reportNo).reduce((rows, no) => rows.filter({ hasNotText: no }), rowOf(page, reportNo));

/** Runs a row's action (inline, or from its 更多 menu) and confirms its popconfirm when it has one. */
async function act(reportNo: string, action: string, confirm?: string): Promise<void> {
  await row(reportNo).getByText(action, { exact: true }).click();
  if (confirm) await confirmPopover(page, confirm);
}

/** Downloads a row's PDF through the page and answers its text (pdftotext -raw). */
async function downloadText(reportNo: string): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), act(reportNo, '下载PDF')]);
  const file = path.join(downloads, `${reportNo}-${Date.now()}.pdf`);
  await download.saveAs(file);
  return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
}

describe.skipIf(Boolean(process.env.E2E_DATABASE_URL))('检测报告 (as 周八)', () => {
  it('generates, approves, publishes and downloads a report; an amendment voids the original', async () => {
    page = await signedInPage(browser, server.baseUrl, 'zhouba', { path: LIST, name: 'report-flow' });
    await page.locator('.ant-table').first().waitFor();

    await button(page, '生成报告').click();
    const dialog = frontModal(page);
    await settled(dialog);
    await dialog.getByRole('combobox', { name: '检测项目' }).fill(fixture.projectNo);
    await openDropdown(page).getByText(fixture.projectNo).click();
    await dialog.getByText('已全部复核').first().waitFor();
    for (const width of [1440, 1000, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `report-generate-${width}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await button(dialog, '生成').click();
    const created = page.locator('.ant-message').getByText(/生成成功！/);
    await created.waitFor();
    const reportNo = /BG\d{12}/.exec((await created.textContent()) ?? '')![0];
    await row(reportNo).getByText('草稿').waitFor();

    await act(reportNo, '审批', `确定审批报告 ${reportNo} 吗？`);
    await row(reportNo).getByText('已审批').waitFor();
    await act(reportNo, '发布', `确定发布报告 ${reportNo} 吗？`);
    await row(reportNo).getByText('已发布').waitFor();
    const admin = await apiLogin(server.baseUrl, 'admin');
    const project = await api<{ status: string }>(
      server.baseUrl,
      admin,
      'GET',
      `/project/jcXmProject/queryById?id=${fixture.projectId}`,
    );
    expect(project.body.result.status).toBe('3');

    const issued = await downloadText(reportNo);
    expect(issued).toContain(`报告编号：${reportNo}`);
    expect(issued).toContain('35.2 mg/L 超标');
    expect(issued).toMatch(/审批 周八 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(issued).toMatch(/第 1 页 共 \d+ 页/);

    await act(reportNo, '修订');
    const prompt = frontModal(page);
    await prompt.getByLabel('修订原因').fill('更正样品接收状态');
    await button(prompt, '生成新版本').click();
    const amended = page.locator('.ant-message').getByText(/修订成功！/);
    await amended.waitFor();
    const v2 = /新报告编号：(BG\d{12})/.exec((await amended.textContent()) ?? '')![1];
    newer.push(v2);
    await row(v2).getByText('第2版').waitFor();
    await act(v2, '审批', `确定审批报告 ${v2} 吗？`);
    await row(v2).getByText('已审批').waitFor();
    await act(v2, '发布', `确定发布报告 ${v2} 吗？`);
    await row(reportNo).getByText('已作废').waitFor();
    await row(v2).getByText('已发布').waitFor();
    for (const width of [1440, 1000, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await screenshot(page, `report-list-${width}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    const voided = await downloadText(reportNo);
    expect(voided).toContain('已作废');
    expect(voided).toContain(reportNo);
    const second = await downloadText(v2);
    expect(second).toContain(`替代报告 ${reportNo}`);
    expect(second).toContain('更正样品接收状态');

    await row(reportNo).getByText('更多').hover();
    await openDropdown(page).getByRole('menuitem', { name: '历史记录' }).click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByText('作废', { exact: true }).waitFor();
    await drawer.getByText('更正样品接收状态').first().waitFor();
    await screenshot(page, 'report-history-1440', { fullPage: false });
  });
});
