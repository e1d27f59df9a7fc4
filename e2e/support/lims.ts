import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page, Response as PageResponse } from 'playwright-core';
import { button, frontModal } from './app';
import { screenshot } from './browser';
import { confirmPopover, openDropdown, rowOf, settled } from './list-page';

/** Helpers for the LIMS pages (样品管理, 检测报告) shared by their browser tests. */

/** The text of a PDF as `pdftotext -raw` reads it (real text, not pictures of it). */
export function pdfText(pdf: Buffer): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lims-e2e-pdf-'));
  try {
    const file = path.join(dir, 'file.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * 样品管理 → 登记样品: picks the project (typing `search`, choosing the option containing `project`) and
 * fills one row per name (the first row, then 批量添加 for the others), then 登记. `shot` names a
 * screenshot of the filled form.
 */
export async function registerSamples(
  page: Page,
  opts: { search: string; project: string; names: string[]; shot?: string },
): Promise<void> {
  await button(page, '登记样品').click();
  const dialog = frontModal(page);
  await settled(dialog);
  await dialog.locator('.ant-select').first().click();
  await page.keyboard.type(opts.search);
  await openDropdown(page).getByText(opts.project).click();
  await dialog.getByLabel('第 1 行样品名称').fill(opts.names[0]);
  if (opts.names.length > 1) {
    await dialog
      .getByRole('spinbutton')
      .last()
      .fill(String(opts.names.length - 1));
    await button(dialog, '批量添加').click();
  }
  for (const [i, name] of opts.names.entries()) await dialog.getByLabel(`第 ${i + 1} 行样品名称`).fill(name);
  if (opts.shot) await screenshot(page, opts.shot);
  await button(dialog, '登 记').click();
}

/** Ticks the rows of `names` and presses 打印标签; answers the label PDF's response. */
export async function printLabels(page: Page, names: string[]): Promise<PageResponse> {
  for (const name of names) await rowOf(page, name).locator('input[type="checkbox"]').check();
  const labels = page.waitForResponse((r) => r.url().includes('/api/lims/sample/labels'));
  // The toolbar's button (rows have a 打印标签 link of their own).
  await page.locator('button.ant-btn').filter({ hasText: '打印标签' }).click();
  return labels;
}

/**
 * The bytes of a file the page was answered, asked for again with the page's own address and token:
 * the page hands the answer to a new tab, and Chromium may drop its body before the test can read it.
 */
export async function bytesAgain(response: PageResponse): Promise<Buffer> {
  const request = response.request();
  const token = (await request.allHeaders())['x-access-token'];
  const again = await fetch(request.url(), { method: request.method(), headers: { 'X-Access-Token': token ?? '' } });
  if (!again.ok) throw new Error(`${request.url()}: ${again.status}`);
  return Buffer.from(await again.arrayBuffer());
}

/** 批量操作 → 接收 of the rows ticked, with the storage location (the condition stays 完好). */
export async function receiveTicked(page: Page, storageLocation: string): Promise<void> {
  await button(page, '批量操作').click();
  await openDropdown(page).getByRole('menuitem', { name: '接收' }).click();
  const receive = frontModal(page);
  await receive.getByText('接收样品').waitFor();
  await receive.getByPlaceholder('如：冷藏柜A-1').fill(storageLocation);
  await button(receive, '接 收').click();
}

/**
 * 检测报告's rows and actions by report number. Numbers of newer versions (`newer`, filled by the test)
 * are kept apart: their rows name the original too (替代报告).
 */
export function reportRows(page: Page) {
  const newer: string[] = [];
  const row = (reportNo: string) =>
    newer.filter((no) => no !== reportNo).reduce((rows, no) => rows.filter({ hasNotText: no }), rowOf(page, reportNo));
  /** 生成报告 for a whole project (its number typed into the search); answers the new report's number. */
  const generate = async (projectNo: string, shot?: (dialog: Locator) => Promise<void>) => {
    await button(page, '生成报告').click();
    const dialog = frontModal(page);
    await settled(dialog);
    await dialog.getByRole('combobox', { name: '检测项目' }).fill(projectNo);
    await openDropdown(page).getByText(projectNo).click();
    await dialog.getByText('已全部复核').first().waitFor();
    await shot?.(dialog);
    await button(dialog, '生成').click();
    const created = page.locator('.ant-message').getByText(/生成成功！/);
    await created.waitFor();
    const reportNo = /BG\d{12}/.exec((await created.textContent()) ?? '')![0];
    await row(reportNo).getByText('草稿').waitFor();
    return reportNo;
  };
  /** Runs a row's action (inline, or from its 更多 menu) and confirms its popconfirm when it has one. */
  const act = async (reportNo: string, action: string, confirm?: string) => {
    await row(reportNo).getByText(action, { exact: true }).click();
    if (confirm) await confirmPopover(page, confirm);
  };
  /** 审批 then 发布 through their confirmations, waiting for each state. */
  const approveAndPublish = async (reportNo: string) => {
    await act(reportNo, '审批', `确定审批报告 ${reportNo} 吗？`);
    await row(reportNo).getByText('已审批').waitFor();
    await act(reportNo, '发布', `确定发布报告 ${reportNo} 吗？`);
    await row(reportNo).getByText('已发布').waitFor();
  };
  /** Downloads a row's PDF through the page and answers its text. */
  const downloadText = async (reportNo: string) => {
    const [download] = await Promise.all([page.waitForEvent('download'), act(reportNo, '下载PDF')]);
    const file = await download.path();
    return execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
  };
  /** 修订 with a reason; answers the new version's number from the message. */
  const amend = async (reportNo: string, reason: string) => {
    await act(reportNo, '修订');
    const prompt = frontModal(page);
    await prompt.getByLabel('修订原因').fill(reason);
    await button(prompt, '生成新版本').click();
    const amended = page.locator('.ant-message').getByText(/修订成功！/);
    await amended.waitFor();
    const next = /新报告编号：(BG\d{12})/.exec((await amended.textContent()) ?? '')![1];
    newer.push(next);
    return next;
  };
  return { row, act, generate, approveAndPublish, downloadText, amend };
}
