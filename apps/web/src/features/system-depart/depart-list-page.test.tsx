import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM, type DepartTreeNode } from '@lims/contracts';
import { fail, grant, mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import DepartListPage from './depart-list-page';

const node = (
  id: string,
  name: string,
  orgCode: string,
  parentId: string | null,
  children?: DepartTreeNode[],
): DepartTreeNode => ({
  id,
  key: id,
  value: id,
  title: name,
  isLeaf: !children,
  ...(children ? { children } : {}),
  parentId,
  departName: name,
  departNameEn: 'en',
  departNameAbbr: null,
  departOrder: 0,
  description: 'keep me',
  orgCategory: parentId ? '2' : '1',
  orgType: parentId ? '2' : '1',
  orgCode,
  mobile: '0510-85200000',
  fax: null,
  address: null,
  memo: null,
  status: '1',
  createTime: null,
  createBy: null,
  updateTime: null,
  updateBy: null,
});

const TREE = [
  node('d1', '检测中心', 'A01', null, [
    node('d2', '综合办公室', 'A01A01', 'd1'),
    node('d3', '化学检测室', 'A01A02', 'd1'),
  ]),
  node('d9', '分析测试分公司', 'A02', null),
];

function server(tree: DepartTreeNode[] = TREE) {
  return (c: ApiCall) => {
    switch (c.path) {
      case '/sysdepart/sysDepart/queryTreeList':
        return ok(tree);
      case '/sysdepart/sysDepart/searchBy':
        return ok([node('d3', '化学检测室', 'A01A02', 'd1')]);
      case '/sysdepart/sysDepart/add':
        return ok({ id: 'new', orgCode: 'A01A03' }, '添加成功！');
      case '/sysdepart/sysDepart/edit':
        return ok(null, '编辑成功！');
      case '/sysdepart/sysDepart/delete':
        return fail(400, '部门「检测中心」下还有 2 个下级部门，请先删除下级部门并移出用户后再删除');
      case '/sysdepart/sysDepart/queryDepartUsers':
        return ok({
          records: [{ id: 'u1', username: 'lisi', realname: '李四', status: 1, status_dictText: '正常' }],
          total: 1,
        });
      case '/sys/dict/getDictItems/org_category':
        return ok(
          [
            ['1', '公司'],
            ['2', '部门'],
            ['3', '岗位'],
          ].map(([value, text]) => ({ value, text, title: text })),
        );
      default:
        return undefined;
    }
  };
}

const ALL = Object.values(PERM.depart);
/** A page button by its exact text (cheaper than a role query over the whole antd DOM). */
const button = (text: string) => screen.getByText(text).closest('button')!;
const field = (placeholder: string) => screen.getByPlaceholderText<HTMLInputElement>(placeholder);

async function open(tree?: DepartTreeNode[]) {
  const api = mockApi(server(tree));
  renderPage(<DepartListPage />, '/isystem/depart');
  await screen.findByText('检测中心');
  return api;
}

describe('部门管理 page', { timeout: 40_000 }, () => {
  it('shows the whole tree expanded; selecting a node fills 基本信息', async () => {
    grant(...ALL);
    await open();
    expect(screen.getByText('请点击选择要修改部门！')).toBeTruthy();
    for (const n of ['综合办公室', '化学检测室', '分析测试分公司']) expect(screen.getByText(n)).toBeTruthy();
    for (const b of ['添加一级部门', '添加子部门', '批量删除']) expect(button(b)).toBeTruthy();
    expect(screen.queryByText(/导\s*出/)).toBeNull();
    expect(screen.queryByText(/导\s*入/)).toBeNull();

    fireEvent.click(screen.getByText('化学检测室'));
    await waitFor(() => expect(field('请输入机构/部门名称').value).toBe('化学检测室'));
    expect(field('由系统生成').value).toBe('A01A02');
    expect(field('由系统生成').disabled).toBe(true);
    expect(screen.getByLabelText<HTMLInputElement>('上级部门').value).toBe('检测中心');
    expect(await screen.findByLabelText('部门')).toBeTruthy();
    expect(screen.getByLabelText('岗位')).toBeTruthy();
    expect(screen.queryByLabelText('公司')).toBeNull();
    expect(button('修改并保存')).toBeTruthy();
  });

  it('修改并保存: the required name, then PUT edit with the unseen fields kept', async () => {
    grant(...ALL);
    const api = await open();
    fireEvent.click(screen.getByText('检测中心'));
    await waitFor(() => expect(field('请输入机构/部门名称').value).toBe('检测中心'));
    expect(await screen.findByLabelText('公司')).toBeTruthy();
    fireEvent.change(field('请输入机构/部门名称'), { target: { value: '  ' } });
    fireEvent.click(button('修改并保存'));
    expect(await screen.findByText('请输入机构/部门名称！')).toBeTruthy();
    expect(api.last('/sysdepart/sysDepart/edit')).toBeUndefined();

    fireEvent.change(field('请输入机构/部门名称'), { target: { value: '检测总中心' } });
    fireEvent.click(button('修改并保存'));
    expect(await screen.findByText('编辑成功！')).toBeTruthy();
    expect(api.last('/sysdepart/sysDepart/edit')!.body).toEqual({
      id: 'd1',
      departName: '检测总中心',
      orgCategory: '1',
      departOrder: 0,
      mobile: '0510-85200000',
      fax: null,
      address: null,
      memo: null,
      departNameEn: 'en',
      departNameAbbr: null,
      description: 'keep me',
      status: '1',
    });
  });

  it('添加子部门 asks for a selection first, then sends the parentId and selects the new node', async () => {
    grant(...ALL);
    await open();
    fireEvent.click(button('添加子部门'));
    expect(await screen.findByText('请先点击选中上级部门！')).toBeTruthy();

    fireEvent.click(screen.getByText('检测中心'));
    fireEvent.click(button('添加子部门'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText<HTMLInputElement>('上级部门').value).toBe('检测中心');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入机构/部门名称！')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入机构/部门名称'), { target: { value: '物理检测室' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入电话'), { target: { value: 'abc' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('请输入正确的电话号码')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入电话'), { target: { value: '0510-1234' } });

    const grown = [
      node('d1', '检测中心', 'A01', null, [...TREE[0].children!, node('new', '物理检测室', 'A01A03', 'd1')]),
      TREE[1],
    ];
    const after = mockApi(server(grown));
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(after.last('/sysdepart/sysDepart/add')!.body).toMatchObject({
      departName: '物理检测室',
      parentId: 'd1',
      orgCategory: '2',
      departOrder: 1,
      mobile: '0510-1234',
    });
    await waitFor(() => expect(field('由系统生成').value).toBe('A01A03'), { timeout: 5000 });
    expect(field('请输入机构/部门名称').value).toBe('物理检测室');
  });

  it('添加一级部门 sends no parent and offers only 公司', async () => {
    grant(...ALL);
    const api = await open();
    fireEvent.click(button('添加一级部门'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByLabelText('上级部门')).toBeNull();
    expect(await within(dialog).findByLabelText('公司')).toBeTruthy();
    expect(within(dialog).queryByLabelText('部门')).toBeNull();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入机构/部门名称'), { target: { value: '新公司' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(api.last('/sysdepart/sysDepart/add')!.body).toMatchObject({
      departName: '新公司',
      parentId: null,
      orgCategory: '1',
      departOrder: 1,
    });
  });

  it('right-click ▸ 删除 asks first and shows the server refusal', async () => {
    grant(...ALL);
    const api = await open();
    fireEvent.contextMenu(screen.getByText('检测中心'));
    fireEvent.click(await screen.findByText('删除'));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getAllByText('确定删除吗?').length).toBeGreaterThan(0);
    fireEvent.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    expect(
      await screen.findByText('部门「检测中心」下还有 2 个下级部门，请先删除下级部门并移出用户后再删除'),
    ).toBeTruthy();
    expect(Object.fromEntries(api.last('/sysdepart/sysDepart/delete')!.params)).toEqual({ id: 'd1' });
    expect(screen.getByText('检测中心')).toBeTruthy();
  });

  it('批量删除 without checked nodes says so; the search box calls searchBy', async () => {
    grant(...ALL);
    const api = await open();
    fireEvent.click(button('批量删除'));
    expect(await screen.findByText('请选择一条记录！')).toBeTruthy();
    expect(api.last('/sysdepart/sysDepart/deleteBatch')).toBeUndefined();

    const box = field('请输入部门名称');
    fireEvent.change(box, { target: { value: ' 化学 ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByText('综合办公室')).toBeNull());
    expect(api.last('/sysdepart/sysDepart/searchBy')!.params.get('keyWord')).toBe('化学');
    expect(await screen.findByText('化学检测室')).toBeTruthy();
  });

  it("部门人员 lists the selected department's users", async () => {
    grant(...ALL);
    const api = await open();
    fireEvent.click(screen.getByText('化学检测室'));
    fireEvent.click(screen.getByRole('tab', { name: '部门人员' }));
    expect(await screen.findByText('lisi')).toBeTruthy();
    for (const h of ['用户账号', '用户姓名', '状态'])
      expect(screen.getByRole('columnheader', { name: new RegExp(h) })).toBeTruthy();
    expect(screen.getByText('正常')).toBeTruthy();
    expect(api.last('/sysdepart/sysDepart/queryDepartUsers')!.params.get('id')).toBe('d3');
  });

  it('hides the writes from a user without them', async () => {
    grant(PERM.depart.list);
    await open();
    for (const b of ['添加一级部门', '添加子部门', '批量删除']) expect(screen.queryByText(b)).toBeNull();
    fireEvent.click(screen.getByText('检测中心'));
    await waitFor(() => expect(field('请输入机构/部门名称').value).toBe('检测中心'));
    expect(field('请输入机构/部门名称').disabled).toBe(true);
    expect(screen.queryByText('修改并保存')).toBeNull();
  });
});
