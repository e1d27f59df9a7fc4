import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@lims/contracts';
import { fail, grant, mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import RoleListPage from './role-list-page';

const audit = { createTime: '2026-01-02 09:00:00', createBy: 'admin', updateTime: null, updateBy: null };
const ROLES = [
  { id: 'r1', roleName: '实验室人员', roleCode: 'lab', description: '维护供应商', ...audit },
  { id: 'r2', roleName: '普通用户', roleCode: 'user', description: null, ...audit },
];

function server(c: ApiCall) {
  switch (c.path) {
    case '/sys/role/list':
      return ok({ records: ROLES, total: 2 });
    case '/sys/role/add':
      return ok('new-id', '添加成功！');
    case '/sys/role/edit':
      return ok(null, '修改成功！');
    case '/sys/role/delete':
      return fail(409, '该角色下还有 2 个用户，请先移除用户');
    case '/sys/duplicate/check':
      return c.params.get('fieldVal') === 'lab' ? fail(409, '角色编码已存在！') : ok(null, '该值可用！');
    default:
      return undefined;
  }
}

const ALL = Object.values(PERM.role);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
const okButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s*定/ });
const openMore = async (code: string, item: string) => {
  fireEvent.mouseEnter(within(rowOf(code)).getByText('更多'));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
};

describe('角色管理 page', { timeout: 40_000 }, () => {
  it('shows search, toolbar, columns and 用户 | 更多 ▸ 授权, 编辑, 删除; hides guarded actions without the codes', async () => {
    grant(...ALL);
    const api = mockApi(server);
    const view = renderPage(<RoleListPage />, '/isystem/role?createTime_begin=2026-01-01&createTime_end=2026-01-31');
    expect(await screen.findByText('实验室人员')).toBeTruthy();
    expect(screen.getByPlaceholderText('请输入角色名称')).toBeTruthy();
    expect(Object.fromEntries(api.last('/sys/role/list')!.params)).toMatchObject({
      createTime_begin: '2026-01-01',
      createTime_end: '2026-01-31',
    });
    for (const b of [/角色录入/, /导\s*出/, /导\s*入/])
      expect(screen.getAllByRole('button', { name: b }).length).toBeGreaterThan(0);
    for (const h of ['角色编码', '角色名称', '描述', '创建时间', '操作'])
      expect(screen.getByRole('columnheader', { name: new RegExp(h) })).toBeTruthy();
    expect(within(rowOf('lab')).getByText('用户')).toBeTruthy();
    expect(within(rowOf('lab')).queryByText('编辑')).toBeNull();
    fireEvent.mouseEnter(within(rowOf('lab')).getByText('更多'));
    for (const item of ['授权', '编辑', '删除'])
      expect(await screen.findByRole('menuitem', { name: item })).toBeTruthy();
    view.unmount();

    grant();
    mockApi(server);
    renderPage(<RoleListPage />, '/isystem/role');
    await screen.findByText('实验室人员');
    for (const b of [/角色录入/, /导\s*出/, /导\s*入/])
      expect(screen.queryAllByRole('button', { name: b })).toHaveLength(0);
    expect(within(rowOf('lab')).getByText('用户')).toBeTruthy();
    expect(within(rowOf('lab')).queryByText('更多')).toBeNull();
  });

  it('角色录入: required, length, Chinese and duplicate messages, then POST /sys/role/add', async () => {
    grant(...ALL);
    const api = mockApi(server);
    renderPage(<RoleListPage />, '/isystem/role');
    await screen.findByText('实验室人员');
    fireEvent.click(screen.getByRole('button', { name: /角色录入/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增')).toBeTruthy();
    fireEvent.click(okButton(dialog));
    expect(await within(dialog).findByText('请输入角色名称！')).toBeTruthy();
    expect(within(dialog).getByText('请输入角色编码！')).toBeTruthy();

    fireEvent.change(within(dialog).getByPlaceholderText('请输入角色名称'), { target: { value: '质' } });
    expect(await within(dialog).findByText('长度在 2 到 30 个字符')).toBeTruthy();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入角色名称'), { target: { value: '质量负责人' } });
    const code = within(dialog).getByPlaceholderText('请输入角色编码');
    fireEvent.change(code, { target: { value: '质量' } });
    expect(await within(dialog).findByText('角色编码不可输入汉字！')).toBeTruthy();
    fireEvent.change(code, { target: { value: 'lab' } });
    fireEvent.blur(code);
    expect(await within(dialog).findByText('角色编码已存在！')).toBeTruthy();
    expect(Object.fromEntries(api.last('/sys/duplicate/check')!.params)).toMatchObject({
      tableName: 'roles',
      fieldName: 'role_code',
      fieldVal: 'lab',
    });

    fireEvent.change(code, { target: { value: 'quality' } });
    fireEvent.blur(code);
    await waitFor(() => expect(within(dialog).queryByText('角色编码已存在！')).toBeNull());
    fireEvent.change(within(dialog).getByPlaceholderText('请输入描述'), { target: { value: '质量体系' } });
    fireEvent.click(okButton(dialog));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(api.last('/sys/role/add')!.body).toEqual({
      roleName: '质量负责人',
      roleCode: 'quality',
      description: '质量体系',
    });
  });

  it('编辑: the code is fixed and not sent; PUT with the id', async () => {
    grant(...ALL);
    const api = mockApi(server);
    renderPage(<RoleListPage />, '/isystem/role');
    await screen.findByText('实验室人员');
    await openMore('lab', '编辑');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑')).toBeTruthy();
    expect(within(dialog).getByPlaceholderText<HTMLInputElement>('请输入角色编码').disabled).toBe(true);
    fireEvent.change(within(dialog).getByPlaceholderText('请输入角色名称'), {
      target: { value: '实验室人员（检测）' },
    });
    fireEvent.click(okButton(dialog));
    expect(await screen.findByText('修改成功！')).toBeTruthy();
    expect(api.last('/sys/role/edit')!.body).toEqual({
      id: 'r1',
      roleName: '实验室人员（检测）',
      description: '维护供应商',
    });
  });

  it('删除 asks 确定删除吗? and shows the server refusal while users hold the role', async () => {
    grant(...ALL);
    const api = mockApi(server);
    renderPage(<RoleListPage />, '/isystem/role');
    await screen.findByText('实验室人员');
    await openMore('lab', '删除');
    expect(await screen.findAllByText('确定删除吗?')).not.toHaveLength(0);
    fireEvent.click(screen.getAllByRole('button', { name: /确\s*定/ }).at(-1)!);
    expect(await screen.findByText('该角色下还有 2 个用户，请先移除用户')).toBeTruthy();
    expect(api.last('/sys/role/delete')!.params.get('id')).toBe('r1');
  });
});
