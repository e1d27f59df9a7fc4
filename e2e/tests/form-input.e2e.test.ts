import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, button as btn, frontModal, message, nextFrames, signedInPage } from '../support/app';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { rowOf } from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/** What lab staff hit every day in a modal form: Enter in a picker, a double click, silently changed numbers, a phone. */

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let token: string;

const LIST = '/project/jcXmProject';
const UNIT = '江南水务集团有限公司';

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await apiLogin(server.baseUrl, 'admin');
});

afterEach(async () => {
  await page?.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

type Project = { id: string; name: string; startDate: string | null; amount: string | number | null };

/** The projects stored under `name`, asked of the server (not the page). */
async function projectsNamed(name: string): Promise<Project[]> {
  const res = await api<{ records: Project[] }>(server.baseUrl, token, 'GET', `${LIST}/list?pageNo=1&pageSize=100`);
  expect(res.status, res.body.message).toBe(200);
  return res.body.result.records.filter((r) => r.name === name);
}

/** Admin on 检测项目 with the add-project modal open; returns the modal. */
async function openAddForm(name: string, viewport?: { width: number; height: number }): Promise<Locator> {
  page = await signedInPage(browser, server.baseUrl, 'admin', { path: LIST, name: `form-input-${name}` });
  if (viewport) await page.setViewportSize(viewport);
  await page.getByText(/^第 1-\d+ 条 \/ 共 \d+ 条$/).waitFor();
  await btn(page, '添加项目').click();
  const form = frontModal(page);
  await form.getByText('新增', { exact: true }).waitFor();
  return form;
}

/** 项目名称 and 委托单位: what a project needs to be saved. */
async function fillRequired(form: Locator, name: string): Promise<void> {
  await form.getByPlaceholder('请输入项目名称').fill(name);
  await form.getByPlaceholder('请选择委托单位').click();
  const picker = page.locator('.ant-popover:visible');
  await picker.getByText(UNIT).click();
  await btn(picker, '确定').click();
  await expect.poll(() => form.locator('#contactName').inputValue()).not.toBe('');
}

describe('modal forms', () => {
  it('Enter in 开始日期 confirms the date only: the modal stays open and saves nothing until 确定', async () => {
    const name = 'E2E 回车日期';
    const form = await openAddForm('enter');
    await fillRequired(form, name);
    const start = form.getByPlaceholder('请选择开始日期');
    await start.click();
    await start.fill('2026-12-10');
    await start.press('Enter');
    await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
    expect(await start.inputValue()).toBe('2026-12-10');
    await form.getByText('新增', { exact: true }).waitFor();
    expect(
      await page
        .locator('.ant-message')
        .getByText(/添加成功/)
        .count(),
    ).toBe(0);
    expect(await projectsNamed(name)).toEqual([]);

    // The rest of the form can still be filled; 确定 saves one project with all of it.
    await form.getByPlaceholder('请输入合同金额').fill('300');
    await btn(form, '确定').click();
    await message(page, '添加成功！')
      .or(page.locator('.ant-message').getByText(/^添加成功！/))
      .first()
      .waitFor();
    const saved = await projectsNamed(name);
    expect(saved).toHaveLength(1);
    expect(saved[0].startDate).toBe('2026-12-10');
    expect(Number(saved[0].amount)).toBe(300);
  });

  it('while saving, a second click on 确定 or Enter in a text field sends nothing more: one project', async () => {
    const name = 'E2E 双击确定';
    const form = await openAddForm('double');
    await fillRequired(form, name);
    // The save is held at the server's door until the second click and the Enter are done.
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let posts = 0;
    let held: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (held = resolve));
    await page.route('**/api/project/jcXmProject/add', async (route) => {
      posts += 1;
      held();
      await gate;
      await route.continue();
    });
    await btn(form, '确定').dblclick();
    await arrived;
    await btn(form, '确定').click({ force: true });
    await form.getByPlaceholder('请输入项目名称').press('Enter');
    await form.getByPlaceholder('请输入联系电话').press('Enter');
    await nextFrames(page);
    release();
    await page
      .locator('.ant-message')
      .getByText(/^添加成功！/)
      .first()
      .waitFor();
    await rowOf(page, name).waitFor();
    expect(posts).toBe(1);
    expect(await page.locator('tr.ant-table-row').filter({ hasText: name }).count()).toBe(1);
    expect(await projectsNamed(name)).toHaveLength(1);
  });

  it('合同金额 -100 and 数量 -3 / 2.5 stay as typed, show the message and save nothing', async () => {
    const name = 'E2E 负数金额';
    const form = await openAddForm('numbers');
    await fillRequired(form, name);
    const amount = form.getByPlaceholder('请输入合同金额');
    await amount.fill('-100');
    await amount.press('Tab');
    await form.getByText('合同金额应为不小于 0 的数字，最多两位小数').waitFor();
    expect(await amount.inputValue()).toBe('-100');

    await btn(form, '添加检测项目').click();
    await form.getByRole('textbox', { name: '检测项目' }).fill('浑浊度');
    const count = form.getByRole('spinbutton', { name: '数量' });
    for (const typed of ['-3', '2.5']) {
      await count.fill(typed);
      await btn(form, '保存').click();
      await form.getByText('只能输入大于等于 0 的整数').waitFor();
      expect(await count.inputValue()).toBe(typed);
    }

    await btn(form, '确定').click();
    await form.getByText('合同金额应为不小于 0 的数字，最多两位小数').waitFor();
    await form.getByText('新增', { exact: true }).waitFor();
    expect(await projectsNamed(name)).toEqual([]);
  });

  it('at 390 px the project form has one field per row, labels above; at 1440 px two per row', async () => {
    const boxes = async (form: Locator) => {
      const box = async (placeholder: string) => (await form.getByPlaceholder(placeholder).boundingBox())!;
      return { no: await box('保存后自动生成'), name: await box('请输入项目名称') };
    };
    let form = await openAddForm('wide');
    const wide = await boxes(form);
    expect(Math.abs(wide.name.y - wide.no.y)).toBeLessThan(2);
    expect(wide.name.x).toBeGreaterThan(wide.no.x + wide.no.width);
    await page.close();

    form = await openAddForm('phone', { width: 390, height: 844 });
    const phone = await boxes(form);
    expect(phone.name.y).toBeGreaterThanOrEqual(phone.no.y + phone.no.height);
    expect(Math.abs(phone.name.x - phone.no.x)).toBeLessThan(2);
    const modalBox = (await form.boundingBox())!;
    for (const field of [phone.no, phone.name]) {
      expect(field.x + field.width).toBeLessThanOrEqual(modalBox.x + modalBox.width);
      expect(field.width).toBeGreaterThan(modalBox.width * 0.7);
    }
    const label = (await form.locator('label[for="name"]').boundingBox())!;
    expect(label.y + label.height).toBeLessThanOrEqual(phone.name.y + 1);
  });

  it('the bell list keeps a gap between the priority tag and the title', async () => {
    const title = 'E2E 铃铛间距';
    const added = await api<string>(server.baseUrl, token, 'POST', '/sys/annountCement/add', {
      titile: title,
      msgCategory: '1',
      msgType: 'ALL',
      priority: 'H',
      msgContent: '<p>间距</p>',
    });
    expect(added.status, added.body.message).toBe(200);
    await api(server.baseUrl, token, 'GET', `/sys/annountCement/doReleaseData?id=${added.body.result}`);
    page = await signedInPage(browser, server.baseUrl, 'admin', { name: 'form-input-bell' });
    await page.getByTestId('notice-bell').click();
    const item = page.locator('.ant-popover:visible').getByTestId('notice-item').filter({ hasText: title });
    await item.waitFor();
    const tag = (await item.getByText('紧急消息').boundingBox())!;
    const text = (await item.getByText(title, { exact: true }).boundingBox())!;
    expect(text.x - (tag.x + tag.width)).toBeGreaterThanOrEqual(6);
  });
});
