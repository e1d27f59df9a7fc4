import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Key } from 'react';
import { useLocation } from 'react-router';
import { ListPage } from './list-page';
import type { ToolbarConfig } from './list-toolbar';
import { fail, holdAnswers, mockApi, ok, renderPage, type ApiCall } from './test-utils';
import { useListPage, type UseListPageOptions } from './use-list-page';
import { useSession } from '../session/session-store';

type Row = { id: string; name: string; createTime: string };
const ROWS: Row[] = Array.from({ length: 25 }, (_, i) => ({
  id: `r${i + 1}`,
  name: `记录${i + 1}`,
  createTime: '2026-01-01 08:00:00',
}));

function pageOf(call: ApiCall) {
  const no = Number(call.params.get('pageNo'));
  const size = Number(call.params.get('pageSize'));
  return ok({ records: ROWS.slice((no - 1) * size, no * size), total: ROWS.length });
}

function LocationProbe() {
  const { search } = useLocation();
  return <output data-testid="url">{decodeURIComponent(search)}</output>;
}

function TestList({ toolbar, ...o }: Partial<UseListPageOptions<Row>> & { toolbar?: ToolbarConfig }) {
  const list = useListPage<Row>({
    keys: { all: ['t'], list: (p) => ['t', p] },
    url: '/t/list',
    deleteUrl: '/t/delete',
    deleteBatchUrl: '/t/deleteBatch',
    searchFields: [{ name: 'name', label: '名称' }],
    columns: [
      { title: '名称', dataIndex: 'name', sorter: true },
      { title: '创建时间', dataIndex: 'createTime', sorter: true },
    ],
    rowActions: (r, kit) => [kit.deleteAction(r)],
    ...o,
  });
  return (
    <>
      <ListPage list={list} toolbar={toolbar ?? { batch: { mode: 'button' } }} />
      <LocationProbe />
    </>
  );
}

const url = () => screen.getByTestId('url').textContent;
const selectionText = () => screen.getAllByRole('status').find((a) => a.textContent?.startsWith('已选择'))?.textContent;

