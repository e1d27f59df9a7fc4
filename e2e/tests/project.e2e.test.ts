import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  api as apiCall,
  apiLogin,
  button as btn,
  frontModal,
  HOME,
  nextFrames,
  message as messageIn,
  signedInPage,
} from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { openMenu, rowOf, search as searchIn, searchBox, settled } from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/** 检测项目 (project/JcXmProjectList) and the 首页 dashboard, against the real server. */

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let token: string;

const NAME = 'E2E 出厂水月度检测';
/** A 1x1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

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

const LIST = '/project/jcXmProject';

/** Admin on `path` in a context of its own (closed after the test); waits for the list when it is the list. */
async function open(name: string, path = LIST): Promise<void> {
  page = await signedInPage(browser, server.baseUrl, 'admin', { path, name: `project-${name}` });
  if (path === LIST) await page.getByText(/^第 1-\d+ 条 \/ 共 \d+ 条$/).waitFor();
}
const message = (text: string | RegExp) =>
  typeof text === 'string' ? messageIn(page, text) : page.locator('.ant-message').getByText(text);
const modal = () => frontModal(page);

async function api<T>(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; result: T; message: string }> {
  const res = await apiCall<T>(server.baseUrl, token, method, path, body);
  return { status: res.status, result: res.body.result, message: res.body.message };
}

const idOf = async (path: string): Promise<string> =>
  (await api<{ records: Array<{ id: string }> }>('GET', path)).result.records[0].id;

/** A project made through the API (status 待受理); returns its number. */
async function addProject(fields: Record<string, unknown>, unitCode = 'KH0002'): Promise<string> {
  const added = await api<string>('POST', '/project/jcXmProject/add', {
    customerUnitId: await idOf(`/khgl/unit/queryUnits?code=${unitCode}`),
    startDate: shanghaiDay(0),
    dueDate: shanghaiDay(5),
    ...fields,
  });
  expect(added.status, added.message).toBe(200);
  const no = added.message.split('：')[1];
  expect(no).toMatch(/^XM\d{12}$/);
  return no;
}

/** The project the add test saves through the form, made through the API. */
const addFullProject = async (name: string, unitCode = 'KH0002'): Promise<string> =>
  addProject(
    {
      name,
      managerId: await idOf('/sys/user/list?username=lisi'),
      amount: '12800.5',
      items: [
        { itemName: '浑浊度', codeLines: 4 },
        { itemName: '菌落总数', codeLines: 2 },
      ],
    },
    unitCode,
  );

/** Today and tomorrow in Asia/Shanghai (the server's and the browser's zone). */
function shanghaiDay(offset: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(
    new Date(Date.now() + offset * 86_400_000),
  );
}

async function typeDate(scope: Locator, placeholder: string, value: string) {
  const input = scope.getByPlaceholder(placeholder);
  await input.click();
  await input.fill(value);
  // Tab commits the typed date (Enter would also submit the modal's form).
  await input.press('Tab');
}

/** Opens an entry of a row's 更多 dropdown. */
async function rowMenu(rowText: string, item: string) {
  await rowOf(page, rowText).getByText('更多').hover();
  await page.locator('.ant-dropdown:visible').getByText(item, { exact: true }).click();
}

async function addItem(form: Locator, name: string, count: string) {
  await btn(form, '添加检测项目').click();
  await form.getByRole('textbox', { name: '检测项目' }).fill(name);
  await form.getByRole('spinbutton', { name: '数量' }).fill(count);
  await btn(form, '保存').click();
  await form.locator('td').getByText(name, { exact: true }).waitFor();
}

