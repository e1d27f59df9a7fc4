import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  api as apiCall,
  button as btn,
  HOME,
  apiLogin,
  frontModal,
  message as messageIn,
  signedInPage,
} from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import {
  chooseOption,
  confirmDialog,
  openMenu,
  rowMore,
  rowOf,
  search as searchIn,
  settled,
  totalOf,
} from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/** 供应商管理 (gysgl/SupplierList) and 客户单位 (khgl/UnitList) against the real server. */

let server: TestServer;
let browser: TestBrowser;
let page: Page;

let token: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  token = await apiLogin(server.baseUrl, 'admin');
});

/** Every test: admin on the list page at `path`, in a context of its own. */
function openEachTestAt(path: string): void {
  beforeEach(async (ctx) => {
    page = await signedInPage(browser, server.baseUrl, 'admin', { path, name: `business-${ctx.task.name}` });
    await totalOf(page);
  });
  afterEach(async () => {
    await page?.close();
  });
}

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const message = (text: string | RegExp) =>
  typeof text === 'string' ? messageIn(page, text) : page.locator('.ant-message').getByText(text);
const modal = () => frontModal(page);
const search = (placeholder: string, value: string) => searchIn(page, placeholder, value);
const field = (placeholder: string) => modal().getByPlaceholder(placeholder);
const modalTitle = (title: string) => modal().locator('.ant-modal-title').getByText(title, { exact: true });

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await apiCall<T>(server.baseUrl, token, method, path, body);
  expect(res.status, res.body.message).toBe(200);
  return res.body.result;
}

/** The contacts section of the unit form and one of its rows. */
const contacts = () => modal().getByRole('region', { name: '联系人' });
const contactRow = (text: string): Locator => rowOf(contacts(), text);

/** Adds a contact through the editable table: 新增, the cells, 保存. */
async function addContact(name: string, phone: string): Promise<void> {
  await btn(contacts(), '新增').click();
  await contacts().getByLabel('姓名').fill(name);
  await contacts().getByLabel('电话').fill(phone);
  await btn(contacts(), '保存').click();
  await contactRow(name).getByText(phone).waitFor();
}

describe('供应商管理', () => {
  openEachTestAt('/gysgl/supplier');

  it('lists the demo suppliers with the expiry flags', async () => {
    await page.goto(server.baseUrl + HOME);
    await openMenu(page, '基础数据', '供应商管理', '/gysgl/supplier');
    expect(await totalOf(page)).toBeGreaterThanOrEqual(9);
    for (const b of ['添加供应商', '导出', '导入']) await btn(page, b).first().waitFor();
    await page.locator('.ant-table-row .ant-tag-warning').filter({ hasText: '即将到期' }).first().waitFor();
    await page.locator('.ant-table-row .ant-tag-error').filter({ hasText: '已过期' }).first().waitFor();
    await screenshot(page, 'supplier-list');
  });

  it('adds a supplier: a bad credit code is refused with its message, then saved', async () => {
    const adds: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/gysgl/supplier/add')) adds.push(r.method());
    });
    await btn(page, '添加供应商').click();
    await modalTitle('新增').waitFor();
    await field('请输入供应商编码').fill('E2E-S1');
    await field('请输入供应商名称').fill('端到端标准物质有限公司');
    await field('18 位统一社会信用代码').fill('91350100M000100Y44');
    await field('请输入联系人').click();
    await modal().getByText('统一社会信用代码不正确').waitFor();
    await btn(modal(), '确定').click();
    await modal().getByText('统一社会信用代码不正确').waitFor();
    await field('18 位统一社会信用代码').fill('91350100m000100y43');
    await chooseOption(modal(), '供应商类型', '检测服务');
    await field('请输入联系人').fill('周工');
    await field('请输入联系电话').fill('025-83331234');
    await field('请选择资质有效期').fill('2030-12-31');
    await field('请输入联系电话').click();
    expect(await field('请选择资质有效期').inputValue()).toBe('2030-12-31');
    expect(await field('18 位统一社会信用代码').inputValue()).toBe('91350100M000100Y43');
    await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
    await screenshot(page, 'supplier-form', { fullPage: false });
    await btn(modal(), '确定').click();
    await message('添加成功！').waitFor();
    // The refused 确定 sent nothing: the one add is the good one.
    expect(adds).toEqual(['POST']);
  });

  it('searches, edits, shows the details read-only, deletes', async () => {
    await api('POST', '/gysgl/supplier/add', {
      code: 'E2E-S2',
      name: '端到端标准物质有限公司',
      creditCode: '91350100M000100Y43',
      supplierType: '3',
      contact: '周工',
      phone: '025-83331234',
      qualificationExpiry: '2030-12-31',
    });
    await search('请输入供应商编码', 'E2E-S2');
    await page.getByText('第 1-1 条 / 共 1 条').waitFor();
    const row = rowOf(page, 'E2E-S2');
    for (const text of ['端到端标准物质有限公司', '91350100M000100Y43', '检测服务', '周工', '2030-12-31', '待评估'])
      await row.getByText(text).waitFor();

    await row.getByText('编辑', { exact: true }).click();
    await modalTitle('编辑').waitFor();
    await field('请输入联系人').fill('周建华');
    await btn(modal(), '确定').click();
    await message('编辑成功！').waitFor();
    await row.getByText('周建华').waitFor();

    await rowMore(page, 'E2E-S2', '详情');
    await modalTitle('详情').waitFor();
    expect(await field('请输入供应商名称').inputValue()).toBe('端到端标准物质有限公司');
    expect(await field('请输入供应商名称').isDisabled()).toBe(true);
    expect(await btn(modal(), '确定').isDisabled()).toBe(true);
    await btn(modal(), '关闭').last().click();
    await modal().waitFor({ state: 'detached' });

    await rowMore(page, 'E2E-S2', '删除');
    await confirmDialog(page, '确定删除吗?');
    await message('删除成功！').waitFor();
    await page.locator('.ant-table-placeholder').waitFor();
  });

  it('exports 供应商信息.xlsx (a real workbook)', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      btn(page, '导出').first().click(),
    ]);
    expect(download.suggestedFilename()).toBe('供应商信息.xlsx');
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.includes(Buffer.from('xl/worksheets/sheet1.xml'))).toBe(true);
  });
});

