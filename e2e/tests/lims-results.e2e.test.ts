import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, message, nextFrames, signedInPage } from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { chooseOption, confirmPopover, rowOf, settled } from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/**
 * 结果录入 and 结果复核 against the real server: sunqi (检测员) enters two results on the keyboard, one
 * 超标; sunqi cannot verify; zhouba (复核审批员) verifies one and sends the 超标 one back with a reason.
 * The received sample and its analyses are written straight into the server's PostgreSQL database
 * (as receiving a sample makes them), so the test does not depend on the sample pages.
 */

let server: TestServer;
let browser: TestBrowser;
let page: Page | undefined;
const SAMPLE_NO = `YP2099${randomBytes(3).toString('hex')}`;

const newId = () => randomBytes(16).toString('hex');

/** A project with pH (6–9) and 铅 (≤ 0.01 mg/L), a sample 已接收, and its two analyses assigned to sunqi. */
async function insertFixture(url: string): Promise<void> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const one = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows[0] as { id: string };
    const unit = await one('select id from customer_units order by code limit 1');
    const sunqi = await one(`select id from users where username = 'sunqi'`);
    const project = newId();
    const sample = newId();
    await db.query(
      `insert into projects (id, project_no, name, customer_unit_id, status, create_by) values ($1, $2, 'E2E 出厂水检测', $3, '2', 'e2e')`,
      [project, `XM2099${SAMPLE_NO.slice(6)}`, unit.id],
    );
    await db.query(
      `insert into samples (id, sample_no, project_id, name, status, received_at, create_by)
       values ($1, $2, $3, '出厂水', '2', now(), 'e2e')`,
      [sample, SAMPLE_NO, project],
    );
    // Due dates in the grid's order (earliest first): pH, then 铅.
    for (const [item, unitText, min, max, due] of [
      ['pH', null, '6', '9', '2099-12-30'],
      ['铅', 'mg/L', null, '0.01', '2099-12-31'],
    ]) {
      await db.query(
        `insert into analyses (id, sample_id, item_name, standard, unit, spec_min, spec_max, analyst_id, due_date, status, create_by)
         values ($1, $2, $3, 'GB/T 5750', $4, $5, $6, $7, $8, '1', 'e2e')`,
        [newId(), sample, item, unitText, min, max, sunqi.id, due],
      );
    }
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  server = await startServer({}, { postgres: true });
  await insertFixture(server.databaseUrl!);
  browser = await launchBrowser();
});
afterEach(async () => {
  await page?.close();
  page = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Screenshots at the three widths (looked at by hand; e2e/screenshots is not committed). */
async function shots(p: Page, name: string): Promise<void> {
  for (const width of [1440, 1000, 390]) {
    await p.setViewportSize({ width, height: 900 });
    await nextFrames(p);
    await screenshot(p, `${name}-${width}`);
  }
  await p.setViewportSize({ width: 1440, height: 900 });
}

describe('结果录入 → 结果复核', () => {
  it('sunqi enters results on the keyboard: 超标 shows at once, Enter saves the row', async () => {
    page = await signedInPage(browser, server.baseUrl, 'sunqi', { path: '/lims/result', name: 'lims-result' });
    const ph = page.getByRole('textbox', { name: `${SAMPLE_NO} pH 结果` });
    const lead = page.getByRole('textbox', { name: `${SAMPLE_NO} 铅 结果` });
    await ph.click();
    await page.keyboard.type('7.2');
    await rowOf(page, 'pH').getByText('合格', { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await message(page, '保存成功！').waitFor();
    // Enter moved on to the next row's result.
    await expect.poll(() => lead.evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
    await page.keyboard.type('0.05');
    await rowOf(page, '铅').getByText('超标', { exact: true }).waitFor();
    await page.keyboard.press('Enter');
    await message(page, '保存成功！（超标）').waitFor();
    await rowOf(page, '铅').getByText('待复核').waitFor();
    await shots(page, 'lims-result-entry');

    const token = await apiLogin(server.baseUrl, 'sunqi');
    const list = await api<{ records: Array<{ id: string }> }>(server.baseUrl, token, 'GET', '/lims/result/list');
    const own = await api(server.baseUrl, token, 'POST', '/lims/verify/verify', { id: list.body.result.records[0].id });
    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('zhouba verifies pH and sends the 超标 result back to sunqi with a reason', async () => {
    page = await signedInPage(browser, server.baseUrl, 'zhouba', { path: '/lims/verify', name: 'lims-verify' });
    await rowOf(page, SAMPLE_NO).first().waitFor();
    await rowOf(page, '铅').getByText('超标', { exact: true }).waitFor();
    await shots(page, 'lims-verify');
    await rowOf(page, 'pH').getByText('复核通过').click();
    await confirmPopover(page);
    await message(page, '复核通过！').waitFor();
    await rowOf(page, 'pH').waitFor({ state: 'detached' });

    await rowOf(page, '铅').getByText('退回').click();
    const dialog = page.locator('.ant-modal-wrap:visible .ant-modal').last();
    await dialog.getByRole('textbox').fill('铅超标，请复测平行样');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await message(page, '已退回，检测员将收到通知！').waitFor();

    const token = await apiLogin(server.baseUrl, 'sunqi');
    const mine = await api<{ records: Array<{ itemName: string; status: string; rejectReason: string | null }> }>(
      server.baseUrl,
      token,
      'GET',
      '/lims/result/list',
    );
    expect(mine.body.result.records.find((r) => r.itemName === '铅')).toMatchObject({
      status: '1',
      rejectReason: '铅超标，请复测平行样',
    });
  });

  it('zhouba assigns the returned analysis to himself on 检测任务 and reads its 历史记录', async () => {
    page = await signedInPage(browser, server.baseUrl, 'zhouba', { path: '/lims/analysis', name: 'lims-analysis' });
    const lead = rowOf(page, '铅');
    await lead.waitFor();
    await lead.getByText('分配', { exact: true }).click();
    const dialog = page.locator('.ant-modal-wrap:visible .ant-modal').last();
    await settled(dialog);
    await chooseOption(dialog, '检测员', '周八（zhouba）');
    await dialog.getByLabel('修改原因（所选任务已有结果）').fill('孙七休假，改由周八复测');
    await shots(page, 'lims-assign');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await message(page, '分配成功！共 1 条').waitFor();
    await lead.getByText('周八', { exact: true }).waitFor();

    await lead.getByText('详情', { exact: true }).click();
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByRole('tab', { name: '历史记录' }).click();
    for (const action of ['录入结果', '复核退回', '分配'])
      await drawer.getByText(action, { exact: true }).first().waitFor();
    await drawer.getByText('孙七休假，改由周八复测').waitFor();
    await shots(page, 'lims-analysis-history');
  });
});
