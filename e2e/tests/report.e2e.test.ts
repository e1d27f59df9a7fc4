import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../apps/server/src/db/client';
import { seedDatabase } from '../../apps/server/src/db/seed';
import { reportFixture, type ReportFixture } from '../../apps/server/src/modules/lims/report/report.test-kit';
import { api, apiLogin, signedInPage } from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { reportRows } from '../support/lims';
import { openDropdown } from '../support/list-page';
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
});

describe.skipIf(Boolean(process.env.E2E_DATABASE_URL))('检测报告 (as 周八)', () => {
  it('generates, approves, publishes and downloads a report; an amendment voids the original', async () => {
    page = await signedInPage(browser, server.baseUrl, 'zhouba', { path: LIST, name: 'report-flow' });
    await page.locator('.ant-table').first().waitFor();

    const { row, generate, approveAndPublish, downloadText, amend } = reportRows(page);
    const reportNo = await generate(fixture.projectNo, async () => {
      for (const width of [1440, 1000, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await screenshot(page, `report-generate-${width}`, { fullPage: false });
      }
      await page.setViewportSize({ width: 1440, height: 900 });
    });
    await approveAndPublish(reportNo);
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

    const v2 = await amend(reportNo, '更正样品接收状态');
    await row(v2).getByText('第2版').waitFor();
    await approveAndPublish(v2);
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
