import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, button, createUser, frontModal, HOME, message, roleId, signedInPage } from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { chooseOption, confirmDialog, formItem, openMenu, rowAction, rowOf, settled } from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/**
 * 系统通告 and the delivery to users: an administrator (a page of their own) writes and publishes; a
 * recipient made for the test (another page, its own storage and session) sees the bell change without a
 * reload (SSE). Every test makes its own recipient and announcements, so each passes alone and in any order.
 */

const LIST_PATH = '/isystem/annountCement';
const PASSWORD = 'Notice2026x';

let server: TestServer;
let browser: TestBrowser;
let adminToken: string;
/** The id of the role 普通用户 (`user`, zhangsan's): its menu has 我的消息. */
let userRoleId: string;
/** Pages opened by the running test, by failure-screenshot name (closed after it, with their contexts). */
let pages: Array<{ page: Page; name: string }> = [];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  adminToken = await apiLogin(server.baseUrl, 'admin');
  userRoleId = await roleId(server.baseUrl, adminToken, 'user');
});

// Failure screenshots here: vitest runs afterEach before onTestFailed, when the pages are already closed.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail')
    for (const { page, name } of pages) await screenshot(page, `failed-${name}`).catch(() => undefined);
  await Promise.all(pages.map(({ page }) => page.close().catch(() => undefined)));
  pages = [];
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

let seq = 0;
/** A tag no other test of this run uses (in account names and titles). */
function unique(): string {
  seq += 1;
  return `${Date.now().toString(36)}${seq}`;
}

type Recipient = { username: string; realname: string; token: string };

/** A new account with the role `user` (made through the API), signed in through the API. */
async function newRecipient(name: string): Promise<Recipient> {
  const tag = unique();
  const recipient = { username: `rcpt_${tag}`, realname: `${name}${tag}` };
  await createUser(server.baseUrl, adminToken, { ...recipient, password: PASSWORD, selectedroles: userRoleId });
  return { ...recipient, token: await apiLogin(server.baseUrl, recipient.username, PASSWORD) };
}

/** The recipient's page (home), marked so that a reload would show. */
async function recipientPage(recipient: Recipient, name: string): Promise<Page> {
  const page = await signedInPage(browser, server.baseUrl, recipient.username, { password: PASSWORD, name });
  pages.push({ page, name });
  await page.evaluate(() => {
    (window as unknown as { __sameDocument: number }).__sameDocument = 1;
  });
  return page;
}

/** admin on the 系统通告 list (or `path`). */
async function adminPage(name: string, path = LIST_PATH): Promise<Page> {
  const page = await signedInPage(browser, server.baseUrl, 'admin', { path, name });
  pages.push({ page, name });
  return page;
}

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

type NewAnnouncement = { titile: string; msgCategory: '1' | '2'; priority: 'L' | 'M' | 'H'; msgContent: string };

/** An announcement to all users, added and published by admin through the API; returns its id. */
async function publishToAll(fields: NewAnnouncement): Promise<string> {
  const add = await api<string>(server.baseUrl, adminToken, 'POST', '/sys/annountCement/add', {
    ...fields,
    msgType: 'ALL',
  });
  expect(add.body.success, add.body.message).toBe(true);
  const release = await api(
    server.baseUrl,
    adminToken,
    'GET',
    `/sys/annountCement/doReleaseData?id=${add.body.result}`,
  );
  expect(release.body.success, release.body.message).toBe(true);
  return add.body.result;
}

async function publishRow(admin: Page, title: string): Promise<void> {
  await rowAction(admin, title, '发布');
  await confirmDialog(admin, '确定发布吗?');
  await message(admin, '该系统通知发布成功').waitFor();
}

