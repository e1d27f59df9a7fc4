import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, button, frontModal, loginAs, message, shootOnFailure, tokenOf } from '../support/app';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { openMenu, rowOf, search } from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/** Two people edit one supplier in two pages: the later save is refused and 刷新 reloads the form. */

const STALE = '记录已被他人修改，请刷新后重试';

let server: TestServer;
let browser: TestBrowser;
let first: Page;
let second: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  first = await browser.newPage();
  await loginAs(first, server.baseUrl, 'admin');
  // The second page shares the browser's storage: the same signed-in user in another tab.
  second = await browser.newPage();
  await second.goto(server.baseUrl + '/dashboard/analysis');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openEdit(page: Page): Promise<void> {
  await openMenu(page, '基础数据', '供应商管理', '/gysgl/supplier');
  await search(page, '请输入供应商编码', 'GYS0002');
  await page.getByText('第 1-1 条 / 共 1 条').waitFor();
  await rowOf(page, 'GYS0002').getByText('编辑', { exact: true }).click();
  await frontModal(page).locator('.ant-modal-title').getByText('编辑', { exact: true }).waitFor();
}

describe('two people edit one supplier', () => {
  it('the second save gets 记录已被他人修改，请刷新后重试; 刷新 loads the first change, then the second save goes through', async () => {
    shootOnFailure(first, 'edit-conflict-first');
    shootOnFailure(second, 'edit-conflict-second');
    await openEdit(first);
    await openEdit(second);

    const firstForm = frontModal(first);
    await firstForm.getByPlaceholder('请输入联系人').fill('甲改的联系人');
    await button(firstForm, '确定').click();
    await message(first, '编辑成功！').waitFor();

    const secondForm = frontModal(second);
    await secondForm.getByPlaceholder('请输入备注').fill('乙写的备注');
    await button(secondForm, '确定').click();
    const dialog = second.locator('.ant-modal-confirm').filter({ hasText: STALE });
    await dialog.waitFor();
    await button(dialog, '刷新').click();
    await dialog.waitFor({ state: 'detached' });

    const reloaded = frontModal(second);
    await expect
      .poll(() => reloaded.getByPlaceholder('请输入联系人').inputValue(), { timeout: 15_000 })
      .toBe('甲改的联系人');
    expect(await reloaded.getByPlaceholder('请输入备注').inputValue()).not.toBe('乙写的备注');
    await reloaded.getByPlaceholder('请输入备注').fill('乙写的备注');
    await button(reloaded, '确定').click();
    await message(second, '编辑成功！').waitFor();

    const token = await tokenOf(first);
    const res = await api<{ records: Array<Record<string, unknown>> }>(
      server.baseUrl,
      token,
      'GET',
      '/gysgl/supplier/list?code=GYS0002',
    );
    expect(res.body.result.records[0]).toMatchObject({ contact: '甲改的联系人', remark: '乙写的备注' });
  });
});