describe('检测项目', () => {
  it('adds a project: unit picker fills the contact, manager from the user picker, two test items', async () => {
    await open('add', HOME);
    await openMenu(page, '项目管理', '检测项目', '/project/jcXmProject');
    await page.getByText(/^第 1-\d+ 条 \/ 共 \d+ 条$/).waitFor();
    await screenshot(page, 'project-list');

    await btn(page, '添加项目').click();
    const form = modal();
    await form.getByText('新增', { exact: true }).waitFor();
    await form.getByPlaceholder('请输入项目名称').fill(NAME);
    await form.getByPlaceholder('请选择委托单位').click();
    const picker = page.locator('.ant-popover:visible');
    await picker.getByText('江南水务集团有限公司').click();
    await btn(picker, '确定').click();
    await expect.poll(() => form.locator('#contactName').inputValue()).toBe('刘海涛');
    expect(await form.getByPlaceholder('请输入联系电话').inputValue()).toBe('13912345601');

    await btn(form, '选择').click();
    const users = modal();
    await users.getByText('选择用户').waitFor();
    await users.getByPlaceholder('请输入账号').fill('lisi');
    await btn(users, '查询').click();
    await users.locator('tr.ant-table-row').filter({ hasText: '李四' }).locator('.ant-radio-input').check();
    await btn(users, '确定').click();
    await form.locator('.ant-select-content, .ant-select-selection-item').filter({ hasText: '李四' }).first().waitFor();

    await typeDate(form, '请选择开始日期', shanghaiDay(0));
    await typeDate(form, '请选择计划完成日期', shanghaiDay(-1));
    await btn(form, '确定').click();
    await form.getByText('计划完成日期不能早于开始日期').waitFor();
    await typeDate(form, '请选择计划完成日期', shanghaiDay(5));
    await form.getByPlaceholder('请输入合同金额').fill('12800.5');

    await addItem(form, '浑浊度', '4');
    await addItem(form, '菌落总数', '2');
    await screenshot(page, 'project-form');
    await btn(form, '确定').click();
    const saved = message(/^添加成功！项目编号：XM\d{12}$/);
    await saved.waitFor();
    const projectNo = ((await saved.textContent()) ?? '').split('：')[1];
    expect(projectNo).toMatch(/^XM\d{12}$/);
    await rowOf(page, projectNo).getByText(NAME, { exact: true }).waitFor();
  });

  it('searches it by number and by 委托单位', async () => {
    const projectNo = await addFullProject(NAME, 'KH0001');
    await open('search');
    await searchIn(page, '请输入项目编号', projectNo);
    await page.getByText('第 1-1 条 / 共 1 条').waitFor();
    const row = rowOf(page, projectNo);
    for (const text of [NAME, '江南水务集团有限公司', '刘海涛', '李四', '待受理', '12,800.50'])
      await row.getByText(text, { exact: true }).waitFor();
    expect(new URL(page.url()).searchParams.get('projectNo')).toBe(projectNo);

    await searchBox(page, '请输入项目编号').fill('');
    await searchIn(page, '请输入委托单位', '水务');
    await rowOf(page, projectNo).waitFor();
    await rowOf(page, '出厂水水质全分析').waitFor();
    expect(await page.locator('tr.ant-table-row').filter({ hasText: '无锡市生态环境局' }).count()).toBe(0);
  });

  it('edits it: 待受理 → 进行中, only legal next states offered', async () => {
    const projectNo = await addFullProject('E2E 待编辑的项目');
    await open('edit');
    await searchIn(page, '请输入项目编号', projectNo);
    await rowOf(page, projectNo).getByText('编辑', { exact: true }).click();
    const form = modal();
    await form.getByText('编辑', { exact: true }).first().waitFor();
    await form.locator('td').getByText('菌落总数', { exact: true }).waitFor();
    expect(await form.getByPlaceholder('保存后自动生成').inputValue()).toBe(projectNo);
    await form.locator('.ant-form-item').filter({ hasText: '状态' }).locator('.ant-select').click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await options.first().waitFor();
    expect(await options.allTextContents()).toEqual(['待受理', '进行中', '已取消']);
    await options.filter({ hasText: '进行中' }).click();
    await btn(form, '确定').click();
    await message('编辑成功！').waitFor();
    await rowOf(page, projectNo).getByText('进行中', { exact: true }).waitFor();
  });

  it('shows it read-only in 详情', async () => {
    const projectNo = await addFullProject('E2E 查看详情的项目');
    await open('detail');
    await searchIn(page, '请输入项目编号', projectNo);
    await rowMenu(projectNo, '详情');
    const form = modal();
    await form.getByText('详情', { exact: true }).first().waitFor();
    await form.locator('td').getByText('浑浊度', { exact: true }).waitFor();
    expect(await form.getByPlaceholder('请输入项目名称').isDisabled()).toBe(true);
    expect(await btn(form, '确定').isDisabled()).toBe(true);
    expect(await btn(form, '添加检测项目').count()).toBe(0);
    await btn(form.locator('.ant-modal-footer'), '关闭').click();
    await form.waitFor({ state: 'hidden' });
  });

  it('uploads an attachment and downloads the same bytes; a disallowed file is refused', async () => {
    const projectNo = await addProject({ name: 'E2E 有附件的项目' });
    await open('attachments');
    await searchIn(page, '请输入项目编号', projectNo);
    await rowMenu(projectNo, '附件');
    const drawer = page.locator('.ant-drawer:visible');
    await drawer.getByText('项目附件').waitFor();
    await drawer.getByText('暂无附件').waitFor();
    const input = drawer.locator('input[type=file]');

    await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
    await message(/^不支持该文件类型，仅支持：doc、docx/).waitFor();
    await input.setInputFiles({ name: '伪装.png', mimeType: 'image/png', buffer: Buffer.from('not really a png') });
    await message('文件内容与扩展名不符：该文件不是有效的 .png 文件').waitFor();

    await input.setInputFiles({ name: '现场照片.png', mimeType: 'image/png', buffer: PNG });
    await message('现场照片.png 上传成功').waitFor();
    const row = drawer.locator('tr.ant-table-row').filter({ hasText: '现场照片.png' });
    await row.waitFor();
    await row.getByRole('img').evaluate(
      (img: HTMLImageElement) =>
        img.complete ||
        new Promise((r) => {
          img.onload = r;
          img.onerror = r;
        }),
    );
    // The image route needs a session: the thumbnail's URL carries the token, so the picture really loads.
    expect(await row.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      row.getByText('下载', { exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('现场照片.png');
    expect(readFileSync(await download.path()).equals(PNG)).toBe(true);

    await row.getByText('预览', { exact: true }).click();
    await page.getByRole('img', { name: '现场照片.png', exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('.ant-message-notice').first().waitFor({ state: 'detached', timeout: 10_000 });
    await settled(drawer);
    await screenshot(page, 'project-attachments');
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });
  });

  it('deletes it', async () => {
    const projectNo = await addProject({ name: 'E2E 待删除的项目' });
    await open('delete');
    await searchIn(page, '请输入项目编号', projectNo);
    await rowMenu(projectNo, '删除');
    await btn(page.locator('.ant-modal-confirm:visible'), '确定').click();
    await message('删除成功！').waitFor();
    await rowOf(page, projectNo).waitFor({ state: 'detached' });
    const left = await api<{ total: number }>('GET', `/project/jcXmProject/list?projectNo=${projectNo}`);
    expect(left.result.total).toBe(0);
  });
});

describe('首页 dashboard', () => {
  it('lists a project due tomorrow and shows the visit figures of /sys/loginfo', async () => {
    const dueNo = await addProject({ name: 'E2E 明天到期的项目', dueDate: shanghaiDay(1) });

    // A visit today (in Shanghai time), whatever the time: a run that crosses midnight there starts a new day.
    await apiLogin(server.baseUrl, 'zhangsan');
    await open('dashboard', HOME);
    const due = page.locator('.ant-card').filter({ has: page.getByText('7 天内到期的项目', { exact: true }) });
    const link = due.getByRole('link', { name: `${dueNo} E2E 明天到期的项目` });
    await link.waitFor();
    await due.getByText('1 天后到期').first().waitFor();
    const figures = (
      await api<{ todayVisitCount: number; totalVisitCount: number; todayIp: number }>('GET', '/sys/loginfo')
    ).result;
    const statistic = (title: string) =>
      page.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content');
    expect(await statistic('今日访问').innerText()).toBe(figures.todayVisitCount.toLocaleString('en-US'));
    expect(await statistic('总访问量').innerText()).toBe(figures.totalVisitCount.toLocaleString('en-US'));
    expect(await statistic('今日IP').innerText()).toBe(figures.todayIp.toLocaleString('en-US'));
    expect(figures.todayVisitCount).toBeGreaterThan(0);
    await page.getByRole('img', { name: '最近一周访问量统计图' }).locator('canvas').waitFor();
    await settled(page.getByRole('img', { name: '项目状态分布图' }).locator('canvas'));
    await nextFrames(page);
    await screenshot(page, 'dashboard');

    await link.click();
    await page.waitForURL(
      (url) => url.pathname === '/project/jcXmProject' && url.searchParams.get('projectNo') === dueNo,
    );
    await rowOf(page, dueNo).waitFor();
  });

  it('我的待办 处理 opens the project in 编辑 as a pending task; the query is dropped', async () => {
    const taskNo = await addProject({
      name: 'E2E 我负责的项目',
      managerId: await idOf('/sys/user/list?username=admin'),
      dueDate: shanghaiDay(0),
    });

    await open('my-task', HOME);
    const tasks = page.locator('.ant-card').filter({ has: page.getByText('我的待办', { exact: true }) });
    await tasks.getByText(`${taskNo} E2E 我负责的项目`).waitFor();
    await tasks.getByRole('link', { name: `处理 ${taskNo}` }).click();

    const form = modal();
    await form.locator('.ant-modal-title').getByText('编辑').waitFor();
    expect(await form.getByPlaceholder('请输入项目名称').inputValue()).toBe('E2E 我负责的项目');
    await page.waitForURL(
      (url) =>
        url.pathname === '/project/jcXmProject' &&
        !url.searchParams.has('visible') &&
        !url.searchParams.has('disableSubmit'),
    );
    await btn(form, '取消').click();
    await form.waitFor({ state: 'hidden' });
    await page.reload();
    await rowOf(page, taskNo).waitFor();
    expect(await page.locator('.ant-modal:visible').count()).toBe(0);
  });
});
