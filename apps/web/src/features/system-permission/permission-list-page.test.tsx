import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM } from '@lims/contracts';
import { grant, mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import PermissionListPage from './permission-list-page';
import { MENUS } from './test-menus';

function server(c: ApiCall) {
  switch (c.path) {
    case '/sys/permission/list':
      return ok(MENUS);
    case '/sys/permission/add':
      return ok('new-id', '添加成功！');
    case '/sys/permission/edit':
      return ok(null, '编辑成功！');
    case '/sys/permission/delete':
      return ok(4, '删除成功！共删除 4 个菜单/按钮');
    case '/sys/dict/getDictItems/global_perms_type':
      return ok([
        { value: '1', text: '可见/可访问(授权后可见/可访问)', title: '' },
        { value: '2', text: '可编辑(未授权时禁用)', title: '' },
      ]);
    case '/sys/dict/getDictItems/valid_status':
      return ok([
        { value: '0', text: '无效', title: '无效' },
        { value: '1', text: '有效', title: '有效' },
      ]);
    default:
      return undefined;
  }
}

const rowOf = (text: string) => screen.getByText(text, { exact: true }).closest('tr')!;
const drawer = () => screen.getAllByRole('dialog').at(-1)!;
const okButton = () => within(drawer()).getByRole('button', { name: /确\s*定/ });
const openMore = async (name: string, item: string) => {
  fireEvent.mouseEnter(within(rowOf(name)).getByText('更多'));
  fireEvent.click(await screen.findByRole('menuitem', { name: item }));
};
const chooseType = (label: string) => fireEvent.click(within(drawer()).getByLabelText(label));

async function openPage() {
  grant(...Object.values(PERM.menu));
  const api = mockApi(server);
  renderPage(<PermissionListPage />, '/isystem/permission');
  await screen.findByText('基础数据');
  return api;
}

describe('菜单管理 page', { timeout: 40_000 }, () => {
  it('shows the tree table, expands all, and 编辑 | 更多 by node type', async () => {
    await openPage();
    for (const h of ['菜单名称', '菜单类型', '权限编码', '图标', '组件', '路径', '排序', '操作']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(h) })).toBeTruthy();
    }
    for (const b of [/新\s*增/, /批量删除/]) expect(screen.getByRole('button', { name: b })).toBeTruthy();
    expect(screen.queryByText('供应商管理')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /展开全部/ }));
    expect(await screen.findByText('添加供应商')).toBeTruthy();
    expect(within(rowOf('供应商管理')).getByText('子菜单')).toBeTruthy();
    expect(within(rowOf('添加供应商')).getByText('按钮/权限')).toBeTruthy();
    expect(within(rowOf('首页')).getByText('一级菜单')).toBeTruthy();
    await waitFor(() => expect(rowOf('首页').querySelector('.anticon-home')).toBeTruthy());
    expect(screen.getByRole('button', { name: /折叠全部/ })).toBeTruthy();

    fireEvent.mouseEnter(within(rowOf('添加供应商')).getByText('更多'));
    for (const item of ['详情', '删除']) expect(await screen.findByRole('menuitem', { name: item })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: '添加子菜单' })).toBeNull();
    fireEvent.mouseLeave(within(rowOf('添加供应商')).getByText('更多'));
    fireEvent.mouseEnter(within(rowOf('供应商管理')).getByText('更多'));
    for (const item of ['添加子菜单', '数据规则'])
      expect(await screen.findByRole('menuitem', { name: item })).toBeTruthy();
  });

  it('新增: the drawer asks per type (menu: title, path, component; sub-menu: parent; button: policy); nothing is sent while input is bad', async () => {
    const api = await openPage();
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }));
    // The drawer's script loads on first use: wait for it, not only for its title.
    await waitFor(() => expect(within(drawer()).getByText('新增')).toBeTruthy());
    fireEvent.change(within(drawer()).getByPlaceholderText('请输入菜单名称'), { target: { value: '' } });
    fireEvent.click(okButton());
    for (const m of ['请输入菜单标题！', '请输入菜单路径！', '请输入前端组件！'])
      expect(await within(drawer()).findByText(m)).toBeTruthy();
    expect(within(drawer()).queryByText('上级菜单')).toBeNull();
    expect(within(drawer()).getByText('默认跳转地址')).toBeTruthy();

    chooseType('子菜单');
    expect(await within(drawer()).findByText('上级菜单')).toBeTruthy();
    expect(within(drawer()).queryByText('默认跳转地址')).toBeNull();
    fireEvent.click(okButton());
    expect(await within(drawer()).findByText('请选择上级菜单！')).toBeTruthy();

    chooseType('按钮/权限');
    await waitFor(() => expect(within(drawer()).queryByText('菜单路径')).toBeNull());
    expect(within(drawer()).getByText('按钮/权限', { selector: 'label' })).toBeTruthy();
    expect(within(drawer()).getByText('多个用逗号分隔, 如: user:list,user:create')).toBeTruthy();
    expect(await within(drawer()).findByText('可编辑(未授权时禁用)')).toBeTruthy();
    fireEvent.change(within(drawer()).getByPlaceholderText('请输入菜单排序'), { target: { value: '1.5' } });
    fireEvent.change(within(drawer()).getByPlaceholderText('请输入按钮/权限名称'), { target: { value: '审核' } });
    fireEvent.click(okButton());
    expect(await within(drawer()).findByText('请输入正整数！')).toBeTruthy();
    expect(api.last('/sys/permission/add')).toBeUndefined();
  });

  it('添加子菜单: a sub-menu under that node; the request carries the parent', async () => {
    const api = await openPage();
    await openMore('基础数据', '添加子菜单');
    expect(await within(drawer()).findByText('新增')).toBeTruthy();
    fireEvent.change(within(drawer()).getByPlaceholderText('请输入菜单名称'), { target: { value: '仪器管理' } });
    fireEvent.change(within(drawer()).getByPlaceholderText('请输入菜单路径'), {
      target: { value: '/basedata/instrument' },
    });
    fireEvent.change(within(drawer()).getByPlaceholderText('请输入前端组件'), {
      target: { value: 'basedata/InstrumentList' },
    });
    fireEvent.change(within(drawer()).getByPlaceholderText('请输入授权标识, 如: user:list'), {
      target: { value: 'instrument:list' },
    });
    fireEvent.click(okButton());
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(api.last('/sys/permission/add')!.body).toMatchObject({
      menuType: 1,
      parentId: 'base',
      name: '仪器管理',
      url: '/basedata/instrument',
      component: 'basedata/InstrumentList',
      perms: 'instrument:list',
      isRoute: true,
      hidden: false,
      componentName: null,
    });
  });

  it('编辑 a button: 按钮/权限 with its parent; PUT with the id and the fields the form does not show', async () => {
    const api = await openPage();
    fireEvent.click(screen.getByRole('button', { name: /展开全部/ }));
    fireEvent.click(within(await screen.findByText('添加供应商').then((e) => e.closest('tr')!)).getByText('编辑'));
    expect(await within(drawer()).findByText('编辑')).toBeTruthy();
    expect(within(drawer()).getByPlaceholderText<HTMLInputElement>('请输入按钮/权限名称').value).toBe('添加供应商');
    expect(within(drawer()).queryByText('菜单路径')).toBeNull();
    fireEvent.change(within(drawer()).getByPlaceholderText('请输入授权标识, 如: user:list'), {
      target: { value: 'supplier:add, supplier:copy' },
    });
    fireEvent.click(okButton());
    await waitFor(() => expect(api.last('/sys/permission/edit')).toBeTruthy(), { timeout: 5000 });
    expect(await screen.findByText('编辑成功！')).toBeTruthy();
    expect(api.last('/sys/permission/edit')!.body).toMatchObject({
      id: 'sup-add',
      menuType: 2,
      parentId: 'sup',
      name: '添加供应商',
      perms: 'supplier:add, supplier:copy',
      permsType: '1',
      status: '1',
      componentName: null,
      description: null,
    });
  });

  it('删除 says the children go too, then DELETE ?id and the server message', async () => {
    const api = await openPage();
    await openMore('基础数据', '删除');
    expect(await screen.findAllByText('确定删除「基础数据」及其全部 3 个下级菜单/按钮吗?')).not.toHaveLength(0);
    fireEvent.click(
      within(document.querySelector<HTMLElement>('.ant-modal-confirm')!).getByRole('button', { name: /确\s*定/ }),
    );
    expect(await screen.findByText('删除成功！共删除 4 个菜单/按钮')).toBeTruthy();
    expect(api.last('/sys/permission/delete')!.params.get('id')).toBe('base');
  });
});
