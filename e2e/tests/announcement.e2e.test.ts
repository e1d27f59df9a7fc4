import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, button, frontModal, loginAs, message, shootOnFailure } from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { chooseOption, confirmDialog, formItem, openMenu, rowAction, rowOf, settled } from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/**
 * 系统通告 and the delivery to users: an administrator (first browser) writes and publishes; zhangsan
 * (second browser, its own storage and session) sees the bell change without a reload (SSE).
 */

let server: TestServer;
let adminBrowser: TestBrowser;
let userBrowser: TestBrowser;
let admin: Page;
let user: Page;
let adminToken: string;
let userToken: string;

beforeAll(async () => {
  server = await startServer();
  [adminBrowser, userBrowser] = await Promise.all([launchBrowser(), launchBrowser()]);
  [admin, user] = await Promise.all([adminBrowser.newPage(), userBrowser.newPage()]);
  await Promise.all([loginAs(admin, server.baseUrl, 'admin'), loginAs(user, server.baseUrl, 'zhangsan')]);
  [adminToken, userToken] = await Promise.all([
    apiLogin(server.baseUrl, 'admin'),
    apiLogin(server.baseUrl, 'zhangsan'),
  ]);
  await user.evaluate(() => {
    (window as unknown as { __sameDocument: number }).__sameDocument = 1;
  });
});

afterAll(async () => {
  await Promise.all([adminBrowser?.close(), userBrowser?.close()]);
  await server?.stop();
});

/** The bell's badge number (0 when no badge is shown). */
async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notice-bell').locator('.ant-badge-count');
  if ((await badge.count()) === 0) return 0;
  return Number(await badge.first().getAttribute('title'));
}

/** A user's unread total as the server counts it (through a session of its own). */
async function unreadOf(token: string): Promise<number> {
  const r = (
    await api<{ anntMsgTotal: number; sysMsgTotal: number }>(
      server.baseUrl,
      token,
      'GET',
      '/sys/annountCement/listByUser',
    )
  ).body.result;
  return r.anntMsgTotal + r.sysMsgTotal;
}

/** Waits until the bell shows `expected`, and says how long it took (ms). */
async function bellBecomes(page: Page, expected: number, timeout = 5_000): Promise<number> {
  const started = Date.now();
  await expect.poll(() => bellCount(page), { timeout, interval: 100 }).toBe(expected);
  return Date.now() - started;
}

/** The user page was never reloaded (the marker set after login is still there). */
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: number }).__sameDocument);

async function publishRow(title: string): Promise<void> {
  await rowAction(admin, title, '发布');
  await confirmDialog(admin, '确定发布吗?');
  await message(admin, '该系统通知发布成功').waitFor();
}

