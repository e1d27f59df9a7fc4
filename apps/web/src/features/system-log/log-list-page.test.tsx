import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@lims/contracts';
import { grant, mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import LogListPage from './log-list-page';

const base = { createBy: null, updateTime: null, updateBy: null };
const LOGIN = {
  ...base,
  id: 'l1',
  logType: 1,
  logType_dictText: '登录日志',
  logContent: '用户名: admin,登录成功！',
  userid: 'admin',
  username: '管理员',
  ip: '127.0.0.1',
  costTime: null,
  createTime: '2026-03-01 08:00:00',
};
const EDIT = {
  ...base,
  id: 'l2',
  logType: 2,
  logType_dictText: '操作日志',
  logContent: '部门管理-编辑',
  operateType: 3,
  operateType_dictText: '修改',
  userid: 'admin',
  username: '管理员',
  ip: '10.0.0.8',
  costTime: 12,
  createTime: '2026-03-01 09:00:00',
  method: 'PUT /sysdepart/sysDepart/edit',
  requestParam: '{"body":{"departName":"检测中心","password":"******"}}',
};

function server(c: ApiCall) {
  switch (c.path) {
    case '/sys/log/list':
      return ok(c.params.get('logType') === '2' ? { records: [EDIT], total: 1 } : { records: [LOGIN], total: 1 });
    case '/sys/dict/getDictItems/operate_type':
      return ok([{ value: '3', text: '修改', title: '修改' }]);
    default:
      return undefined;
  }
}

const listCalls = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.path === '/sys/log/list');
const header = (name: string) => screen.queryAllByRole('columnheader').find((h) => h.textContent?.trim() === name);

describe('日志管理 page', { timeout: 40_000 }, () => {
  it('登录日志 first: logType 1, the columns, no 操作类型 and no write buttons', async () => {
    grant(PERM.log.list);
    const api = mockApi(server);
    renderPage(<LogListPage />, '/isystem/log');
    expect(await screen.findByText('用户名: admin,登录成功！')).toBeTruthy();
    expect(listCalls(api).at(-1)!.params.get('logType')).toBe('1');
    for (const h of ['日志内容', '操作人ID', '操作人名称', 'IP', '耗时(毫秒)', '日志类型', '创建时间'])
      expect(header(h)).toBeTruthy();
    expect(header('操作类型')).toBeUndefined();
    expect(screen.getByText('127.0.0.1')).toBeTruthy();
    expect(screen.queryByPlaceholderText('请选择')).toBeNull();
    for (const b of [/新\s*增/, /导\s*出/, /删\s*除/, /批量/]) expect(screen.queryByText(b)).toBeNull();
  });

  it('操作日志: logType 2, 操作类型 column and search, rows expand to 请求方法 / 请求参数', async () => {
    grant(PERM.log.list);
    const api = mockApi(server);
    const { router } = renderPage(<LogListPage />, '/isystem/log');
    await screen.findByText('用户名: admin,登录成功！');
    fireEvent.click(screen.getByText('操作日志'));
    expect(await screen.findByText('部门管理-编辑')).toBeTruthy();
    expect(listCalls(api).at(-1)!.params.get('logType')).toBe('2');
    expect(router.state.location.search).toBe('?logType=2');
    expect(header('操作类型')).toBeTruthy();
    expect(screen.getByText('修改')).toBeTruthy();
    expect(screen.getByText('操作类型', { selector: 'label' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /展开行|expand/i }));
    expect(await screen.findByText('请求方法')).toBeTruthy();
    expect(screen.getByText('PUT /sysdepart/sysDepart/edit')).toBeTruthy();
    expect(screen.getByText('请求参数')).toBeTruthy();
    expect(screen.getByText(/"password": "\*\*\*\*\*\*"/)).toBeTruthy();
  });

  it('搜索日志 sends keyWord as typed (trimmed, no wildcards); 创建时间 from the URL; a tab switch drops the search', async () => {
    grant(PERM.log.list);
    const api = mockApi(server);
    const { router } = renderPage(
      <LogListPage />,
      '/isystem/log?createTime_begin=2026-03-01&createTime_end=2026-03-02',
    );
    await screen.findByText('用户名: admin,登录成功！');
    fireEvent.change(screen.getByPlaceholderText('请输入搜索关键词'), { target: { value: ' 登录成功 ' } });
    fireEvent.click(screen.getByText('查询').closest('button')!);
    await waitFor(() => expect(listCalls(api).at(-1)!.params.get('keyWord')).toBe('登录成功'));
    expect(Object.fromEntries(listCalls(api).at(-1)!.params)).toMatchObject({
      logType: '1',
      keyWord: '登录成功',
      createTime_begin: '2026-03-01',
      createTime_end: '2026-03-02',
      column: 'createTime',
      order: 'desc',
    });
    const range = await screen.findByPlaceholderText<HTMLInputElement>('开始日期');
    expect(range.value).toBe('2026-03-01');

    fireEvent.click(screen.getByText('操作日志'));
    await screen.findByText('部门管理-编辑');
    const last = listCalls(api).at(-1)!.params;
    expect(last.get('logType')).toBe('2');
    expect(last.get('keyWord')).toBeNull();
    expect(last.get('createTime_begin')).toBeNull();
    expect(router.state.location.search).toBe('?logType=2');
    expect(within(document.body).getByPlaceholderText('请输入搜索关键词')).toHaveProperty('value', '');
  });
});
