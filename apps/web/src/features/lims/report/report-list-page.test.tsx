import '../../../shared/ui/test-support/jsdom-stubs';
import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LIMS_MSG, PERM, type ReportCandidate, type ReportRecord } from '@lims/contracts';
import { fail, grant, mockApi, ok, renderPage, type ApiCall } from '../../../shared/list-page/test-utils';
import ReportListPage from './report-list-page';

configure({ asyncUtilTimeout: 8000 });

const base: ReportRecord = {
  id: 'r1',
  reportNo: 'BG202611270001',
  projectId: 'p1',
  projectNo: 'XM202611010001',
  projectName: '太湖流域地表水例行监测',
  customerUnitName: '无锡市生态环境局',
  versionNo: 1,
  previousId: null,
  previousNo: null,
  status: '1',
  status_dictText: '草稿',
  sampleCount: 3,
  createBy: 'zhouba',
  createByName: '周八',
  createTime: '2026-11-27 10:00:00',
  approvedByName: null,
  approvedAt: null,
  publishedByName: null,
  publishedAt: null,
  amendReason: null,
  remark: null,
  hasFile: true,
  version: 0,
};
const DRAFT = base;
const PUBLISHED: ReportRecord = {
  ...base,
  id: 'r2',
  reportNo: 'BG202611260003',
  status: '3',
  status_dictText: '已发布',
  approvedByName: '周八',
  approvedAt: '2026-11-26 15:00:00',
  publishedByName: '周八',
  publishedAt: '2026-11-26 16:00:00',
};
const CANDIDATES: ReportCandidate[] = [
  {
    id: 's1',
    sampleNo: 'YP202611200001',
    name: '水样 1',
    status: '4',
    status_dictText: '已完成',
    analysisCount: 3,
    verifiedCount: 3,
    ready: true,
  },
  {
    id: 's2',
    sampleNo: 'YP202611200002',
    name: '水样 2',
    status: '3',
    status_dictText: '检测中',
    analysisCount: 3,
    verifiedCount: 1,
    ready: false,
  },
];

function server(call: ApiCall) {
  switch (call.path) {
    case '/lims/report/list':
      return ok({ records: [DRAFT, PUBLISHED], total: 2 });
    case '/sys/dict/getDictItems/lims_report_status':
      return ok(
        [
          ['1', '草稿'],
          ['2', '已审批'],
          ['3', '已发布'],
          ['4', '已作废'],
        ].map(([value, text]) => ({ value, text, title: text })),
      );
    case '/lims/report/approve':
      return ok(null, '审批成功！');
    case '/lims/report/amend':
      return ok({ id: 'r3', reportNo: 'BG202611270002' }, '修订成功！新报告编号：BG202611270002');
    case '/project/jcXmProject/queryProject':
      return ok([{ id: 'p1', projectNo: 'XM202611010001', name: '太湖流域地表水例行监测' }]);
    case '/lims/report/candidates':
      return ok(CANDIDATES);
    case '/lims/report/generate':
      return (call.body as { sampleIds?: string[] }).sampleIds
        ? ok({ id: 'r4', reportNo: 'BG202611270003' }, '生成成功！报告编号：BG202611270003')
        : fail(400, '以下样品还有未复核的检测结果：YP202611200002，全部复核后才能生成报告！');
  }
  return undefined;
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;

describe('检测报告 list', { timeout: 60_000 }, () => {
  it('offers 审批 on drafts and 修订 on published reports, and sends them', async () => {
    grant(...Object.values(PERM.report));
    const api = mockApi(server);
    renderPage(<ReportListPage />, '/lims/report');
    const draft = rowOf(await screen.findByText('BG202611270001').then((e) => e.textContent ?? ''));
    expect(within(draft).getByText('审批')).toBeTruthy();
    expect(within(draft).queryByText('修订')).toBeNull();
    const published = rowOf('BG202611260003');
    expect(within(published).queryByText('审批')).toBeNull();
    expect(screen.getByRole('button', { name: '生成报告' })).toBeTruthy();

    fireEvent.click(within(draft).getByText('审批'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.last('/lims/report/approve')?.body).toEqual({ id: 'r1', version: 0 }));

    fireEvent.click(within(published).getByText('修订'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: '生成新版本' }));
    expect(await screen.findByText(LIMS_MSG.reasonRequired)).toBeTruthy();
    expect(api.last('/lims/report/amend')).toBeUndefined();
    fireEvent.change(within(dialog).getByLabelText('修订原因'), { target: { value: '更正样品名称' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '生成新版本' }));
    await waitFor(() => expect(api.last('/lims/report/amend')?.body).toEqual({ id: 'r2', reason: '更正样品名称' }));
  });

  it('hides 生成报告 and the actions without their codes', async () => {
    grant(PERM.report.list);
    mockApi(server);
    renderPage(<ReportListPage />, '/lims/report');
    const draft = rowOf(await screen.findByText('BG202611270001').then((e) => e.textContent ?? ''));
    expect(within(draft).queryByText('审批')).toBeNull();
    expect(within(draft).getByText('下载PDF')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '生成报告' })).toBeNull();
  });

  it('generates for chosen verified samples; a project with unverified samples shows the server message', async () => {
    grant(...Object.values(PERM.report));
    const api = mockApi(server);
    renderPage(<ReportListPage />, '/lims/report');
    fireEvent.click(await screen.findByRole('button', { name: '生成报告' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '检测项目' }));
    fireEvent.click(await screen.findByText('XM202611010001 太湖流域地表水例行监测'));
    expect(await within(dialog).findByText('1/3 已复核')).toBeTruthy();
    expect(within(dialog).getByText(/有 1 个样品的检测结果尚未全部复核/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '生 成' }));
    expect(await screen.findByText(/YP202611200002，全部复核后才能生成报告/)).toBeTruthy();

    fireEvent.click(within(dialog).getByText('所选样品'));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'YP202611200001' }));
    expect(within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'YP202611200002' }).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: '生 成' }));
    await waitFor(() =>
      expect(api.last('/lims/report/generate')?.body).toEqual({ projectId: 'p1', sampleIds: ['s1'] }),
    );
  });
});
