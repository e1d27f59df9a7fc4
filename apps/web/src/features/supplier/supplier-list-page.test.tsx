import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BUSINESS_FIELD_MSG, MSG, PERM } from '@lims/contracts';
import { fail, grant, mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import SupplierListPage from './supplier-list-page';

const base = {
  createBy: 'admin',
  updateTime: null,
  updateBy: null,
  email: null,
  address: null,
  businessScope: null,
  remark: null,
};
const SUPPLIERS = [
  {
    ...base,
    id: 's1',
    code: 'GYS0001',
    name: '北京华测科仪仪器设备有限公司',
    creditCode: '91110108MA5H07RC02',
    supplierType: '2',
    supplierType_dictText: '仪器设备',
    contact: '王建国',
    phone: '010-62881234',
    qualificationExpiry: '2027-05-01',
    expiryState: null,
    status: '1',
    status_dictText: '合格',
    createTime: '2026-01-02 08:00:00',
  },
  {
    ...base,
    id: 's3',
    code: 'GYS0003',
    name: '苏州试剂耗材有限公司',
    creditCode: null,
    supplierType: '1',
    supplierType_dictText: '试剂耗材',
    contact: '李娜',
    phone: '13912345678',
    qualificationExpiry: '2026-06-10',
    expiryState: 'soon',
    status: '1',
    status_dictText: '合格',
    createTime: '2026-01-03 08:00:00',
  },
  {
    ...base,
    id: 's4',
    code: 'GYS0004',
    name: '上海检测服务有限公司',
    creditCode: null,
    supplierType: '3',
    supplierType_dictText: '检测服务',
    contact: '赵强',
    phone: '021-55667788',
    qualificationExpiry: '2025-12-31',
    expiryState: 'expired',
    status: '2',
    status_dictText: '待评估',
    createTime: '2026-01-04 08:00:00',
  },
];
const DICTS: Record<string, Array<[string, string]>> = {
  supplier_type: [
    ['1', '试剂耗材'],
    ['2', '仪器设备'],
    ['3', '检测服务'],
    ['4', '其他'],
  ],
  supplier_status: [
    ['1', '合格'],
    ['2', '待评估'],
    ['3', '停用'],
  ],
};

function server(c: ApiCall) {
  const dict = /^\/sys\/dict\/getDictItems\/(\w+)$/.exec(c.path);
  if (dict) return ok((DICTS[dict[1]] ?? []).map(([value, text]) => ({ value, text, title: text })));
  switch (c.path) {
    case '/gysgl/supplier/list':
      return ok({ records: SUPPLIERS, total: SUPPLIERS.length });
    case '/gysgl/supplier/add':
      return ok('new-id', '添加成功！');
    case '/gysgl/supplier/edit':
      return ok(null, '编辑成功！');
    case '/gysgl/supplier/delete':
      return ok(1, '删除成功！');
    case '/sys/duplicate/check':
      return c.params.get('fieldVal') === 'GYS0001' && !c.params.get('dataId')
        ? fail(409, '供应商编码已存在！')
        : ok(null, '该值可用！');
    default:
      return undefined;
  }
}

const ALL = Object.values(PERM.supplier);
const rowOf = (text: string) => screen.getByText(text).closest('tr')!;
/**
 * Role queries skip testing-library's visibility check (`hidden: true`): jsdom computes the inherited
 * styles of every ancestor for it, which takes seconds inside a modal.
 */
const buttons = (name: RegExp, scope: HTMLElement = document.body) =>
  within(scope).queryAllByRole('button', { name, hidden: true });
const okButton = (dialog: HTMLElement) => buttons(/确\s*定/, dialog)[0];
const openDialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
const openMore = async (code: string, item: string) => {
  fireEvent.mouseEnter(within(rowOf(code)).getByText('更多'));
  fireEvent.click(await screen.findByRole('menuitem', { name: item, hidden: true }));
};

describe('供应商管理 page', { timeout: 40_000 }, () => {
  it('shows the search fields, toolbar, columns, expiry tags and 编辑 | 更多', async () => {
    grant(...ALL);
    mockApi(server);
    renderPage(<SupplierListPage />, '/gysgl/supplier');
    expect(await screen.findByText('北京华测科仪仪器设备有限公司')).toBeTruthy();
    for (const p of ['请输入供应商编码', '请输入供应商名称']) expect(screen.getByPlaceholderText(p)).toBeTruthy();
    for (const b of [/添加供应商/, /导\s*出/, /导\s*入/]) expect(buttons(b).length).toBeGreaterThan(0);
    for (const h of [
      '供应商编码',
      '供应商名称',
      '统一社会信用代码',
      '供应商类型',
      '联系人',
      '联系电话',
      '资质有效期',
      '状态',
      '创建时间',
      '操作',
    ]) {
      expect(screen.getByText(h, { selector: 'th, th *' })).toBeTruthy();
    }
    expect(within(rowOf('GYS0003')).getByText('即将到期')).toBeTruthy();
    expect(within(rowOf('GYS0004')).getByText('已过期')).toBeTruthy();
    expect(within(rowOf('GYS0001')).queryByText(/即将到期|已过期/)).toBeNull();
    const tagClass = (code: string, text: string) => within(rowOf(code)).getByText(text).closest('.ant-tag')!.className;
    expect(tagClass('GYS0004', '已过期')).toContain('ant-tag-error');
    expect(tagClass('GYS0003', '即将到期')).toContain('ant-tag-warning');
    expect(within(rowOf('GYS0001')).getByText('仪器设备')).toBeTruthy();
    expect(within(rowOf('GYS0001')).getByText('编辑')).toBeTruthy();
    expect(within(rowOf('GYS0001')).queryByText('删除')).toBeNull();
    fireEvent.mouseEnter(within(rowOf('GYS0001')).getByText('更多'));
    for (const item of ['详情', '复制新增', '删除'])
      expect(await screen.findByRole('menuitem', { name: item, hidden: true })).toBeTruthy();
  });

  it('sends code and name as contains, the dictionaries as values and the expiry range as _begin/_end', async () => {
    grant(...ALL);
    const api = mockApi(server);
    renderPage(
      <SupplierListPage />,
      '/gysgl/supplier?supplierType=2&status=1&qualificationExpiry_begin=2026-01-01&qualificationExpiry_end=2026-12-31',
    );
    await screen.findByText('北京华测科仪仪器设备有限公司');
    fireEvent.change(screen.getByPlaceholderText('请输入供应商编码'), { target: { value: ' GYS ' } });
    fireEvent.change(screen.getByPlaceholderText('请输入供应商名称'), { target: { value: '华测' } });
    fireEvent.click(buttons(/查\s*询/)[0]);
    await waitFor(() => expect(api.last('/gysgl/supplier/list')!.params.get('code')).toBe('*GYS*'));
    expect(Object.fromEntries(api.last('/gysgl/supplier/list')!.params)).toMatchObject({
      name: '*华测*',
      supplierType: '2',
      status: '1',
      qualificationExpiry_begin: '2026-01-01',
      qualificationExpiry_end: '2026-12-31',
      column: 'createTime',
      order: 'desc',
    });
    expect(screen.getByTitle('仪器设备')).toBeTruthy();
  });

  it('添加: required and format messages from the contract, the taken code on blur, then POST', async () => {
    grant(...ALL);
    const api = mockApi(server);
    renderPage(<SupplierListPage />, '/gysgl/supplier');
    await screen.findByText('北京华测科仪仪器设备有限公司');
    fireEvent.click(buttons(/添加供应商/)[0]);
    const dialog = await openDialog('新增');
    fireEvent.click(okButton(dialog));
    expect(await within(dialog).findByText('请输入供应商编码！')).toBeTruthy();
    expect(within(dialog).getByText('请输入供应商名称！')).toBeTruthy();

    const code = within(dialog).getByPlaceholderText('请输入供应商编码');
    fireEvent.change(code, { target: { value: 'GYS0001' } });
    fireEvent.blur(code);
    expect(await within(dialog).findByText('供应商编码已存在！')).toBeTruthy();
    fireEvent.change(code, { target: { value: 'GYS0100' } });
    fireEvent.blur(code);
    await waitFor(() => expect(within(dialog).queryByText('供应商编码已存在！')).toBeNull());

    fireEvent.change(within(dialog).getByPlaceholderText('请输入供应商名称'), {
      target: { value: '南京标准物质有限公司' },
    });
    const credit = within(dialog).getByPlaceholderText('18 位统一社会信用代码');
    fireEvent.change(credit, { target: { value: '91350100M000100Y44' } });
    fireEvent.blur(credit);
    expect(await within(dialog).findByText(BUSINESS_FIELD_MSG.creditCodeInvalid)).toBeTruthy();
    for (const [placeholder, value, msg] of [
      ['请输入联系电话', '12345', BUSINESS_FIELD_MSG.phoneFormat],
      ['请输入邮箱', 'a@b', BUSINESS_FIELD_MSG.emailFormat],
    ]) {
      const input = within(dialog).getByPlaceholderText(placeholder);
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
      expect(await within(dialog).findByText(msg)).toBeTruthy();
    }
    const checks = api.calls.filter((c) => c.path === '/sys/duplicate/check').length;
    fireEvent.click(okButton(dialog));
    // 确定 validates every field, the code's duplicate check included: once it has asked, the save was refused.
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/sys/duplicate/check').length).toBe(checks + 1), {
      timeout: 10_000,
    });
    await waitFor(() => expect(within(dialog).getByText(BUSINESS_FIELD_MSG.creditCodeInvalid)).toBeTruthy());
    expect(api.last('/gysgl/supplier/add')).toBeUndefined();

    fireEvent.change(credit, { target: { value: '91350100m000100y43' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入联系电话'), { target: { value: '025-83331234' } });
    fireEvent.change(within(dialog).getByPlaceholderText('请输入邮箱'), { target: { value: 'sales@bzwz.cn' } });
    fireEvent.click(okButton(dialog));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(api.last('/gysgl/supplier/add')!.body).toMatchObject({
      code: 'GYS0100',
      name: '南京标准物质有限公司',
      creditCode: '91350100M000100Y43',
      phone: '025-83331234',
      status: '2',
    });
  });

  it('详情 is read-only; 复制新增 opens 新增 with the values and sends no id', async () => {
    grant(...ALL);
    const api = mockApi(server);
    renderPage(<SupplierListPage />, '/gysgl/supplier');
    await screen.findByText('北京华测科仪仪器设备有限公司');
    await openMore('GYS0003', '详情');
    let dialog = await openDialog('详情');
    expect(within(dialog).getByPlaceholderText<HTMLInputElement>('请输入供应商名称').disabled).toBe(true);
    expect(within(dialog).getByPlaceholderText<HTMLInputElement>('请输入供应商名称').value).toBe(
      '苏州试剂耗材有限公司',
    );
    expect((okButton(dialog) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(buttons(/关\s*闭/, dialog.querySelector<HTMLElement>('.ant-modal-footer')!)[0]);
    await waitFor(() => expect(screen.queryByText('详情', { selector: '.ant-modal-title' })).toBeNull());

    await openMore('GYS0003', '复制新增');
    dialog = await openDialog('新增');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入供应商编码'), { target: { value: 'GYS0103' } });
    fireEvent.click(okButton(dialog));
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    const body = api.last('/gysgl/supplier/add')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      code: 'GYS0103',
      name: '苏州试剂耗材有限公司',
      qualificationExpiry: '2026-06-10',
      supplierType: '1',
    });
    expect(body.id).toBeUndefined();
  });

  it('编辑 sends PUT with the id; a user without the supplier codes sees 详情 only', async () => {
    grant(...ALL);
    const api = mockApi(server);
    const view = renderPage(<SupplierListPage />, '/gysgl/supplier');
    await screen.findByText('北京华测科仪仪器设备有限公司');
    fireEvent.click(within(rowOf('GYS0004')).getByText('编辑'));
    const dialog = await openDialog('编辑');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入联系人'), { target: { value: '赵强强' } });
    fireEvent.click(okButton(dialog));
    expect(await screen.findByText('编辑成功！')).toBeTruthy();
    expect(api.last('/gysgl/supplier/edit')!.body).toMatchObject({
      id: 's4',
      code: 'GYS0004',
      contact: '赵强强',
      status: '2',
    });
    view.unmount();

    grant();
    renderPage(<SupplierListPage />, '/gysgl/supplier');
    await screen.findByText('北京华测科仪仪器设备有限公司');
    for (const b of [/添加供应商/, /导\s*出/, /导\s*入/]) expect(buttons(b)).toHaveLength(0);
    const row = rowOf('GYS0001');
    expect(within(row).getByText('详情')).toBeTruthy();
    for (const a of ['编辑', '更多', '删除']) expect(within(row).queryByText(a)).toBeNull();
  });

  it('编辑 sends the version it loaded; a stale edit (409) offers 刷新, which loads the record as stored now', async () => {
    grant(...ALL);
    const stored = { ...SUPPLIERS[2], version: 3 };
    let current: Record<string, unknown> = stored;
    const api = mockApi((c) => {
      if (c.path === '/gysgl/supplier/list') return ok({ records: [stored], total: 1 });
      if (c.path === '/gysgl/supplier/queryById') return ok(current);
      if (c.path === '/gysgl/supplier/edit') {
        const body = c.body as { version?: number };
        return body.version === current.version ? ok(null, '编辑成功！') : fail(409, MSG.staleEdit);
      }
      return server(c);
    });
    renderPage(<SupplierListPage />, '/gysgl/supplier');
    await screen.findByText('上海检测服务有限公司');
    // Someone else saves 备注 meanwhile: the stored supplier is at version 4.
    current = { ...stored, remark: '他人的备注', version: 4 };
    fireEvent.click(within(rowOf('GYS0004')).getByText('编辑'));
    let dialog = await openDialog('编辑');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入联系人'), { target: { value: '赵强强' } });
    fireEvent.click(okButton(dialog));

    expect(await screen.findByText(MSG.staleEdit)).toBeTruthy();
    expect(api.last('/gysgl/supplier/edit')!.body).toMatchObject({ id: 's4', contact: '赵强强', version: 3 });
    const confirm = screen.getByText(MSG.staleEdit).closest<HTMLElement>('.ant-modal')!;
    fireEvent.click(buttons(/刷\s*新/, confirm)[0]);

    await waitFor(() => expect(api.last('/gysgl/supplier/queryById')?.params.get('id')).toBe('s4'));
    dialog = await openDialog('编辑');
    await waitFor(() =>
      expect(within(dialog).getByPlaceholderText<HTMLTextAreaElement>('请输入备注').value).toBe('他人的备注'),
    );
    expect(within(dialog).getByPlaceholderText<HTMLInputElement>('请输入联系人').value).toBe('赵强');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入联系人'), { target: { value: '赵强强' } });
    fireEvent.click(okButton(dialog));
    expect(await screen.findByText('编辑成功！')).toBeTruthy();
    expect(api.last('/gysgl/supplier/edit')!.body).toMatchObject({
      id: 's4',
      contact: '赵强强',
      remark: '他人的备注',
      version: 4,
    });
  });
});
