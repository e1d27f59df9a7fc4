import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RoleTreeNode } from '@lims/contracts';
import { fail, mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import { RoleAuthDrawer } from './role-auth-drawer';

const node = (
  key: string,
  title: string,
  menuType: number,
  children?: RoleTreeNode[],
  ruleFlag = false,
): RoleTreeNode => ({
  key,
  title,
  isLeaf: !children,
  icon: null,
  parentId: null,
  menuType,
  ruleFlag,
  ...(children ? { children } : {}),
});
const TREE = [
  node('m1', '基础数据', 0, [
    node('m2', '供应商管理', 1, [node('b1', '添加供应商', 2), node('b2', '删除供应商', 2)], true),
  ]),
  node('m3', '系统管理', 0, [node('m4', '角色管理', 1)]),
];
const IDS = ['m1', 'm2', 'b1', 'b2', 'm3', 'm4'];
const TITLES = ['基础数据', '供应商管理', '添加供应商', '删除供应商', '系统管理', '角色管理'];
const RULES = {
  datarule: [
    {
      id: 'dr1',
      permissionId: 'm2',
      ruleName: '只看自己创建的',
      ruleColumn: 'createBy',
      ruleConditions: '=',
      ruleValue: '#{sys_user_code}',
      status: '1',
      createTime: null,
      createBy: null,
      updateTime: null,
      updateBy: null,
    },
  ],
  drChecked: [],
};

function server(saveAnswer = ok(null, '保存成功！')) {
  return (c: ApiCall) => {
    switch (c.path) {
      case '/sys/role/queryTreeList':
        return ok({ treeList: TREE, ids: IDS });
      case '/sys/permission/queryRolePermission':
        return ok(['m3', 'm4']);
      case '/sys/permission/saveRolePermission':
        return saveAnswer;
      case '/sys/role/datarule':
        return c.method === 'GET' ? ok(RULES) : fail(400, '请先保存角色菜单权限！');
      default:
        return undefined;
    }
  };
}

const ROLE = { id: 'r1', roleName: '实验室人员' };
const treeNode = (title: string) => screen.getByText(title).closest('.ant-tree-treenode')!;
const isChecked = (title: string) => treeNode(title).querySelector('.ant-tree-checkbox-checked') !== null;
const toggle = (title: string) => fireEvent.click(treeNode(title).querySelector('.ant-tree-checkbox')!);
const footerButton = (name: RegExp) =>
  within(document.querySelector<HTMLElement>('.ant-drawer-footer')!).getByRole('button', { name });
const treeAction = async (label: string) => {
  fireEvent.mouseEnter(footerButton(/树操作/));
  fireEvent.click(await screen.findByRole('menuitem', { name: label }));
};

describe('角色权限配置 drawer', { timeout: 40_000 }, () => {
  it('shows the grants; linked checking takes ancestors and subtree; 仅保存 sends the new and the last ids', async () => {
    const api = mockApi(server());
    const onClose = vi.fn();
    renderPage(<RoleAuthDrawer role={ROLE} onClose={onClose} />);
    expect(await screen.findByText('角色权限配置（实验室人员）')).toBeTruthy();
    await screen.findByText('添加供应商');
    expect(TITLES.map(isChecked)).toEqual([false, false, false, false, true, true]);

    toggle('添加供应商');
    expect(['基础数据', '供应商管理', '添加供应商'].map(isChecked)).toEqual([true, true, true]);
    expect(isChecked('删除供应商')).toBe(false);
    toggle('系统管理');
    expect(isChecked('角色管理')).toBe(false);

    fireEvent.click(footerButton(/仅保存/));
    expect(await screen.findByText('保存成功！')).toBeTruthy();
    expect(api.last('/sys/permission/saveRolePermission')!.body).toEqual({
      roleId: 'r1',
      permissionIds: 'm1,m2,b1',
      lastpermissionIds: 'm3,m4',
    });
    expect(onClose).not.toHaveBeenCalled();

    await treeAction('取消关联');
    toggle('删除供应商');
    toggle('基础数据');
    expect(isChecked('供应商管理')).toBe(true);
    fireEvent.click(footerButton(/保存并关闭/));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/sys/permission/saveRolePermission')).toHaveLength(2),
    );
    expect(api.last('/sys/permission/saveRolePermission')!.body).toEqual({
      roleId: 'r1',
      permissionIds: 'm2,b1,b2',
      lastpermissionIds: 'm1,m2,b1',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('全部勾选 / 取消全选; a refused save shows the server message', async () => {
    const api = mockApi(server(fail(400, '菜单权限不存在: x')));
    renderPage(<RoleAuthDrawer role={ROLE} onClose={() => undefined} />);
    await screen.findByText('添加供应商');
    await treeAction('全部勾选');
    await waitFor(() => expect(['基础数据', '删除供应商', '角色管理'].map(isChecked)).toEqual([true, true, true]));
    fireEvent.click(footerButton(/仅保存/));
    expect(await screen.findByText('菜单权限不存在: x')).toBeTruthy();
    expect(api.last('/sys/permission/saveRolePermission')!.body).toMatchObject({
      permissionIds: IDS.join(','),
      lastpermissionIds: 'm3,m4',
    });
    await treeAction('取消全选');
    await waitFor(() => expect(TITLES.some(isChecked)).toBe(false));
  });

  it("数据规则 on a node with rules: the menu's rules as choices, saved with POST /sys/role/datarule", async () => {
    const api = mockApi(server());
    renderPage(<RoleAuthDrawer role={ROLE} onClose={() => undefined} />);
    await screen.findByText('添加供应商');
    fireEvent.click(within(treeNode('供应商管理') as HTMLElement).getByText('数据规则'));
    expect(await screen.findByText('数据规则配置（供应商管理）')).toBeTruthy();
    expect(Object.fromEntries(api.last('/sys/role/datarule')!.params)).toMatchObject({
      roleId: 'r1',
      permissionId: 'm2',
    });
    fireEvent.click(await screen.findByRole('checkbox', { name: /只看自己创建的/ }));
    fireEvent.click(screen.getByRole('button', { name: /^保\s*存$/ }));
    expect(await screen.findByText('请先保存角色菜单权限！')).toBeTruthy();
    expect(api.last('/sys/role/datarule')!.body).toEqual({ roleId: 'r1', permissionId: 'm2', dataRuleIds: 'dr1' });
  });
});
