import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@lims/contracts';
import { grant, mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import { RoleUserDrawer } from './role-user-drawer';

const USERS = [
  { id: 'u1', username: 'lisi', realname: '李四', status: 1, status_dictText: '正常' },
  { id: 'u2', username: 'wangwu', realname: '王五', status: 2, status_dictText: '冻结' },
];
const PICKABLE = [...USERS, { id: 'u3', username: 'zhangsan', realname: '张三', status: 1, status_dictText: '正常' }];

function server(c: ApiCall) {
  switch (c.path) {
    case '/sys/user/userRoleList':
      return ok({ records: USERS, total: 2 });
    case '/sys/user/deleteUserRole':
      return ok(1, '删除成功！');
    case '/sys/user/deleteUserRoleBatch':
      return ok(2, '删除成功！共 2 条');
    case '/sys/user/addSysUserRole':
      return ok(1, '添加成功！');
    case '/sys/dict/getDictItems/user_status':
      return ok([
        { value: '1', text: '正常', title: '正常' },
        { value: '2', text: '冻结', title: '冻结' },
      ]);
    case '/sysdepart/sysDepart/queryTreeList':
      return ok([{ id: 'd1', departName: '检测中心', orgCode: 'A01' }]);
    case '/sys/user/queryUserOfDepart':
      return ok({ records: PICKABLE, total: 3 });
    default:
      return undefined;
  }
}

const ROLE = { id: 'r1', roleName: '实验室人员', roleCode: 'lab' };
const rowOf = (text: string) =>
  screen
    .getAllByText(text, { exact: true })
    .map((e) => e.closest('tr'))
    .find(Boolean)!;

describe('角色用户 drawer', { timeout: 40_000 }, () => {
  it("lists the role's users (用户账号, 用户姓名, 状态), searches by 用户账号 and removes one or several", async () => {
    grant(...Object.values(PERM.role));
    const api = mockApi(server);
    renderPage(<RoleUserDrawer role={ROLE} onClose={() => undefined} />);
    expect(await screen.findByText('李四')).toBeTruthy();
    expect(Object.fromEntries(api.last('/sys/user/userRoleList')!.params)).toMatchObject({ roleId: 'r1' });
    for (const h of ['用户账号', '用户姓名', '状态'])
      expect(screen.getAllByRole('columnheader', { name: new RegExp(h) }).length).toBeGreaterThan(0);
    expect(await within(rowOf('wangwu')).findByText('冻结')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('请输入用户账号'), { target: { value: ' li ' } });
    fireEvent.click(screen.getByRole('button', { name: /(^|\s)查\s*询$/ }));
    await waitFor(() => expect(api.last('/sys/user/userRoleList')!.params.get('username')).toBe('*li*'));

    fireEvent.click(within(rowOf('lisi')).getByText('删除'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('删除成功！')).toBeTruthy();
    expect(Object.fromEntries(api.last('/sys/user/deleteUserRole')!.params)).toEqual({ roleId: 'r1', userId: 'u1' });

    fireEvent.click(within(rowOf('lisi')).getByRole('checkbox'));
    fireEvent.click(within(rowOf('wangwu')).getByRole('checkbox'));
    fireEvent.mouseEnter(screen.getByRole('button', { name: /批量操作/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: /删除/ }));
    fireEvent.click(
      within((await screen.findByText('是否删除选中数据?')).closest('.ant-modal-confirm') as HTMLElement).getByRole(
        'button',
        { name: /确\s*定/ },
      ),
    );
    expect(await screen.findByText('删除成功！共 2 条')).toBeTruthy();
    expect(Object.fromEntries(api.last('/sys/user/deleteUserRoleBatch')!.params)).toEqual({
      roleId: 'r1',
      userIds: 'u1,u2',
    });
  });

  it('添加已有用户: the shared 选择用户 dialog, then POST /sys/user/addSysUserRole with the chosen ids', async () => {
    grant(...Object.values(PERM.role));
    const api = mockApi(server);
    renderPage(<RoleUserDrawer role={ROLE} onClose={() => undefined} />);
    await screen.findByText('李四');
    fireEvent.click(screen.getByRole('button', { name: /添加已有用户/ }));
    const picker = (await screen.findByText('选择用户')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(await within(picker).findByText('zhangsan'));
    fireEvent.click(within(picker).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(api.last('/sys/user/addSysUserRole')!.body).toEqual({ roleId: 'r1', userIdList: ['u3'] });
  });

  it('without role:edit there is no 添加已有用户 and no 删除', async () => {
    grant(PERM.role.list);
    mockApi(server);
    renderPage(<RoleUserDrawer role={ROLE} onClose={() => undefined} />);
    await screen.findByText('李四');
    expect(screen.queryByRole('button', { name: /添加已有用户/ })).toBeNull();
    expect(within(rowOf('lisi')).queryByText('删除')).toBeNull();
  });
});
