import '../shared/ui/test-support/jsdom-stubs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PERM } from '@lims/contracts';
import { prefetchPageData } from '../shared/list-page/page-data';
import { grant, holdAnswers, mockApi, ok, type ApiCall } from '../shared/list-page/test-utils';
import { useSession } from '../shared/session/session-store';
import { WATER, projectServer } from '../features/project/project-test-data';
import { findPage, findPageData, registeredComponents } from './page-registry';
import { queryClient } from './query-client';

/** A busy machine renders antd slowly: wait longer than the default second. */
configure({ asyncUtilTimeout: 8000 });

/** Pages that are not a list or tree of records (charts and cards). */
const NOT_LISTS = new Set(['dashboard/Analysis', 'dashboard/Workplace', 'lims/LimsSettings']);

/** The prefetch, then the page from the registry at the same URL, in one query client. */
async function prefetchThenRender(component: string, url: string) {
  // The app's query defaults (its staleTime decides whether a mounting page asks again).
  const client = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
  prefetchPageData(client, findPageData(component)!, new URL(url, 'http://localhost'));
  const Page = (await findPage(component)!()).default;
  const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <ConfigProvider locale={zhCN}>
        <App component={false}>
          <RouterProvider router={router} />
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return client;
}

const count = (calls: ApiCall[], path: string) => calls.filter((c) => c.path === path).length;

afterEach(() => vi.unstubAllGlobals());

describe('page data (what a page route starts before the page has loaded)', { timeout: 40_000 }, () => {
  it('every page of the menu that lists records has its first requests registered', () => {
    const lists = registeredComponents().filter((c) => !NOT_LISTS.has(c));
    expect(lists.length).toBeGreaterThanOrEqual(11);
    expect(lists.filter((c) => !findPageData(c))).toEqual([]);
    for (const c of lists) {
      const load = findPageData(c)!(new URL('/some/page', 'http://localhost'));
      expect(load.queries.length, c).toBeGreaterThan(0);
    }
  });

  it('a list asks for its rows, its dictionaries and its table settings at once', () => {
    const load = findPageData('project/JcXmProjectList')!(new URL('/project/jcXmProject?status=2', 'http://localhost'));
    expect(load.dicts).toEqual(['project_status', 'test_type']);
    expect(load.preferences).toEqual(['table:/project/jcXmProject', 'query:/project/jcXmProject']);
    const log = findPageData('system/LogList')!(new URL('/isystem/log?logType=2', 'http://localhost'));
    expect(log.queries[0].queryKey).toEqual(['sys-log', 2, expect.objectContaining({ logType: 2 })]);
    expect(log.dicts).toEqual(['operate_type']);
  });

  it('a prefetched list page renders its rows without asking again, never showing a raw dictionary code', async () => {
    grant(...Object.values(PERM.project));
    useSession.setState({ userInfo: { id: 'u1', username: 'admin', realname: '管理员' } as never });
    const api = mockApi((c) => (c.path === '/sys/user/preference' ? ok(null) : projectServer(c)));
    // The status dictionary answers only when the test says so: the rows are in before it.
    const answerDicts = holdAnswers(api, (url) => url.includes('/getDictItems/project_status'));

    const client = await prefetchThenRender('project/JcXmProjectList', '/project/jcXmProject?pageSize=20');
    const rows = () => client.getQueryCache().findAll({ queryKey: ['project', 'list'] })[0]?.state.data;
    await waitFor(() => expect(rows()).toBeDefined());
    await screen.findByRole('columnheader', { name: /项目编号/ });
    // Rows are in, the status dictionary is not: no row yet (it would show 2 instead of 进行中).
    expect(screen.queryByText(WATER.projectNo!)).toBeNull();
    answerDicts();

    const row = (await screen.findByText(WATER.projectNo!)).closest('tr')!;
    expect(within(row).getByText('进行中')).toBeTruthy();
    await waitFor(() => expect(client.isFetching()).toBe(0));
    expect(count(api.calls, '/project/jcXmProject/list')).toBe(1);
    expect(count(api.calls, '/sys/dict/getDictItems/project_status')).toBe(1);
    expect(count(api.calls, '/sys/dict/getDictItems/test_type')).toBe(1);
    const prefs = api.calls.filter((c) => c.path === '/sys/user/preference').map((c) => c.params.get('key'));
    expect(prefs.sort()).toEqual(['query:/project/jcXmProject', 'table:/project/jcXmProject']);
  });
});
