import type { Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, apiLogin, button, frontModal, message, signedInPage } from '../support/app';
import { launchBrowser, screenshot, type TestBrowser } from '../support/browser';
import { bytesAgain, pdfText, printLabels, receiveTicked, registerSamples, reportRows } from '../support/lims';
import { chooseOption, confirmPopover, openDropdown, rowOf, settled } from '../support/list-page';
import { startServer, type TestServer } from '../support/server';

/**
 * Issue 18 "Done when", through the UI as three users, each in a browser context of their own:
 * 赵六 (样品管理员) registers 3 samples, prints their labels and receives them; 周八 (复核审批员) assigns
 * the analyses to 孙七 (检测员), who enters every result on the keyboard (one 超标) and corrects one with a
 * reason, and cannot verify; 周八 verifies, generates, approves and publishes the report (project 已完成,
 * PDF with the results, message to the manager), amends it (version 2, the original 已作废) and reads
 * the corrected result's 历史记录. The steps build on each other and run in order.
 */

let server: TestServer;
let browser: TestBrowser;
let page: Page | undefined;
let admin: string;

const PROJECT = 'E2E 全流程出厂水检测';
const NAMES = ['E2E 出厂水', 'E2E 末梢水', 'E2E 二供水'];
/** Results by sample (same order as NAMES): pH 6–9, 铅 ≤ 0.01 mg/L; the first sample's 铅 is 超标. */
const RESULTS: Array<{ pH: string; 铅: string }> = [
  { pH: '7.2', 铅: '0.05' },
  { pH: '6.8', 铅: '0.004' },
  { pH: '7.5', 铅: '0.006' },
];
const CORRECTED = '7.0';
const CHANGE_REASON = '读数抄录错误，按原始记录更正';
const AMEND_REASON = '更正送检单位联系人';

let projectNo = '';
let projectId = '';
let sampleNos: string[] = [];
let reportNo = '';

/** The row of one analysis (sample number and test item) in a grid or list. */
const analysisRow = (scope: Page | Locator, sampleNo: string, item: string) =>
  rowOf(scope, sampleNo).filter({ hasText: item });

/** Screenshot of the viewport (1440 px) under a name of this flow. */
const shot = (p: Page, name: string) => screenshot(p, `lims-flow-${name}`, { fullPage: false });

/** A page of `user` in a context of its own; a step after a failed one stops here (not on an empty row). */
const open = async (user: string, path: string, needs: 'samples' | 'report' = 'samples') => {
  if (user !== 'zhaoliu') expect(sampleNos, 'the samples of the first step').toHaveLength(3);
  if (needs === 'report') expect(reportNo, 'the report of the previous step').toMatch(/^BG\d{12}$/);
  page = await signedInPage(browser, server.baseUrl, user, { path, name: `lims-flow-${user}` });
  return page;
};

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  admin = await apiLogin(server.baseUrl, 'admin');
  const first = async (path: string) =>
    (await api<{ records: Array<{ id: string }> }>(server.baseUrl, admin, 'GET', path)).body.result.records[0].id;
  const added = await api<string>(server.baseUrl, admin, 'POST', '/project/jcXmProject/add', {
    name: PROJECT,
    customerUnitId: await first('/khgl/unit/queryUnits?code=KH0002'),
    managerId: await first('/sys/user/list?username=admin'),
    dueDate: '2030-06-30',
    items: [
      { itemName: 'pH', standard: 'GB/T 5750.4-2023', specMin: 6, specMax: 9 },
      { itemName: '铅', standard: 'GB/T 5750.6-2023', unit: 'mg/L', specMax: 0.01 },
    ],
  });
  expect(added.status, added.body.message).toBe(200);
  projectId = added.body.result;
  projectNo = added.body.message.split('：')[1];
  expect(await projectStatus()).toBe('1'); // 待受理
});