describe('系统通告 → the bell and 我的消息', () => {
  it('admin writes an announcement to all users; publishing reaches a user\u2019s open page at once', async () => {
    const title = `年度内审安排 ${unique()}`;
    const recipient = await newRecipient('内审收件人');
    const [admin, user] = await Promise.all([
      adminPage('announcement-admin-write', HOME),
      recipientPage(recipient, 'announcement-admin-write-user'),
    ]);
    await openMenu(admin, '系统管理', '系统通告', LIST_PATH);
    for (const b of ['新增', '导出', '导入']) await button(admin, b).first().waitFor();
    await button(admin, '新增').first().click();
    const modal = frontModal(admin);
    await button(modal, '确定').click();
    for (const m of ['请输入标题！', '请选择消息类型！', '请选择通告对象类型！']) await modal.getByText(m).waitFor();
    await modal.getByPlaceholder('请输入标题').fill(title);
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
    await rowOf(admin, title).getByText('未发布').waitFor();
    await rowOf(admin, title).getByText('编辑').waitFor();
    await screenshot(admin, 'announcement-admin-list');

    const before = await unreadOf(recipient.token);
    await bellBecomes(user, before);
    await publishRow(admin, title);
    await rowOf(admin, title).getByText('已发布').waitFor();
    expect(await rowOf(admin, title).getByText('编辑').count()).toBe(0);
    const took = await bellBecomes(user, before + 1);
    expect(took).toBeLessThan(5_000);
    expect(await sameDocument(user)).toBe(1);
  });

  it('a user opens it from the bell: the modal shows it and the badge goes down', async () => {
    const title = `年度内审安排 ${unique()}`;
    const recipient = await newRecipient('铃铛收件人');
    await publishToAll({
      titile: title,
      msgCategory: '1',
      priority: 'H',
      msgContent: '<p>请各部门于本周五前提交内审材料。</p>',
    });
    const user = await recipientPage(recipient, 'announcement-bell');
    const before = await unreadOf(recipient.token);
    expect(before).toBeGreaterThanOrEqual(1);
    await bellBecomes(user, before);
    await user.getByTestId('notice-bell').click();
    const popover = user.locator('.ant-popover:visible');
    await popover.getByRole('tab', { name: /^通知 \(\d+\)$/ }).waitFor();
    await popover.getByText(title).waitFor();
    await popover.getByText('紧急消息').first().waitFor();
    await settled(popover);
    await screenshot(user, 'announcement-bell-popover');
    await popover.getByText(title).click();
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
    const tag = unique();
    const [readTitle, unreadTitle] = [`年度内审安排 ${tag}`, `系统维护通知 ${tag}`];
    const recipient = await newRecipient('消息收件人');
    const readId = await publishToAll({
      titile: readTitle,
      msgCategory: '1',
      priority: 'H',
      msgContent: '<p>内审</p>',
    });
    const mark = await api(server.baseUrl, recipient.token, 'PUT', '/sys/sysAnnouncementSend/editByAnntIdAndUserId', {
      anntId: readId,
    });
    expect(mark.body.success, mark.body.message).toBe(true);
    const user = await recipientPage(recipient, 'announcement-mine');
    const before = await unreadOf(recipient.token);
    await bellBecomes(user, before);
    await publishToAll({ titile: unreadTitle, msgCategory: '2', priority: 'M', msgContent: '<p>周六停机维护</p>' });
    await bellBecomes(user, before + 1);
    await user.getByTestId('notice-bell').click();
    await user.locator('.ant-popover:visible').getByText('查看更多').click();
    await user.waitForURL((u) => u.pathname === '/modules/message/UserAnnouncementList');
    await rowOf(user, unreadTitle).getByText('未读').waitFor();
    await rowOf(user, readTitle).getByText('已读').waitFor();
    await screenshot(user, 'announcement-my-messages');
    await button(user, '全部标注已读').click();
    await confirmDialog(user, '确认操作', '是否全部标注已读?');
    await message(user, '全部已读').waitFor();
    await rowOf(user, unreadTitle).getByText('已读').waitFor();
    await bellBecomes(user, 0);
  });

  it('an announcement to a chosen user reaches only that user; revoking removes it from the bell', async () => {
    const title = `仅指定用户：样品交接 ${unique()}`;
    const [chosen, bystander] = await Promise.all([newRecipient('交接人'), newRecipient('旁观者')]);
    const [admin, user] = await Promise.all([
      adminPage('announcement-chosen'),
      recipientPage(chosen, 'announcement-chosen-user'),
    ]);
    await button(admin, '新增').first().click();
    const modal = frontModal(admin);
    await modal.getByPlaceholder('请输入标题').fill(title);
    await chooseOption(modal, '消息类型', '系统消息');
    await modal.getByText('指定用户', { exact: true }).last().click();
    await button(formItem(modal, '指定用户'), '选择').click();
    const picker = admin
      .locator('.ant-modal-wrap:visible .ant-modal')
      .filter({ has: admin.locator('.ant-modal-title', { hasText: /^选择用户$/ }) });
    await picker.getByPlaceholder('请输入账号').fill(chosen.username);
    await button(picker, '查询').click();
    await rowOf(picker, chosen.username).click();
    await picker.getByText('已选择 1 人：').waitFor();
    await button(picker, '确定').click();
    await picker.waitFor({ state: 'hidden' });
    await formItem(modal, '指定用户').getByText(chosen.realname).waitFor();
    await button(modal, '确定').click();
    await message(admin, '添加成功！').waitFor();

    const before = await unreadOf(chosen.token);
    const bystanderBefore = await unreadOf(bystander.token);
    await bellBecomes(user, before);
    await publishRow(admin, title);
    await bellBecomes(user, before + 1);
    expect(await unreadOf(bystander.token)).toBe(bystanderBefore);

    await rowAction(admin, title, '撤销');
    await confirmDialog(admin, '确定撤销吗?');
    await message(admin, '该系统通知撤销成功').waitFor();
    await rowOf(admin, title).getByText('已撤销').waitFor();
    await screenshot(admin, 'announcement-admin-states');
    await bellBecomes(user, before);
    expect(await sameDocument(user)).toBe(1);
  });

  it('script in the content never runs, in the bell or in 查看, and the text still shows', async () => {
    const title = `XSS 检查 ${unique()}`;
    const recipient = await newRecipient('安全收件人');
    const user = await recipientPage(recipient, 'announcement-xss');
    const before = await unreadOf(recipient.token);
    await bellBecomes(user, before);
    const payload =
      '<p>安全提示正文</p><img src=x onerror="window.__xss=1"><script>window.__xss=1</script><a href="javascript:window.__xss=1">危险链接</a>';
    await publishToAll({ titile: title, msgCategory: '1', priority: 'L', msgContent: payload });
    await bellBecomes(user, before + 1);
    await user.getByTestId('notice-bell').click();
    await user.locator('.ant-popover:visible').getByText(title).click();
    const modal = frontModal(user);
    await modal.getByText('安全提示正文').waitFor();
    const link = modal.getByText('危险链接');
    if ((await link.count()) > 0) await link.click();
    expect(await modal.locator('script, [onerror], a[href^="javascript:"]').count()).toBe(0);

    const admin = await adminPage('announcement-xss-admin');
    await rowAction(admin, title, '查看');
    const view = frontModal(admin);
    await view.getByText('安全提示正文').waitFor();
    expect(await user.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await admin.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  });

  it('a 新增 form left untouched closes on 取消 without asking 确定放弃编辑？ (the editor loading is no edit)', async () => {
    const admin = await adminPage('announcement-untouched');
    await button(admin, '新增').first().click();
    const modal = frontModal(admin);
    await modal.locator('.ProseMirror').first().waitFor();
    await button(modal, '取消').click();
    await modal.waitFor({ state: 'hidden' });
    expect(await admin.locator('.ant-modal-confirm:visible').count()).toBe(0);
    // Typed text is an edit: then 取消 asks.
    await button(admin, '新增').first().click();
    await frontModal(admin).locator('.ProseMirror').first().fill('草稿');
    await button(frontModal(admin), '取消').click();
    await admin.locator('.ant-modal-confirm:visible').filter({ hasText: '确定放弃编辑' }).waitFor();
  });
});
