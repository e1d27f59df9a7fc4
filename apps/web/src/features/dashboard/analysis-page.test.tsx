import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DashboardSummary } from '@lims/contracts';
import { mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import { useSession } from '../../shared/session/session-store';
import type { ChartOption } from './echart';
import AnalysisPage from './analysis-page';

/** jsdom has no canvas: the chart shows the data it was given. */
vi.mock('./echart', () => ({
  default: ({ option, label }: { option: ChartOption; label: string }) => {
    const series = (Array.isArray(option.series) ? option.series : [option.series]) as Array<{
      name?: string;
      data?: unknown;
    }>;
    return (
      <div role="img" aria-label={label}>
        {series.map((s) => `${s.name}:${JSON.stringify(s.data)}`).join(' ')}
      </div>
    );
  },
}));

const WEEK = ['05-01', '05-02', '05-03', '05-04', '05-05', '05-06', '05-07'].map((type, i) => ({
  type,
  tian: `2026-${type}`,
  visit: i * 3,
  ip: i,
}));
const SUMMARY: DashboardSummary = {
  projectsByStatus: [
    { status: '1', statusText: '待受理', count: 2 },
    { status: '2', statusText: '进行中', count: 4 },
    { status: '3', statusText: '已完成', count: 0 },
    { status: '4', statusText: '已归档', count: 1 },
    { status: '5', statusText: '已取消', count: 1 },
  ],
  projectTotal: 8,
  dueProjects: [
    {
      id: 'p1',
      projectNo: 'XM202605070001',
      name: '明天到期的项目',
      dueDate: '2026-05-08',
      daysLeft: 1,
      status: '1',
      statusText: '待受理',
      managerName: '李四',
    },
    {
      id: 'p2',
      projectNo: 'XM202605070002',
      name: '今天到期的项目',
      dueDate: '2026-05-07',
      daysLeft: 0,
      status: '2',
      statusText: '进行中',
      managerName: null,
    },
  ],
  dueProjectTotal: 2,
  expiringSuppliers: [
    { id: 's1', code: 'GYS0004', name: '过期供应商', qualificationExpiry: '2026-05-02', daysLeft: -5 },
    { id: 's2', code: 'GYS0005', name: '快到期供应商', qualificationExpiry: '2026-05-14', daysLeft: 7 },
  ],
  expiringSupplierTotal: 2,
  myTasks: [
    {
      id: 'p3',
      projectNo: 'XM202605010003',
      name: '逾期的项目',
      dueDate: '2026-05-05',
      daysLeft: -2,
      status: '2',
      statusText: '进行中',
    },
    {
      id: 'p4',
      projectNo: 'XM202605010004',
      name: '未定日期的项目',
      dueDate: null,
      daysLeft: null,
      status: '1',
      statusText: '待受理',
    },
  ],
  myTaskTotal: 3,
};
const UNREAD = { anntMsgList: [], anntMsgTotal: 3, sysMsgList: [], sysMsgTotal: 2 };

function server(summary: DashboardSummary, week = WEEK, unread = UNREAD) {
  return (c: ApiCall) => {
    switch (c.path) {
      case '/sys/loginfo':
        return ok({ totalVisitCount: 1234, todayVisitCount: 17, todayIp: 6 });
      case '/sys/visitInfo':
        return ok(week);
      case '/dashboard/summary':
        return ok(summary);
      case '/sys/annountCement/listByUser':
        return ok(unread);
      case '/sys/user/getCurrentUserDeparts':
        return ok({ list: [{ id: 'd1', orgCode: 'A01A07', departName: '环境检测实验室' }], orgCode: 'A01A07' });
      default:
        return undefined;
    }
  };
}

const card = (title: string) =>
  screen.getByText(title, { selector: '.ant-card-head-title' }).closest('.ant-card') as HTMLElement;
const statistic = (title: string) => screen.getByText(title).closest('.ant-statistic') as HTMLElement;

describe('首页 dashboard', { timeout: 30_000 }, () => {
  it('shows the greeting and the figures the server answers', async () => {
    useSession.setState({ userInfo: { username: 'lisi', realname: '李四', orgCode: 'A01A07' } as never });
    const api = mockApi(server(SUMMARY));
    renderPage(<AnalysisPage />, '/dashboard/analysis');
    expect(await screen.findByText(/，李四，祝你开心每一天！/)).toBeTruthy();
    expect(await screen.findByText('环境检测实验室')).toBeTruthy();

    await waitFor(() => expect(within(statistic('今日访问')).getByText('17')).toBeTruthy());
    expect(within(statistic('总访问量')).getByText('1,234')).toBeTruthy();
    expect(within(statistic('今日IP')).getByText('6')).toBeTruthy();
    expect(within(statistic('未读消息')).getByText('5')).toBeTruthy();
    expect(screen.getByRole('link', { name: '通知 3 条 · 系统消息 2 条' }).getAttribute('href')).toBe(
      '/modules/message/UserAnnouncementList',
    );

    const visits = await screen.findByRole('img', { name: '最近一周访问量统计图' });
    expect(visits.textContent).toContain('访问量:[0,3,6,9,12,15,18]');
    expect(visits.textContent).toContain('IP:[0,1,2,3,4,5,6]');
    const ring = await screen.findByRole('img', { name: '项目状态分布图' });
    expect(ring.textContent).toContain('"name":"进行中","value":4');
    expect(within(card('项目状态分布')).getByText('共 8 项')).toBeTruthy();

    const due = card('7 天内到期的项目');
    const tomorrow = within(due).getByRole('link', { name: 'XM202605070001 明天到期的项目' });
    expect(tomorrow.getAttribute('href')).toBe('/project/jcXmProject?projectNo=XM202605070001');
    expect(within(due).getByText('1 天后到期')).toBeTruthy();
    expect(within(due).getByText('今天到期')).toBeTruthy();
    expect(within(due).getByText('计划完成日期 2026-05-08 · 待受理 · 负责人 李四')).toBeTruthy();

    const suppliers = card('资质即将到期的供应商');
    expect(within(suppliers).getByRole('link', { name: 'GYS0004 过期供应商' }).getAttribute('href')).toBe(
      '/gysgl/supplier?code=GYS0004',
    );
    expect(within(suppliers).getByText('已过期 5 天')).toBeTruthy();
    expect(within(suppliers).getByText('7 天后到期')).toBeTruthy();

    const tasks = card('我的待办');
    expect(within(tasks).getByText('共 3 项')).toBeTruthy();
    expect(within(tasks).getByText('XM202605010003 逾期的项目')).toBeTruthy();
    expect(within(tasks).getByText('已逾期 2 天')).toBeTruthy();
    expect(within(tasks).getByText('待受理 · 未定计划完成日期')).toBeTruthy();
    expect(within(tasks).getByText('仅列出最早到期的 2 项')).toBeTruthy();
    expect(api.calls.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/sys/loginfo', '/sys/visitInfo', '/dashboard/summary', '/sys/annountCement/listByUser']),
    );
  });

  it('我的待办 处理 opens the project page as a pending task: disableSubmit=false, visible=true, the record', async () => {
    const api = mockApi(server(SUMMARY));
    const { router } = renderPage(<AnalysisPage />, '/dashboard/analysis');
    const handle = await screen.findByRole('link', { name: '处理 XM202605010003' });
    expect(handle.getAttribute('href')).toBe('/project/jcXmProject?disableSubmit=false&visible=true');
    fireEvent.click(handle);
    await waitFor(() => expect(router.state.location.pathname).toBe('/project/jcXmProject'));
    expect(router.state.location.search).toBe('?disableSubmit=false&visible=true');
    expect(router.state.location.state).toEqual({ record: { id: 'p3' } });
    expect(api.calls.filter((c) => c.path === '/dashboard/summary')).toHaveLength(1);
  });

  it('shows empty states when there is nothing to show', async () => {
    const quiet = WEEK.map((d) => ({ ...d, visit: 0, ip: 0 }));
    const empty: DashboardSummary = {
      projectsByStatus: SUMMARY.projectsByStatus!.map((c) => ({ ...c, count: 0 })),
      projectTotal: 0,
      dueProjects: [],
      dueProjectTotal: 0,
      expiringSuppliers: [],
      expiringSupplierTotal: 0,
      myTasks: [],
      myTaskTotal: 0,
    };
    mockApi(server(empty, quiet));
    renderPage(<AnalysisPage />, '/dashboard/analysis');
    expect(await screen.findByText('最近一周暂无访问')).toBeTruthy();
    expect(await screen.findByText('暂无检测项目')).toBeTruthy();
    expect(screen.getByText('7 天内没有到期的项目')).toBeTruthy();
    expect(screen.getByText('没有 30 天内资质到期的供应商')).toBeTruthy();
    expect(screen.getByText('暂无待办项目')).toBeTruthy();
    expect(screen.queryByRole('img', { name: /统计图|分布图/ })).toBeNull();
  });

  it('leaves out the cards the server does not answer (no permission)', async () => {
    mockApi(server({}, WEEK, { ...UNREAD, anntMsgTotal: 1, sysMsgTotal: 0 }));
    renderPage(<AnalysisPage />, '/dashboard/analysis');
    await waitFor(() => expect(within(statistic('未读消息')).getByText('1')).toBeTruthy());
    expect(await screen.findByRole('img', { name: '最近一周访问量统计图' })).toBeTruthy();
    for (const title of ['项目状态分布', '7 天内到期的项目', '资质即将到期的供应商', '我的待办'])
      expect(screen.queryByText(title)).toBeNull();
  });

  it('shows skeletons while the figures load', () => {
    mockApi(() => undefined);
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => undefined)),
    );
    const { container } = renderPage(<AnalysisPage />, '/dashboard/analysis');
    expect(container.querySelectorAll('.ant-skeleton').length).toBeGreaterThanOrEqual(5);
    expect(screen.queryByText('今日访问')).toBeNull();
  });
});