describe('客户单位', () => {
  openEachTestAt('/khgl/unit');

  it('lists the units; a row expands to its contacts', async () => {
    await page.goto(server.baseUrl + HOME);
    await openMenu(page, '基础数据', '客户单位', '/khgl/unit');
    expect(await totalOf(page)).toBeGreaterThanOrEqual(5);
    const row = rowOf(page, 'KH0001');
    await row.getByLabel('展开行').click();
    const contactsOfKh0001 = await api<Array<{ name: string; isPrimary: boolean }>>(
      'GET',
      `/khgl/unit/listCustomerByMainId?id=${await unitId('KH0001')}`,
    );
    const primary = contactsOfKh0001.find((c) => c.isPrimary)!;
    await row.getByText(primary.name).waitFor();
    const expanded = page.locator('tr.ant-table-expanded-row');
    for (const c of contactsOfKh0001) await expanded.getByText(c.name, { exact: true }).waitFor();
    await settled(expanded);
    await screenshot(page, 'unit-list');
    await row.getByLabel('关闭行').click();
  });

  it('adds a unit with contacts edited in the table (add three, edit one, delete one, mark a primary)', async () => {
    await btn(page, '添加单位').click();
    await modalTitle('新增').waitFor();
    await field('请输入单位编码').fill('E2E-U1');
    await field('请输入单位名称').fill('端到端检测客户有限公司');
    await chooseOption(modal(), '单位类型', '企业');
    await addContact('赵一', '13800000001');
    await addContact('钱二', '13800000002');
    await addContact('孙三', '13800000003');
    await contacts().getByText('1-3 共3条').waitFor();

    await btn(contactRow('钱二'), '编辑').click();
    await contacts().getByLabel('电话').fill('021-55667788');
    await btn(contacts(), '保存').click();
    await contactRow('钱二').getByText('021-55667788').waitFor();

    await btn(contactRow('赵一'), '删除').click();
    await page.locator('.ant-popover:visible').getByText('确定删除吗？').waitFor();
    await btn(page.locator('.ant-popover:visible'), '确定').click();
    await contactRow('赵一').waitFor({ state: 'detached' });

    await btn(contactRow('孙三'), '编辑').click();
    await contacts().getByLabel('主要联系人').check();
    await btn(contacts(), '保存').click();
    await contactRow('孙三').getByText('是', { exact: true }).waitFor();

    await btn(contactRow('钱二'), '编辑').click();
    await contacts().getByLabel('主要联系人').check();
    await btn(contacts(), '保存').click();
    await contacts().getByText('只能有一个主要联系人（孙三 已是主要联系人）').waitFor();
    await screenshot(page, 'unit-form', { fullPage: false });
    await btn(contacts(), '取消').click();
    await page.locator('.ant-popover:visible').getByText('确定取消吗？').waitFor();
    await btn(page.locator('.ant-popover:visible'), '确定').click();
    await contacts().getByLabel('主要联系人').waitFor({ state: 'detached' });

    await btn(modal(), '确定').click();
    await message('添加成功！').waitFor();
  });

  it('reopens the unit with its contacts', async () => {
    await api('POST', '/khgl/unit/add', {
      code: 'E2E-U2',
      name: '端到端复查客户有限公司',
      contacts: [
        { name: '钱二', phone: '021-55667788', isPrimary: false },
        { name: '孙三', phone: '13800000003', isPrimary: true },
      ],
    });
    await search('请输入单位编码', 'E2E-U2');
    await page.getByText('第 1-1 条 / 共 1 条').waitFor();
    const row = rowOf(page, 'E2E-U2');
    await row.getByText('孙三').waitFor();
    await row.getByText('编辑', { exact: true }).click();
    await modalTitle('编辑').waitFor();
    expect(await field('请输入单位名称').inputValue()).toBe('端到端复查客户有限公司');
    await contacts().getByText('1-2 共2条').waitFor();
    await contactRow('钱二').getByText('021-55667788').waitFor();
    await contactRow('孙三').getByText('是', { exact: true }).waitFor();
    expect(await contactRow('赵一').count()).toBe(0);
    await btn(modal(), '取消').click();
    await modal().waitFor({ state: 'detached' });
  });

  it('refuses to delete a unit used by demo projects, naming how many', async () => {
    const id = await unitId('KH0001');
    const projects = await api<{ total: number }>('GET', `/project/jcXmProject/list?customerUnitId=${id}&pageSize=1`);
    expect(projects.total).toBeGreaterThan(0);
    await search('请输入单位编码', 'KH0001');
    const row = rowOf(page, 'KH0001');
    await rowMore(page, 'KH0001', '删除');
    await confirmDialog(page, '确定删除吗?');
    await message(`该单位下还有 ${projects.total} 个检测项目，不能删除`).waitFor();
    await row.waitFor();
  });
});

async function unitId(code: string): Promise<string> {
  const page1 = await api<{ records: Array<{ id: string }> }>('GET', `/khgl/unit/queryUnits?code=${code}`);
  return page1.records[0].id;
}
