import '../../shared/ui/test-support/jsdom-stubs';
import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM, type AuthItem } from '@lims/contracts';
import { fail, grant, mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import { useSession } from '../../shared/session/session-store';
import UserListPage from './user-list-page';
import { ROLES_READ_ONLY } from './user-form-modal';

const audit = { createTime: '2026-01-01 08:00:00', createBy: 'admin', updateTime: null, updateBy: null };
const user = (id: string, username: string, realname: string, status: number, extra: object = {}) => ({
  id,
  username,
  realname,
  status,
  status_dictText: status === 2 ? '冻结' : '正常',
  sex: 1,
  sex_dictText: '男',
  avatar: null,
  birthday: '1990-05-01',
  email: null,
  phone: null,
  orgCode: 'A01',
  workNo: null,
  post: null,
  telephone: null,
  departNames: '检测中心',
  ...audit,
  ...extra,
});
const ADMIN = user('u1', 'admin', '管理员', 1, { avatar: 'avatar/202601/a.png' });
const LISI = user('u2', 'lisi', '李四', 1, {
  phone: '13800000004',
  departNames: '化学检测室,环境检测实验室',
  workNo: '0004',
  roleNames: '实验室人员,权限管理员',
});
const WANGWU = user('u3', 'wangwu', '王五', 2);
const TREE = [
  {
    id: 'd1',
    departName: '检测中心',
    orgCode: 'A01',
    children: [
      { id: 'd2', departName: '化学检测室', orgCode: 'A01A03' },
      { id: 'd3', departName: '环境检测实验室', orgCode: 'A01A07' },
    ],
  },
];
const dict = (items: Array<[string, string]>) => ok(items.map(([value, text]) => ({ value, text, title: text })));

function server(c: ApiCall) {
  switch (c.path) {
    case '/sys/user/list':
      return ok({ records: [ADMIN, LISI, WANGWU], total: 3 });
    case '/sys/user/queryById':
      return ok({ ...LISI, selectedroles: 'r2', selecteddeparts: 'd2,d3' });
    case '/sys/role/queryall':
      return ok([
        { id: 'r1', roleName: '管理员', roleCode: 'admin', description: '' },
        { id: 'r2', roleName: '实验室人员', roleCode: 'lab', description: '' },
      ]);
    case '/sysdepart/sysDepart/queryTreeList':
      return ok(TREE);
    case '/sys/dict/getDictItems/sex':
      return dict([
        ['1', '男'],
        ['2', '女'],
      ]);
    case '/sys/dict/getDictItems/user_status':
      return dict([
        ['1', '正常'],
        ['2', '冻结'],
      ]);
    case '/sys/user/checkOnlyUser':
      if (c.params.get('username') === 'admin') return fail(409, '用户名已存在！');
      return c.params.get('workNo') === '0004' && c.params.get('id') !== 'u2'
        ? fail(409, '工号已存在！')
        : ok(true, '该值可用！');
    case '/sys/user/add':
      return ok('u9', '添加成功！');
    case '/sys/user/edit':
      return ok(null, '修改成功！');
    case '/sys/user/frozenBatch':
      return String((c.body as { ids: string }).ids).includes('u1')
        ? fail(400, '管理员账号不允许此操作,请重新选择！')
        : ok(1, '操作成功！');
    case '/sys/user/changPassword':
      return ok(null, '密码修改成功！');
    case '/sys/user/importExcel':
      return ok(
        { count: 1, passwords: [{ username: 'zhouqi', realname: '周七', password: 'Xy7pQ2mN4k' }] },
        '文件导入成功！数据行数：1',
      );
    default:
      return undefined;
  }
}

// A busy machine answers slower than testing-library's default second.
configure({ asyncUtilTimeout: 5000 });

const ALL = Object.values(PERM.user);
const rowOf = (text: string) => screen.getByText(text, { exact: true }).closest('tr')!;
const okButton = (scope: HTMLElement) => within(scope).getByRole('button', { name: /确\s*定/ });
const openMore = async (username: string, item: string) => {
  // closed dropdowns stay in the DOM: wait for this row's own menu, the newest one
  const before = screen.queryAllByRole('menuitem', { name: item }).length;
  fireEvent.mouseEnter(within(rowOf(username)).getByText('更多'));
  await waitFor(() => expect(screen.queryAllByRole('menuitem', { name: item }).length).toBeGreaterThan(before));
  fireEvent.click(screen.getAllByRole('menuitem', { name: item }).pop()!);
};
const input = (scope: HTMLElement, placeholder: string) =>
  within(scope).getByPlaceholderText<HTMLInputElement>(placeholder);
const type = (scope: HTMLElement, placeholder: string, value: string) =>
  fireEvent.change(input(scope, placeholder), { target: { value } });

async function openPage(route = '/isystem/user') {
  const api = mockApi(server);
  renderPage(<UserListPage />, route);
  await screen.findByText('李四');
  return api;
}

describe('用户管理 page', { timeout: 60_000 }, () => {
  it('shows search fields, toolbar, columns (avatar, dict tags) and 编辑 | 更多', async () => {
    grant(...ALL);
    await openPage();
    for (const p of ['输入账号模糊查询', '请输入姓名', '请输入手机号码'])
      expect(screen.getByPlaceholderText(p)).toBeTruthy();
    for (const b of [/添加用户/, /导\s*出/, /导\s*入/])
      expect(screen.getAllByRole('button', { name: b }).length).toBeGreaterThan(0);
    for (const h of ['用户账号', '用户姓名', '头像', '性别', '生日', '手机号码', '部门', '状态', '操作']) {
      expect(screen.getByRole('columnheader', { name: new RegExp(h) })).toBeTruthy();
    }
    expect(within(rowOf('lisi')).getByText('化学检测室,环境检测实验室')).toBeTruthy();
    expect(await within(rowOf('wangwu')).findByText('冻结')).toBeTruthy();
    expect(within(rowOf('admin')).getByAltText<HTMLImageElement>('头像').src).toContain(
      '/api/sys/common/static/avatar/202601/a.png',
    );
    expect(within(rowOf('lisi')).getByText('1990-05-01')).toBeTruthy();
    expect(rowOf('lisi').querySelector('td:last-child')!.textContent.trim()).toBe('编辑更多');
    fireEvent.mouseEnter(within(rowOf('wangwu')).getByText('更多'));
    for (const item of ['详情', '复制新增', '密码', '解冻', '删除'])
      expect(await screen.findByRole('menuitem', { name: item })).toBeTruthy();
  });

  it('sends the search: 账号 and 姓名 fuzzy, 状态 and 部门 from the URL', async () => {
    grant(...ALL);
    const api = await openPage('/isystem/user?status=2&departId=d2');
    expect(Object.fromEntries(api.last('/sys/user/list')!.params)).toMatchObject({
      status: '2',
      departId: 'd2',
      pageNo: '1',
      pageSize: '10',
    });
    type(document.body, '输入账号模糊查询', ' li ');
    type(document.body, '请输入姓名', '李四');
    fireEvent.click(screen.getByRole('button', { name: /(^|\s)查\s*询$/ }));
    await waitFor(() => expect(api.last('/sys/user/list')!.params.get('username')).toBe('*li*'));
    expect(Object.fromEntries(api.last('/sys/user/list')!.params)).toMatchObject({
      realname: '*李四*',
      status: '2',
      departId: 'd2',
      column: 'createTime',
      order: 'desc',
    });
  });

  it('hides the guarded buttons from a user without the user actions (详情 stays)', async () => {
    grant(PERM.user.list);
    await openPage();
    for (const b of [/添加用户/, /导\s*出/, /导\s*入/])
      expect(screen.queryAllByRole('button', { name: b })).toHaveLength(0);
    expect(rowOf('lisi').querySelector('td:last-child')!.textContent.trim()).toBe('详情');
  });

  it('添加用户: required messages, taken account on blur, the password policy, then POST', async () => {
    grant(...ALL);
    const api = await openPage();
    fireEvent.click(screen.getByRole('button', { name: /添加用户/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新增')).toBeTruthy();
    fireEvent.click(okButton(dialog));
    for (const m of ['请输入用户账号！', '请输入新密码!', '请确认新密码!', '请输入用户姓名！'])
      expect(await within(dialog).findByText(m)).toBeTruthy();

    type(dialog, '请输入用户账号', 'admin');
    fireEvent.blur(input(dialog, '请输入用户账号'));
    expect(await within(dialog).findByText('用户名已存在！')).toBeTruthy();
    type(dialog, '请输入用户账号', 'zhaoliu');
    fireEvent.blur(input(dialog, '请输入用户账号'));
    await waitFor(() => expect(within(dialog).queryByText('用户名已存在！')).toBeNull());
    type(dialog, '请输入登录密码', 'abc12345');
    expect(await within(dialog).findByText('密码由8位以上的数字、大小写字母组成!')).toBeTruthy();
    type(dialog, '请输入登录密码', 'Abc12345');
    type(dialog, '请重新输入登录密码', 'Abc12346');
    expect(await within(dialog).findByText('两次输入的密码不一样！')).toBeTruthy();
    type(dialog, '请重新输入登录密码', 'Abc12345');
    type(dialog, '请输入用户姓名', '赵六');
    type(dialog, '请输入手机号码', '123');
    expect(await within(dialog).findByText('请输入正确格式的手机号码！')).toBeTruthy();
    type(dialog, '请输入手机号码', '13900000006');
    type(dialog, '请输入邮箱', 'zhaoliu@example');
    expect(await within(dialog).findByText('请输入正确格式的邮箱！')).toBeTruthy();
    type(dialog, '请输入邮箱', 'zhaoliu@example.com');
    fireEvent.click(okButton(dialog));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(api.last('/sys/user/add')!.body).toMatchObject({
      username: 'zhaoliu',
      password: 'Abc12345',
      confirmpassword: 'Abc12345',
      realname: '赵六',
      phone: '13900000006',
      email: 'zhaoliu@example.com',
    });
  });

  it('编辑: loads queryById, the account is fixed, no password; PUT with roles and departments', async () => {
    grant(...ALL);
    const api = await openPage();
    fireEvent.click(within(rowOf('lisi')).getByText('编辑'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('编辑')).toBeTruthy();
    expect(api.last('/sys/user/queryById')!.params.get('id')).toBe('u2');
    expect(input(dialog, '请输入用户账号').disabled).toBe(true);
    expect(within(dialog).queryByPlaceholderText('请输入登录密码')).toBeNull();
    expect(await within(dialog).findByText('实验室人员')).toBeTruthy();
    expect(await within(dialog).findByText('环境检测实验室')).toBeTruthy();
    type(dialog, '请输入用户姓名', '李四（化学）');
    fireEvent.blur(input(dialog, '请输入工号'));
    fireEvent.click(okButton(dialog));
    expect(await screen.findByText('修改成功！')).toBeTruthy();
    const body = api.last('/sys/user/edit')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      id: 'u2',
      realname: '李四（化学）',
      workNo: '0004',
      selectedroles: 'r2',
      selecteddeparts: 'd2,d3',
      phone: '13800000004',
      birthday: '1990-05-01',
    });
    expect(body).not.toHaveProperty('username');
    expect(body).not.toHaveProperty('password');
  });

  it("编辑 without 分配角色 (user:role): the roles show read-only and are not sent; the list shows each user's roles", async () => {
    grant(...ALL.filter((c) => c !== PERM.user.role));
    const api = await openPage();
    expect(within(rowOf('lisi')).getByText('实验室人员,权限管理员')).toBeTruthy();
    fireEvent.click(within(rowOf('lisi')).getByText('编辑'));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('实验室人员')).toBeTruthy();
    expect(within(dialog).getByText(ROLES_READ_ONLY)).toBeTruthy();
    expect(dialog.querySelector('.ant-select-disabled')).not.toBeNull();
    await within(dialog).findByDisplayValue('李四');
    fireEvent.click(okButton(dialog));
    expect(await screen.findByText('修改成功！')).toBeTruthy();
    const body = api.last('/sys/user/edit')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ id: 'u2', realname: '李四', selecteddeparts: 'd2,d3' });
    expect(body).not.toHaveProperty('selectedroles');
  });

  it('详情 is read-only; the phone is disabled for a user without user:form:phone (禁用 rule)', async () => {
    const item = (action: string, type = '1'): AuthItem => ({ action, type, status: '1', describe: action });
    const mine = ALL.filter((c) => c !== PERM.user.phoneField).map((c) => item(c));
    useSession.setState({ auth: mine, allAuth: [...mine, item(PERM.user.phoneField, '2')] });
    await openPage();
    await openMore('lisi', '详情');
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('详情')).toBeTruthy();
    await within(dialog).findByDisplayValue('李四');
    for (const p of ['请输入用户姓名', '请输入工号', '请输入邮箱']) expect(input(dialog, p).disabled).toBe(true);
    expect((okButton(dialog) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(
      within(dialog.querySelector<HTMLElement>('.ant-drawer-footer')!).getByRole('button', { name: /关\s*闭/ }),
    );
    await waitFor(() => expect(screen.queryByText('详情', { selector: '.ant-drawer-title' })).toBeNull());

    fireEvent.click(within(rowOf('lisi')).getByText('编辑'));
    dialog = await screen
      .findByText('编辑', { selector: '.ant-drawer-title' })
      .then((t) => t.closest('[role=dialog]') as HTMLElement);
    await within(dialog).findByDisplayValue('李四');
    expect(input(dialog, '请输入手机号码').disabled).toBe(true);
    expect(input(dialog, '请输入用户姓名').disabled).toBe(false);
  });

  it('冻结 / 解冻: confirmed, PUT frozenBatch; the admin account gets the server message', async () => {
    grant(...ALL);
    const api = await openPage();
    await openMore('lisi', '冻结');
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-title')?.textContent).toBe('确定冻结吗?'));
    fireEvent.click(okButton(document.querySelector('.ant-modal-confirm') as HTMLElement));
    expect(await screen.findByText('操作成功！')).toBeTruthy();
    expect(api.last('/sys/user/frozenBatch')!.body).toEqual({ ids: 'u2', status: 2 });

    await openMore('admin', '冻结');
    await waitFor(() => expect(document.querySelectorAll('.ant-modal-confirm').length).toBeGreaterThan(0));
    fireEvent.click(okButton([...document.querySelectorAll<HTMLElement>('.ant-modal-confirm')].pop()!));
    expect(await screen.findByText('管理员账号不允许此操作,请重新选择！')).toBeTruthy();

    fireEvent.click(within(rowOf('wangwu')).getByRole('checkbox'));
    fireEvent.mouseEnter(screen.getByRole('button', { name: /批量操作/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: '解冻' }));
    expect(await screen.findByText('是否解冻选中账号?')).toBeTruthy();
    fireEvent.click(okButton(screen.getByText('是否解冻选中账号?').closest('.ant-modal-confirm') as HTMLElement));
    await waitFor(() => expect(api.last('/sys/user/frozenBatch')!.body).toEqual({ ids: 'u3', status: 1 }));
  });

  it('密码: 重新设定密码 with the account read-only, SPEC messages, then PUT changPassword', async () => {
    grant(...ALL);
    const api = await openPage();
    await openMore('lisi', '密码');
    const dialog = (await screen.findByText('重新设定密码')).closest('.ant-modal') as HTMLElement;
    const account = within(dialog).getByDisplayValue<HTMLInputElement>('lisi');
    expect(account.readOnly || account.disabled).toBe(true);
    fireEvent.click(okButton(dialog));
    expect(await within(dialog).findByText('请输入新密码!')).toBeTruthy();
    expect(within(dialog).getByText('请确认新密码!')).toBeTruthy();
    type(dialog, '请输入登录密码', 'short1A');
    expect(await within(dialog).findByText('密码由8位以上的数字、大小写字母组成!')).toBeTruthy();
    type(dialog, '请输入登录密码', 'Newpass123');
    type(dialog, '请重新输入登录密码', 'Newpass124');
    expect(await within(dialog).findByText('两次输入的密码不一样！')).toBeTruthy();
    type(dialog, '请重新输入登录密码', 'Newpass123');
    fireEvent.click(okButton(dialog));
    expect(await screen.findByText('密码修改成功！')).toBeTruthy();
    expect(api.last('/sys/user/changPassword')!.body).toEqual({
      username: 'lisi',
      password: 'Newpass123',
      confirmpassword: 'Newpass123',
    });
  });

  it('导入: the generated initial passwords are shown once after the import', async () => {
    grant(...ALL);
    const api = await openPage();
    const file = new File(['账号,姓名\nzhouqi,周七'], 'users.csv', { type: 'text/csv' });
    fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [file] } });
    const title = await screen.findByText('导入用户的初始密码');
    const dialog = title.closest('[role=dialog]') as HTMLElement;
    expect(within(dialog).getByText('周七')).toBeTruthy();
    expect(within(dialog).getByText('Xy7pQ2mN4k')).toBeTruthy();
    expect(api.last('/sys/user/importExcel')!.method).toBe('POST');
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/sys/user/list').length).toBeGreaterThan(1));
  });
});
