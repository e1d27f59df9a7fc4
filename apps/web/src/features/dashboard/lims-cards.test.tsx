import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DashboardSummary, MenuEntry } from '@lims/contracts';
import { mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import { useSession } from '../../shared/session/session-store';
import AnalysisPage from './analysis-page';

const entry = (path: string, name: string, children?: MenuEntry[]): MenuEntry =>
  ({ id: path, component: 'x', path, name, route: '1', meta: { title: name }, children }) as MenuEntry;

function server(summary: DashboardSummary) {
  return (c: ApiCall) => {
    if (c.path === '/dashboard/summary') return ok(summary);
    if (c.path === '/sys/loginfo') return ok({ totalVisitCount: 1, todayVisitCount: 1, todayIp: 1 });
    if (c.path === '/sys/visitInfo') return ok([]);
    if (c.path === '/sys/annountCement/listByUser')
      return ok({ anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 });
    return undefined;
  };
}

const group = () => screen.findByRole('group', { name: '实验室' });

afterEach(() => useSession.setState({ menu: [] }));

describe('首页 laboratory figures', { timeout: 30_000 }, () => {
  it('shows the figures the server answered, each opening its page when the menu holds it', async () => {
    useSession.setState({
      menu: [
        entry('/lims', '实验室', [
          entry('/lims/sample', '样品管理'),
          entry('/lims/result', '结果录入'),
          entry('/lims/analysis', '检测任务'),
        ]),
      ],
    });
    mockApi(
      server({
        lims: { samplesReceivedThisWeek: 12, analysesOpen: 7, myAnalysesOpen: 3, analysesOverdue: 2 },
      }),
    );
    renderPage(<AnalysisPage />, '/dashboard/analysis');
    const lab = await group();
    expect(
      within(lab)
        .getByRole('link', { name: /本周接收样品\s*12(?!\d)/ })
        .getAttribute('href'),
    ).toBe('/lims/sample');
    expect(
      within(lab)
        .getByRole('link', { name: /待录入结果\s*7(?!\d)/ })
        .getAttribute('href'),
    ).toBe('/lims/result');
    expect(within(lab).getByText('分配给我 3 项')).toBeTruthy();
    expect(
      within(lab)
        .getByRole('link', { name: /逾期检测任务\s*2(?!\d)/ })
        .getAttribute('href'),
    ).toBe('/lims/analysis');
    expect(within(lab).queryByText('待复核结果')).toBeNull();
    expect(within(lab).queryByText('本月发布报告')).toBeNull();
  });

  it('shows a figure without a link when the menu lacks its page, and nothing without figures', async () => {
    useSession.setState({ menu: [entry('/lims', '实验室', [entry('/lims/report', '检测报告')])] });
    mockApi(server({ lims: { analysesToVerify: 4, reportsPublishedThisMonth: 1 } }));
    const { unmount } = renderPage(<AnalysisPage />, '/dashboard/analysis');
    const lab = await group();
    expect(within(lab).getByText('待复核结果')).toBeTruthy();
    expect(within(lab).queryByRole('link', { name: /待复核结果/ })).toBeNull();
    expect(
      within(lab)
        .getByRole('link', { name: /本月发布报告\s*1(?!\d)/ })
        .getAttribute('href'),
    ).toBe('/lims/report');
    unmount();

    mockApi(server({}));
    renderPage(<AnalysisPage />, '/dashboard/analysis');
    expect(await screen.findByText('今日访问')).toBeTruthy();
    expect(screen.queryByRole('group', { name: '实验室' })).toBeNull();
  });
});
