import '../../shared/ui/test-support/jsdom-stubs';
import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@lims/contracts';
import { grant, mockApi, renderPage } from '../../shared/list-page/test-utils';
import { formatAmount } from './project-columns';
import ProjectListPage from './project-list-page';
import { projectServer } from './project-test-data';

/** A busy machine renders antd slowly: wait longer than the default second. */
configure({ asyncUtilTimeout: 8000 });

const ALL = Object.values(PERM.project);
const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
/** The antd preset colour class of the tag showing `text` (ant-tag-processing …). */
const tagClass = (row: HTMLElement, text: string) => within(row).getByText(text).closest('.ant-tag')!.className;

describe('检测项目 list', { timeout: 40_000 }, () => {
  it('formats 合同金额 with two decimals and thousands separators', () => {
    expect(formatAmount(35000)).toBe('35,000.00');
    expect(formatAmount(1234.5)).toBe('1,234.50');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(null)).toBe('');
  });

  it('shows the columns, coloured status tags, amounts, toolbar and row actions', async () => {
    grant(...ALL);
    mockApi(projectServer);
    renderPage(<ProjectListPage />, '/project/jcXmProject');
    expect(await screen.findByText('太湖流域地表水例行监测')).toBeTruthy();
    for (const h of [
      '项目编号',
      '项目名称',
      '委托单位',
      '联系人',
      '检测类别',
      '项目负责人',
      '承接部门',
      '开始日期',
      '计划完成日期',
      '状态',
      '合同金额',
      '创建时间',
      '操作',
    ]) {
      expect(screen.getByRole('columnheader', { name: new RegExp(h) })).toBeTruthy();
    }
    const water = rowOf('XM202605010001');
    for (const text of ['无锡市生态环境局', '许文斌', '环境检测', '李四', '环境检测实验室', '35,000.00'])
      expect(within(water).getByText(text)).toBeTruthy();
    await waitFor(() => expect(tagClass(water, '进行中')).toContain('ant-tag-processing'));
    expect(tagClass(rowOf('XM202605020001'), '待受理')).toContain('ant-tag-orange');
    expect(within(rowOf('XM202605020001')).getByText('1,234.50')).toBeTruthy();

    for (const b of [/添加项目/, /导\s*出/, /导\s*入/])
      expect(screen.getAllByRole('button', { name: b }).length).toBeGreaterThan(0);
    expect(within(water).getByText('编辑')).toBeTruthy();
    fireEvent.mouseEnter(within(water).getByText('更多'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['详情', '复制新增', '附件', '删除']);
  });

  it('searches with the typed terms (*term*), the dictionary values and the date ranges from the URL', async () => {
    grant(...ALL);
    const api = mockApi(projectServer);
    renderPage(
      <ProjectListPage />,
      '/project/jcXmProject?startDate_begin=2026-05-01&startDate_end=2026-05-31&dueDate_end=2026-06-30&status=2',
    );
    await screen.findByText('太湖流域地表水例行监测');
    expect(Object.fromEntries(api.last('/project/jcXmProject/list')!.params)).toMatchObject({
      startDate_begin: '2026-05-01',
      startDate_end: '2026-05-31',
      dueDate_end: '2026-06-30',
      status: '2',
      column: 'createTime',
      order: 'desc',
      pageNo: '1',
      pageSize: '10',
    });
    fireEvent.change(screen.getByPlaceholderText('请输入项目编号'), { target: { value: ' XM2026 ' } });
    fireEvent.change(screen.getByPlaceholderText('请输入项目名称'), { target: { value: '地表水' } });
    fireEvent.change(screen.getByPlaceholderText('请输入委托单位'), { target: { value: '生态环境' } });
    fireEvent.click(screen.getByRole('button', { name: /(^|\s)查\s*询$/ }));
    await waitFor(() =>
      expect(api.last('/project/jcXmProject/list')!.params.get('customerUnitName')).toBe('*生态环境*'),
    );
    const params = Object.fromEntries(api.last('/project/jcXmProject/list')!.params);
    expect(params).toMatchObject({
      projectNo: '*XM2026*',
      name: '*地表水*',
      status: '2',
      startDate_begin: '2026-05-01',
    });
  });

  it('shows a reader only what the permissions allow: 详情 | 更多 ▸ 附件, no writes', async () => {
    grant(PERM.project.list);
    mockApi(projectServer);
    renderPage(<ProjectListPage />, '/project/jcXmProject');
    await screen.findByText('太湖流域地表水例行监测');
    for (const b of [/添加项目/, /导\s*出/, /导\s*入/])
      expect(screen.queryAllByRole('button', { name: b })).toHaveLength(0);
    const water = rowOf('XM202605010001');
    expect(within(water).queryByText('编辑')).toBeNull();
    expect(within(water).getByText('详情')).toBeTruthy();
    fireEvent.mouseEnter(within(water).getByText('更多'));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['附件']);
  });

  it('opens a pending task (disableSubmit=false, visible=true, the record) in 编辑 once, then drops the query', async () => {
    grant(...ALL);
    const api = mockApi(projectServer);
    const { router } = renderPage(<ProjectListPage />, {
      pathname: '/project/jcXmProject',
      search: '?status=2&disableSubmit=false&visible=true',
      state: { record: { id: 'p1' } },
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑', { selector: '.ant-modal-title' })).toBeTruthy();
    expect(within(dialog).getByDisplayValue('太湖流域地表水例行监测')).toBeTruthy();
    expect(api.last('/project/jcXmProject/queryById')!.params.get('id')).toBe('p1');
    await waitFor(() => expect(router.state.location.search).toBe('?status=2'));
    expect(router.state.location.state).toBeNull();
    expect(api.calls.filter((c) => c.path === '/project/jcXmProject/queryById')).toHaveLength(1);
  });

  it('opens a pending task read-only (详情) for a user without the edit permission', async () => {
    grant(PERM.project.list);
    mockApi(projectServer);
    const { router } = renderPage(<ProjectListPage />, {
      pathname: '/project/jcXmProject',
      search: '?disableSubmit=false&visible=true',
      state: { record: { id: 'p1' } },
    });
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('详情', { selector: '.ant-modal-title' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('ignores visible=true without a task record', async () => {
    grant(...ALL);
    const api = mockApi(projectServer);
    renderPage(<ProjectListPage />, '/project/jcXmProject?disableSubmit=false&visible=true');
    await screen.findByText('太湖流域地表水例行监测');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.some((c) => c.path === '/project/jcXmProject/queryById')).toBe(false);
  });
});