describe('系统通告 → the bell and 我的消息', () => {
  it('admin writes an announcement to all users; publishing reaches zhangsan\u2019s open page at once', async () => {
    shootOnFailure(admin, 'announcement-admin-write');
    await openMenu(admin, '系统管理', '系统通告', '/isystem/annountCement');
    for (const b of ['新增', '导出', '导入']) await button(admin, b).first().waitFor();
    await button(admin, '新增').first().click();
    const modal = frontModal(admin);
    await button(modal, '确定').click();
    for (const m of ['请输入标题！', '请选择消息类型！', '请选择通告对象类型！']) await modal.getByText(m).waitFor();
    await modal.getByPlaceholder('请输入标题').fill('年度内审安排');
    await chooseOption(modal, '消息类型', '通知公告');
    await chooseOption(modal, '优先级', '紧急消息');
    await modal.getByText('全体用户', { exact: true }).click();
    const editor = modal.getByRole('textbox', { name: '富文本编辑区' });
    await editor.click();
    await admin.keyboard.type('请各部门于本周五前提交内审材料。');
    await settled(modal);
    await screenshot(admin, 'announcement-form-modal');
    await button(modal, '确定').click();
    await message(admin, '添加成功！').waitFor();
    await rowOf(admin, '年度内审安排').getByText('未发布').waitFor();
    await rowOf(admin, '年度内审安排').getByText('编辑').waitFor();
    await screenshot(admin, 'announcement-admin-list');

    const before = await unreadOf(userToken);
    await bellBecomes(user, before);
    await publishRow('年度内审安排');
    await rowOf(admin, '年度内审安排').getByText('已发布').waitFor();
    expect(await rowOf(admin, '年度内审安排').getByText('编辑').count()).toBe(0);
    const took = await bellBecomes(user, before + 1);
    expect(took).toBeLessThan(5_000);
    expect(await sameDocument(user)).toBe(1);
  });

  it('zhangsan opens it from the bell: the modal shows it and the badge goes down', async () => {
    shootOnFailure(user, 'announcement-bell');
    const before = await bellCount(user);
    await user.getByTestId('notice-bell').click();
    const popover = user.locator('.ant-popover:visible');
    await popover.getByRole('tab', { name: /^通知 \(\d+\)$/ }).waitFor();
    await popover.getByText('年度内审安排').waitFor();
    await popover.getByText('紧急消息').first().waitFor();
    await settled(popover);
    await screenshot(user, 'announcement-bell-popover');
    await popover.getByText('年度内审安排').click();
    const modal = frontModal(user);
    await modal.getByText('请各部门于本周五前提交内审材料。').waitFor();
    await modal.getByText('发布人：管理员').waitFor();
    await modal.getByText(/^发布时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/).waitFor();
    await settled(modal);
    await screenshot(user, 'announcement-modal');
    await bellBecomes(user, before - 1);
    await user.keyboard.press('Escape');
    await modal.waitFor({ state: 'hidden' });
  });

  it('我的消息: 查看更多 opens it; 全部标注已读 empties the bell', async () => {
    shootOnFailure(user, 'announcement-mine');
    const id = (
      await api<string>(server.baseUrl, adminToken, 'POST', '/sys/annountCement/add', {
        titile: '系统维护通知',
        msgCategory: '2',
        msgType: 'ALL',
        priority: 'M',
        msgContent: '<p>周六停机维护</p>',
      })
    ).body.result;
    const before = await bellCount(user);
    await api(server.baseUrl, adminToken, 'GET', `/sys/annountCement/doReleaseData?id=${id}`);
    await bellBecomes(user, before + 1);
    await user.getByTestId('notice-bell').click();
    await user.locator('.ant-popover:visible').getByText('查看更多').click();
    await user.waitForURL((u) => u.pathname === '/modules/message/UserAnnouncementList');
    await rowOf(user, '系统维护通知').getByText('未读').waitFor();
    await rowOf(user, '年度内审安排').getByText('已读').waitFor();
    await screenshot(user, 'announcement-my-messages');
    await button(user, '全部标注已读').click();
    await confirmDialog(user, '确认操作', '是否全部标注已读?');
    await message(user, '全部已读').waitFor();
    await rowOf(user, '系统维护通知').getByText('已读').waitFor();
    await bellBecomes(user, 0);
  });

  it('an announcement to a chosen user reaches only that user; revoking removes it from the bell', async () => {
    shootOnFailure(admin, 'announcement-chosen');
    await button(admin, '新增').first().click();
    const modal = frontModal(admin);
    await modal.getByPlaceholder('请输入标题').fill('仅张三：样品交接');
    await chooseOption(modal, '消息类型', '系统消息');
    await modal.getByText('指定用户', { exact: true }).last().click();
    await button(formItem(modal, '指定用户'), '选择').click();
    const picker = admin
      .locator('.ant-modal-wrap:visible .ant-modal')
      .filter({ has: admin.locator('.ant-modal-title', { hasText: /^选择用户$/ }) });
    await picker.getByPlaceholder('请输入账号').fill('zhangsan');
    await button(picker, '查询').click();
    await rowOf(picker, 'zhangsan').click();
    await picker.getByText('已选择 1 人：').waitFor();
    await button(picker, '确定').click();
    await picker.waitFor({ state: 'hidden' });
    await formItem(modal, '指定用户').getByText('张三').waitFor();
    await button(modal, '确定').click();
    await message(admin, '添加成功！').waitFor();

    const lisi = await apiLogin(server.baseUrl, 'lisi');
    const lisiBefore = await unreadOf(lisi);
    await publishRow('仅张三：样品交接');
    await bellBecomes(user, 1);
    expect(await unreadOf(lisi)).toBe(lisiBefore);

    await rowAction(admin, '仅张三：样品交接', '撤销');
    await confirmDialog(admin, '确定撤销吗?');
    await message(admin, '该系统通知撤销成功').waitFor();
    await rowOf(admin, '仅张三：样品交接').getByText('已撤销').waitFor();
    await screenshot(admin, 'announcement-admin-states');
    await bellBecomes(user, 0);
    expect(await sameDocument(user)).toBe(1);
  });

  it('script in the content never runs, in the bell or in 查看, and the text still shows', async () => {
    shootOnFailure(user, 'announcement-xss');
    const payload =
      '<p>安全提示正文</p><img src=x onerror="window.__xss=1"><script>window.__xss=1</script><a href="javascript:window.__xss=1">危险链接</a>';
    const id = (
      await api<string>(server.baseUrl, adminToken, 'POST', '/sys/annountCement/add', {
        titile: 'XSS 检查',
        msgCategory: '1',
        msgType: 'ALL',
        priority: 'L',
        msgContent: payload,
      })
    ).body.result;
    await api(server.baseUrl, adminToken, 'GET', `/sys/annountCement/doReleaseData?id=${id}`);
    await bellBecomes(user, 1);
    await user.getByTestId('notice-bell').click();
    await user.locator('.ant-popover:visible').getByText('XSS 检查').click();
    const modal = frontModal(user);
    await modal.getByText('安全提示正文').waitFor();
    const link = modal.getByText('危险链接');
    if ((await link.count()) > 0) await link.click();
    expect(await modal.locator('script, [onerror], a[href^="javascript:"]').count()).toBe(0);

    await rowAction(admin, 'XSS 检查', '查看');
    const view = frontModal(admin);
    await view.getByText('安全提示正文').waitFor();
    expect(await user.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await admin.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });
});
