import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@lims/contracts';
import { grant, mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import { DataRuleDrawer } from './data-rule-drawer';

const RULE = {
  id: 'dr1',
  permissionId: 'sup',
  ruleName: '只看自己创建的',
  ruleColumn: 'createBy',
  ruleConditions: '=',
  ruleValue: '#{sys_user_code}',
  status: '1',
  createTime: '2026-01-01 08:00:00',
  createBy: 'admin',
  updateTime: null,
  updateBy: null,
};

function server(c: ApiCall) {
  switch (c.path) {
    case '/sys/permission/queryPermissionRule':
      return ok([RULE]);
    case '/sys/permission/addPermissionRule':
      return ok('dr2', '添加成功！');
    case '/sys/permission/deletePermissionRule':
      return ok(null, '删除成功！');
    case '/sys/dict/getDictItems/valid_status':
      return ok([
        { value: '0', text: '无效', title: '无效' },
        { value: '1', text: '有效', title: '有效' },
      ]);
    default:
      return undefined;
  }
}

const MENU = { id: 'sup', name: '供应商管理' };
const modal = () => screen.getByText('新增', { selector: '.ant-modal-title' }).closest('.ant-modal') as HTMLElement;

describe('数据规则 drawer', { timeout: 40_000 }, () => {
  it("lists the menu's rules (规则名称, 规则字段, 条件, 规则值, 状态) and searches them", async () => {
    grant(...Object.values(PERM.menu));
    const api = mockApi(server);
    renderPage(<DataRuleDrawer menu={MENU} onClose={() => undefined} />);
    expect(await screen.findByText('只看自己创建的')).toBeTruthy();
    for (const h of ['规则名称', '规则字段', '条件', '规则值', '状态'])
      expect(screen.getAllByRole('columnheader', { name: new RegExp(h) }).length).toBeGreaterThan(0);
    expect(screen.getByText('等于（=）')).toBeTruthy();
    expect(await screen.findByText('有效')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入规则字段'), { target: { value: ' createBy ' } });
    fireEvent.click(screen.getByRole('button', { name: /(^|\s)查\s*询$/ }));
    await waitFor(() =>
      expect(api.last('/sys/permission/queryPermissionRule')!.params.get('ruleColumn')).toBe('createBy'),
    );
    expect(api.last('/sys/permission/queryPermissionRule')!.params.get('permissionId')).toBe('sup');
  });

  it('新增: required messages, then POST addPermissionRule with the menu id', async () => {
    grant(...Object.values(PERM.menu));
    const api = mockApi(server);
    renderPage(<DataRuleDrawer menu={MENU} onClose={() => undefined} />);
    await screen.findByText('只看自己创建的');
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    await screen.findByText('新增', { selector: '.ant-modal-title' });
    fireEvent.click(within(modal()).getByRole('button', { name: /确\s*定/ }));
    for (const m of ['请输入规则名称！', '请输入规则字段！', '请选择条件规则！', '请输入规则值！'])
      expect(await within(modal()).findByText(m)).toBeTruthy();

    fireEvent.change(within(modal()).getByPlaceholderText('请输入规则名称'), { target: { value: '本部门' } });
    fireEvent.change(within(modal()).getByPlaceholderText('请输入规则字段'), { target: { value: 'Sys_org' } });
    expect(await within(modal()).findByText('规则字段须是列表的字段名（如 createBy）')).toBeTruthy();
    fireEvent.change(within(modal()).getByPlaceholderText('请输入规则字段'), { target: { value: 'sysOrgCode' } });
    fireEvent.mouseDown(within(modal()).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('模糊（LIKE）'));
    fireEvent.change(within(modal()).getByPlaceholderText('请输入规则值'), { target: { value: '#{sys_org_code}*' } });
    fireEvent.click(within(modal()).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(api.last('/sys/permission/addPermissionRule')).toBeTruthy(), { timeout: 5000 });
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(api.last('/sys/permission/addPermissionRule')!.body).toEqual({
      permissionId: 'sup',
      ruleName: '本部门',
      ruleColumn: 'sysOrgCode',
      ruleConditions: 'LIKE',
      ruleValue: '#{sys_org_code}*',
      status: '1',
    });
  });
});