afterEach(async () => {
  await page?.close();
  page = undefined;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function projectStatus(): Promise<string> {
  const res = await api<{ status: string }>(
    server.baseUrl,
    admin,
    'GET',
    `/project/jcXmProject/queryById?id=${projectId}`,
  );
  return res.body.result.status;
}

describe('LIMS 全流程 (issue 18): 登记 → 标签 → 接收 → 分配 → 录入 → 复核 → 报告 → 修订 → 历史记录', () => {
  it('赵六 registers 3 samples in one form, prints their labels and receives them', async () => {
    const p = await open('zhaoliu', '/lims/sample');
    await registerSamples(p, { search: 'E2E 全流程', project: PROJECT, names: NAMES, shot: 'lims-flow-register' });
    await message(p, '登记成功！共 3 个样品').waitFor();
    sampleNos = [];
    for (const name of NAMES) {
      const text = (await rowOf(p, name).textContent()) ?? '';
      sampleNos.push(/YP\d{12}/.exec(text)?.[0] ?? `no number in "${text}"`);
    }
    expect(new Set(sampleNos).size).toBe(3);
    expect(await projectStatus()).toBe('2'); // 进行中 once a sample is registered

    const labels = await printLabels(p, NAMES);
    expect(labels.status()).toBe(200);
    expect(labels.headers()['content-type']).toBe('application/pdf');
    const labelText = pdfText(await bytesAgain(labels));
    for (const no of sampleNos) expect(labelText).toContain(no);

    await receiveTicked(p, '冷藏柜C-3');
    await message(p, '接收成功！共 3 个样品，生成 6 个检测任务').waitFor();
    for (const name of NAMES) await rowOf(p, name).getByText('已接收').waitFor();
    await shot(p, 'received');
  });

  it('周八 assigns the 6 new analyses to 孙七 at once (批量分配) on 检测任务', async () => {
    const p = await open('zhouba', '/lims/analysis');
    for (const no of sampleNos) {
      await expect.poll(() => rowOf(p, no).count()).toBe(2);
      for (const box of await rowOf(p, no).locator('input[type="checkbox"]').all()) await box.check();
    }
    await button(p, '批量操作').click();
    await openDropdown(p).getByRole('menuitem', { name: '批量分配' }).click();
    const dialog = frontModal(p);
    await dialog.getByText('分配检测任务（6 条）').waitFor();
    await settled(dialog);
    await chooseOption(dialog, '检测员', '孙七（sunqi）');
    await shot(p, 'assign');
    await button(dialog, '确定').click();
    await message(p, '分配成功！共 6 条').waitFor();
    for (const no of sampleNos) await expect.poll(() => rowOf(p, no).filter({ hasText: '孙七' }).count()).toBe(2);
  });

  it('孙七 enters every result on the keyboard (one 超标), then corrects one with a reason', async () => {
    const p = await open('sunqi', '/lims/result');
    const input = (no: string, item: string, field = '结果') =>
      p.getByRole('textbox', { name: `${no} ${item} ${field}` });
    const focusedLabel = () => p.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    /** Enter saves the row: answers the server's message. */
    const enterSaves = async () => {
      const saved = p.waitForResponse((r) => r.url().includes('/api/lims/result/save'));
      await p.keyboard.press('Enter');
      const res = await saved;
      const body = (await res.json()) as { success: boolean; message: string };
      expect(res.status(), body.message).toBe(200);
      return body.message;
    };

    for (const [i, no] of sampleNos.entries()) {
      for (const item of ['pH', '铅'] as const) {
        const value = RESULTS[i][item];
        await input(no, item).click();
        await p.keyboard.type(value);
        const flag = i === 0 && item === '铅' ? '超标' : '合格';
        await analysisRow(p, no, item).getByText(flag, { exact: true }).waitFor(); // judged while typing
        // The next row's result (in the grid's order; his older rows are in it too) gets the focus.
        const next = await p.evaluate((current) => {
          const labels = [...document.querySelectorAll('input[aria-label$=" 结果"]')].map((e) =>
            e.getAttribute('aria-label'),
          );
          return labels[labels.indexOf(current) + 1] ?? null;
        }, `${no} ${item} 结果`);
        const saved = await enterSaves();
        expect(saved).toBe(flag === '超标' ? '保存成功！（超标）' : '保存成功！');
        if (flag === '超标') await message(p, saved).waitFor(); // a warning the user sees
        await analysisRow(p, no, item).getByText('待复核').waitFor();
        if (next) await expect.poll(focusedLabel).toBe(next);
      }
    }
    await shot(p, 'results-entered');

    // The second sample's pH, already entered: a new value alone is refused, Tab to the reason, Enter.
    const [no, item] = [sampleNos[1], 'pH'];
    await input(no, item).click();
    await p.keyboard.press('ControlOrMeta+A');
    await p.keyboard.type(CORRECTED);
    await p.keyboard.press('Enter');
    await message(p, '请填写修改原因！').waitFor();
    await p.keyboard.press('Tab');
    await expect.poll(focusedLabel).toBe(`${no} ${item} 修改原因`);
    await p.keyboard.type(CHANGE_REASON);
    expect(await enterSaves()).toBe('保存成功！');
    await expect.poll(() => input(no, item).inputValue()).toBe(CORRECTED);
    await expect.poll(() => input(no, item, '修改原因').inputValue()).toBe('');
    await shot(p, 'result-corrected');
  });

  it('孙七 cannot verify his own results: no 结果复核 for him, and the server refuses in Chinese', async () => {
    const p = await open('sunqi', '/lims/result');
    await p.getByRole('menu').getByText('结果录入', { exact: true }).waitFor();
    expect(await p.getByRole('menu').getByText('结果复核', { exact: true }).count()).toBe(0);
    await p.goto(`${server.baseUrl}/lims/verify`);
    await p.getByText('抱歉，你无权访问该页面', { exact: true }).waitFor();
    await shot(p, 'analyst-verify-403');

    const token = await apiLogin(server.baseUrl, 'sunqi');
    const mine = await api<{ records: Array<{ id: string; sampleNo: string }> }>(
      server.baseUrl,
      token,
      'GET',
      '/lims/result/list',
    );
    const own = mine.body.result.records.find((r) => r.sampleNo === sampleNos[0]);
    const refused = await api(server.baseUrl, token, 'POST', '/lims/verify/verify', { id: own?.id });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/^[\u4e00-\u9fa5，、！]+$/);
  });

  it('周八 verifies all six results on 结果复核', async () => {
    const p = await open('zhouba', '/lims/verify');
    await analysisRow(p, sampleNos[0], '铅').getByText('超标', { exact: true }).waitFor();
    await shot(p, 'verify');
    for (const no of sampleNos) {
      for (const item of ['pH', '铅']) {
        const row = analysisRow(p, no, item);
        await row.getByText('复核通过', { exact: true }).click();
        await confirmPopover(p, '确定复核通过');
        await row.waitFor({ state: 'detached' });
      }
    }
    await message(p, '复核通过！').first().waitFor();
  });

  it('周八 generates, approves and publishes the report: project 已完成, PDF with the results, manager notified', async () => {
    const p = await open('zhouba', '/lims/report');
    const reports = reportRows(p);
    reportNo = await reports.generate(projectNo, async () => void (await shot(p, 'report-generate')));
    await reports.approveAndPublish(reportNo);
    await shot(p, 'report-published');

    const text = await reports.downloadText(reportNo);
    expect(text).toContain(`报告编号：${reportNo}`);
    for (const no of sampleNos) expect(text).toContain(no);
    expect(text).toContain('0.05 mg/L 超标');
    expect(text).toContain('0.004 mg/L');
    expect(text).toContain(CORRECTED);
    expect(text).toMatch(/复核 周八/);
    expect(text).toMatch(/审批 周八 \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);

    await p.goto(`${server.baseUrl}/project/jcXmProject`);
    await rowOf(p, projectNo).getByText('已完成', { exact: true }).waitFor();
    await shot(p, 'project-done');

    // The manager (admin) has the 系统消息 about it.
    const unread = await api<{ sysMsgList: Array<{ titile: string }> }>(
      server.baseUrl,
      admin,
      'GET',
      '/sys/annountCement/listByUser',
    );
    expect(unread.body.result.sysMsgList.map((m) => m.titile)).toContain(`检测报告已发布：${reportNo}`);
  });

  it('周八 amends the report: version 2 published, the original 已作废 and still downloadable', async () => {
    const p = await open('zhouba', '/lims/report', 'report');
    const reports = reportRows(p);
    await reports.row(reportNo).getByText('已发布').waitFor();
    const v2 = await reports.amend(reportNo, AMEND_REASON);
    await reports.row(v2).getByText('第2版').waitFor();
    await reports.approveAndPublish(v2);
    await reports.row(reportNo).getByText('已作废').waitFor();
    await shot(p, 'report-amended');

    const voided = await reports.downloadText(reportNo);
    expect(voided).toContain('已作废');
    expect(voided).toContain(reportNo);
    const second = await reports.downloadText(v2);
    expect(second).toContain(`替代报告 ${reportNo}`);
    expect(second).toContain(AMEND_REASON);
    expect(second).toContain('0.05 mg/L 超标');
  });

  it('the corrected result’s 历史记录 shows 录入结果, 修改结果 with the reason and 复核通过, each with who', async () => {
    const p = await open('zhouba', '/lims/analysis');
    const [no, item] = [sampleNos[1], 'pH'];
    await analysisRow(p, no, item).getByText('详情', { exact: true }).click();
    const drawer = p.locator('.ant-drawer:visible').last();
    await drawer.getByText(`${no} ${item}`).waitFor();
    await drawer.getByRole('tab', { name: '历史记录' }).click();
    const entry = (action: string) => drawer.locator('tr.ant-table-row').filter({ hasText: action });
    await entry('修改结果').waitFor();
    const text = async (action: string) => (await entry(action).first().textContent()) ?? '';
    expect(await text('录入结果')).toMatch(/孙七（sunqi）.*6\.8/);
    expect(await text('修改结果')).toMatch(new RegExp(`孙七（sunqi）.*6\\.8.*→.*7\\.0.*${CHANGE_REASON}`));
    expect(await text('复核通过')).toContain('周八（zhouba）');
    await settled(drawer);
    await shot(p, 'history');
  });
});