describe('useListPage', { timeout: 30_000 }, () => {
  it('asks for page 1 of 10 by createTime desc and shows the range and 共N条', async () => {
    const api = mockApi((c) => (c.path === '/t/list' ? pageOf(c) : undefined));
    renderPage(<TestList />);
    expect(await screen.findByText('第 1-10 条 / 共 25 条')).toBeTruthy();
    const first = api.last('/t/list')!;
    expect(Object.fromEntries(first.params)).toMatchObject({
      pageNo: '1',
      pageSize: '10',
      column: 'createTime',
      order: 'desc',
    });
    expect(screen.getByText('记录1')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '#' })).toBeTruthy();
    expect(selectionText()).toBe('已选择0项清空');
  });

  it('trims the search term, wraps it with * and keeps it in the URL', async () => {
    const api = mockApi((c) => (c.path === '/t/list' ? pageOf(c) : undefined));
    renderPage(<TestList />);
    await screen.findByText('记录1');
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: '  记录2  ' } });
    fireEvent.click(screen.getByRole('button', { name: /(^|\s)查\s*询$/ }));
    await waitFor(() => expect(api.last('/t/list')!.params.get('name')).toBe('*记录2*'));
    expect(url()).toBe('?name=记录2');
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(api.last('/t/list')!.params.has('name')).toBe(false));
    expect(url()).toBe('');
  });

  it('pages and sorts through the URL (page 2; column asc)', async () => {
    const api = mockApi((c) => (c.path === '/t/list' ? pageOf(c) : undefined));
    renderPage(<TestList />);
    await screen.findByText('记录1');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('第 11-20 条 / 共 25 条');
    expect(api.last('/t/list')!.params.get('pageNo')).toBe('2');
    expect(url()).toBe('?pageNo=2');
    expect(screen.getByText('11')).toBeTruthy();

    fireEvent.click(within(screen.getByRole('columnheader', { name: /名称/ })).getByText('名称'));
    await waitFor(() => expect(api.last('/t/list')!.params.get('column')).toBe('name'));
    expect(api.last('/t/list')!.params.get('order')).toBe('asc');
    expect(api.last('/t/list')!.params.get('pageNo')).toBe('1');
    expect(url()).toBe('?column=name&order=asc');
  });

  it('starts from the state in the URL (F5, back, another tab)', async () => {
    const api = mockApi((c) => (c.path === '/t/list' ? pageOf(c) : undefined));
    renderPage(<TestList />, '/list?pageNo=2&pageSize=20&name=%20abc&column=name&order=asc');
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    expect(Object.fromEntries(api.calls[0].params)).toMatchObject({
      pageNo: '2',
      pageSize: '20',
      name: '*abc*',
      column: 'name',
      order: 'asc',
    });
    await waitFor(() => expect(screen.getByPlaceholderText<HTMLInputElement>('请输入名称').value).toBe(' abc'));
  });

  it('says 请设置url.list属性! without a list url', async () => {
    const api = mockApi(() => undefined);
    renderPage(<TestList url={undefined} />);
    expect(await screen.findByText('请设置url.list属性!')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('says 请设置url.delete属性! and 请设置url.deleteBatch属性! without those urls', async () => {
    mockApi((c) => (c.path === '/t/list' ? pageOf(c) : undefined));
    renderPage(<TestList deleteUrl={undefined} deleteBatchUrl={undefined} />);
    await screen.findByText('记录1');
    fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0]);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请设置url.delete属性!')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(await screen.findByText('请设置url.deleteBatch属性!')).toBeTruthy();
  });

  it('deletes one row after 确定删除吗? and reloads', async () => {
    const api = mockApi((c) => {
      if (c.path === '/t/list') return pageOf(c);
      if (c.path === '/t/delete') return ok(1, '删除成功！');
      return undefined;
    });
    renderPage(<TestList />);
    await screen.findByText('记录1');
    const listCalls = api.calls.length;
    fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0]);
    expect(await screen.findByText('确定删除吗?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功！')).toBeTruthy();
    expect(api.last('/t/delete')!.params.get('id')).toBe('r1');
    expect(api.last('/t/delete')!.method).toBe('DELETE');
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(listCalls + 1));
  });

  it('batch delete: 请选择一条记录！ without a selection; otherwise confirm 确认删除 and send ids', async () => {
    const api = mockApi((c) => {
      if (c.path === '/t/list') return pageOf(c);
      if (c.path === '/t/deleteBatch') return ok(2, '删除成功！共 2 条');
      return undefined;
    });
    renderPage(<TestList />);
    await screen.findByText('记录1');
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(await screen.findByText('请选择一条记录！')).toBeTruthy();

    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1]);
    fireEvent.click(boxes[2]);
    await waitFor(() => expect(selectionText()).toBe('已选择2项清空'));
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    expect(await screen.findAllByText('确认删除')).not.toHaveLength(0);
    expect(screen.getByText('是否删除选中数据?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功！共 2 条')).toBeTruthy();
    expect(api.last('/t/deleteBatch')!.params.get('ids')).toBe('r1,r2');
  });

  it("deleteQuery: the delete calls carry the page's own query (a link row: ?roleId&userId)", async () => {
    const api = mockApi((c) => {
      if (c.path === '/t/list') return pageOf(c);
      if (c.path === '/t/delete' || c.path === '/t/deleteBatch') return ok(1, '删除成功！');
      return undefined;
    });
    const deleteQuery = {
      one: (id: Key) => ({ roleId: 'role1', userId: String(id) }),
      many: (ids: Key[]) => ({ roleId: 'role1', userIds: ids.join(',') }),
    };
    renderPage(<TestList deleteQuery={deleteQuery} />);
    await screen.findByText('记录1');
    fireEvent.click(screen.getAllByRole('button', { name: '删除' })[0]);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.last('/t/delete')).toBeTruthy());
    expect(Object.fromEntries(api.last('/t/delete')!.params)).toEqual({ roleId: 'role1', userId: 'r1' });
    await screen.findByText('删除成功！');

    fireEvent.click(screen.getAllByRole('checkbox')[2]);
    fireEvent.click(screen.getAllByRole('checkbox')[3]);
    fireEvent.click(screen.getByRole('button', { name: /批量删除/ }));
    await screen.findByText('是否删除选中数据?');
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    await waitFor(() => expect(api.last('/t/deleteBatch')).toBeTruthy());
    expect(Object.fromEntries(api.last('/t/deleteBatch')!.params)).toEqual({ roleId: 'role1', userIds: 'r2,r3' });
  });

  it('the 批量操作 dropdown appears only while rows are selected; 清空 clears them', async () => {
    mockApi((c) => (c.path === '/t/list' ? pageOf(c) : undefined));
    renderPage(<TestList toolbar={{ batch: {} }} />);
    await screen.findByText('记录1');
    expect(screen.queryByRole('button', { name: /批量操作/ })).toBeNull();
    fireEvent.click(screen.getAllByRole('checkbox')[1]);
    expect(await screen.findByRole('button', { name: /批量操作/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '清空' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: /批量操作/ })).toBeNull());
  });

  it('success false → the message as a warning; a failed query → 表格查询出错，请联系系统管理员', async () => {
    let broken = false;
    mockApi((c) => {
      if (c.path !== '/t/list') return undefined;
      if (broken) return { status: 500, body: 'boom' };
      return fail(400, '未知的查询字段: foo');
    });
    const { queryClient } = renderPage(<TestList />);
    expect(await screen.findAllByText('未知的查询字段: foo')).not.toHaveLength(0);
    broken = true;
    await act(() => queryClient.invalidateQueries({ queryKey: ['t'] }).catch(() => undefined));
    expect(await screen.findByText('表格查询出错，请联系系统管理员')).toBeTruthy();
  });

  it("rows wait for the user's column settings: none with only a checkbox, no 暂无数据 under the spinner", async () => {
    const api = mockApi((c) =>
      c.path === '/t/list' ? pageOf(c) : c.path === '/sys/user/preference' ? ok(null) : undefined,
    );
    // A signed-in user, whose settings of this list are on their way until `release`.
    useSession.setState({ userInfo: { id: 'u1', username: 'admin', realname: '管理员' } as never });
    onTestFinished(() => useSession.setState({ userInfo: undefined }));
    const release = holdAnswers(api, (url) => url.includes('/sys/user/preference'));
    const { container, queryClient } = renderPage(<TestList />);
    // The first page is in; the settings are not.
    const answered = () =>
      queryClient
        .getQueryCache()
        .findAll({ queryKey: ['t'] })
        .some((q) => q.state.data);
    await waitFor(() => expect(answered()).toBe(true));
    await waitFor(() => expect(container.querySelector('.ant-table-wrapper .ant-spin-spinning')).toBeTruthy());
    expect(container.querySelectorAll('tr.ant-table-row')).toHaveLength(0);
    expect(screen.queryAllByText('暂无数据')).toHaveLength(0);
    release();
    const row = (await screen.findByText('记录1')).closest('tr')!;
    expect(within(row).getByText('2026-01-01 08:00:00')).toBeTruthy();
  });

  it('a failed settings request (server restarting) holds no row back: rows show with default columns', async () => {
    const api = mockApi((c) =>
      c.path === '/t/list'
        ? pageOf(c)
        : c.path === '/sys/user/preference'
          ? { status: 503, body: 'restarting' }
          : undefined,
    );
    useSession.setState({ userInfo: { id: 'u1', username: 'admin', realname: '管理员' } as never });
    onTestFinished(() => useSession.setState({ userInfo: undefined }));
    const { container } = renderPage(<TestList />);
    const row = (await screen.findByText('记录1')).closest('tr')!;
    expect(within(row).getByText('2026-01-01 08:00:00')).toBeTruthy();
    expect(api.last('/sys/user/preference')).toBeTruthy();
    await waitFor(() => expect(container.querySelector('.ant-table-wrapper .ant-spin-spinning')).toBeNull());
  });

  it("the table renders at its box's width from the start: its columns fill the box less its border", async () => {
    mockApi((c) => (c.path === '/t/list' ? pageOf(c) : undefined));
    // Every box 1000 px wide, and no ResizeObserver reporting it afterwards (the stub never calls back).
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 1000, 40));
    const { container } = renderPage(<TestList />);
    await screen.findByText('记录1');
    const cols = [
      ...container.querySelectorAll<HTMLElement>('.ant-table-body colgroup col, .ant-table-content colgroup col'),
    ];
    const widths = cols.map((c) => parseInt(c.style.width, 10)).filter((w) => w > 0);
    expect(widths.reduce((a, b) => a + b, 0)).toBe(999);
  });
});
