import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BUSINESS_FIELD_MSG, PERM, UNIT_MSG } from '@lims/contracts';
import { fail, grant, mockApi, ok, renderPage, type ApiCall } from '../../shared/list-page/test-utils';
import UnitListPage from './unit-list-page';

const audit = { createBy: 'admin', updateTime: null, updateBy: null };
const UNIT = {
  ...audit,
  id: 'u1',
  code: 'KH0001',
  name: '江南水务集团有限公司',
  creditCode: '91320211MACN8T0M24',
  unitType: '1',
  unitType_dictText: '企业',
  address: '无锡市滨湖区',
  phone: '0510-85161234',
  email: null,
  bank: null,
  bankAccount: null,
  status: '1',
  status_dictText: '合作中',
  remark: null,
  primaryContactName: '张三',
  primaryContactPhone: '13912345678',
  createTime: '2026-01-02 08:00:00',
};
const contact = (id: string, name: string, isPrimary: boolean, sortNo: number) => ({
  ...audit,
  id,
  unitId: 'u1',
  name,
  phone: '13912345678',
  email: null,
  position: '经理',
  isPrimary,
  sortNo,
  createTime: '2026-01-02 08:00:00',
});
const CONTACTS = [contact('c1', '张三', true, 1), contact('c2', '李四', false, 2)];

function server(c: ApiCall) {
  if (c.path.startsWith('/sys/dict/getDictItems/')) return ok([{ value: '1', text: '企业', title: '企业' }]);
  switch (c.path) {
    case '/khgl/unit/queryUnits':
      return ok({ records: [UNIT], total: 1 });
    case '/khgl/unit/listCustomerByMainId':
      return ok(CONTACTS);
    case '/khgl/unit/queryKhUnit':
      return ok({ ...UNIT, contacts: CONTACTS });
    case '/khgl/unit/edit':
      return ok(null, '编辑成功！');
    case '/khgl/unit/delete':
      return fail(400, UNIT_MSG.inUse(2));
    case '/sys/duplicate/check':
      return ok(null, '该值可用！');
    default:
      return undefined;
  }
}

const ALL = Object.values(PERM.unit);
/**
 * Buttons by their text, without testing-library's visibility check (jsdom computes the inherited
 * styles of every ancestor for it, which takes seconds inside a modal holding tables).
 */
const btn = (scope: HTMLElement, name: RegExp) => within(scope).getByRole('button', { name, hidden: true });
const okIn = (scope: HTMLElement) => btn(scope, /确\s*定/);
const popconfirm = async (question: string) =>
  okIn((await screen.findByText(question)).closest('.ant-popover') as HTMLElement);

async function openEdit() {
  grant(...ALL);
  const api = mockApi(server);
  renderPage(<UnitListPage />, '/khgl/unit');
  fireEvent.click(within((await screen.findByText('KH0001')).closest('tr')!).getByText('编辑'));
  const dialog = (
    await screen.findByText('编辑', { selector: '.ant-modal-title' }, { timeout: 5000 })
  ).closest<HTMLElement>('.ant-modal')!;
  const contacts = dialog.querySelector<HTMLElement>('section[aria-label="联系人"]')!;
  await within(contacts).findByText('李四');
  return { api, dialog, contacts };
}

describe('客户单位 page', { timeout: 40_000 }, () => {
  it('lists units with the primary contact, searches, and expands a row to its contacts', async () => {
    grant(...ALL);
    const api = mockApi(server);
    renderPage(<UnitListPage />, '/khgl/unit?unitType=1&status=1');
    const row = (await screen.findByText('KH0001')).closest('tr')!;
    for (const h of [
      '单位编码',
      '单位名称',
      '统一社会信用代码',
      '单位类型',
      '主要联系人',
      '联系电话',
      '地址',
      '状态',
      '创建时间',
    ]) {
      expect(screen.getByText(h, { selector: 'th, th *' })).toBeTruthy();
    }
    expect(within(row).getByText('张三')).toBeTruthy();
    expect(within(row).getByText('合作中')).toBeTruthy();
    expect(btn(document.body, /添加单位/)).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('请输入单位名称'), { target: { value: ' 水务 ' } });
    fireEvent.click(btn(document.body, /(^|\s)查\s*询$/));
    await waitFor(() => expect(api.last('/khgl/unit/queryUnits')!.params.get('name')).toBe('*水务*'));
    expect(Object.fromEntries(api.last('/khgl/unit/queryUnits')!.params)).toMatchObject({ unitType: '1', status: '1' });

    fireEvent.click(within(row).getByLabelText('展开行'));
    expect(await screen.findByText('李四')).toBeTruthy();
    expect(api.last('/khgl/unit/listCustomerByMainId')!.params.get('id')).toBe('u1');
  });

  it('edits the contacts: add (refused while editing), edit, delete, one primary only; saves unit and contacts in one PUT', async () => {
    const { api, dialog, contacts } = await openEdit();
    expect(api.last('/khgl/unit/queryKhUnit')!.params.get('id')).toBe('u1');
    const add = btn(contacts, /新\s*增/);

    fireEvent.click(add);
    fireEvent.click(add);
    expect(await screen.findByText('请先完成当前编辑！')).toBeTruthy();
    fireEvent.click(btn(contacts, /保\s*存/));
    expect(await within(contacts).findByText('请输入姓名')).toBeTruthy();
    fireEvent.change(within(contacts).getByLabelText('姓名'), { target: { value: '王五' } });
    fireEvent.change(within(contacts).getByLabelText('电话'), { target: { value: '12' } });
    fireEvent.click(within(contacts).getByLabelText('主要联系人'));
    fireEvent.click(btn(contacts, /保\s*存/));
    expect(await within(contacts).findByText(BUSINESS_FIELD_MSG.phoneFormat)).toBeTruthy();
    expect(within(contacts).getByText(`${UNIT_MSG.onePrimary}（张三 已是主要联系人）`)).toBeTruthy();
    fireEvent.change(within(contacts).getByLabelText('电话'), { target: { value: '021-55667788' } });
    fireEvent.click(within(contacts).getByLabelText('主要联系人'));
    fireEvent.click(btn(contacts, /保\s*存/));
    await within(contacts).findByText('王五');

    fireEvent.click(
      within(within(contacts).getByText('李四').closest('tr')!).getByRole('button', { name: /删\s*除/, hidden: true }),
    );
    fireEvent.click(await popconfirm('确定删除吗？'));
    await waitFor(() => expect(within(contacts).queryByText('李四')).toBeNull());

    fireEvent.click(
      within(within(contacts).getByText('张三').closest('tr')!).getByRole('button', { name: /编\s*辑/, hidden: true }),
    );
    fireEvent.change(within(contacts).getByLabelText('职务'), { target: { value: '总经理' } });
    fireEvent.click(btn(contacts, /保\s*存/));
    await within(contacts).findByText('总经理');

    fireEvent.click(okIn(dialog));
    expect(await screen.findByText('编辑成功！')).toBeTruthy();
    const body = api.last('/khgl/unit/edit')!.body as { id: string; code: string; contacts: unknown[] };
    expect(body).toMatchObject({ id: 'u1', code: 'KH0001', name: '江南水务集团有限公司' });
    expect(body.contacts).toEqual([
      { id: 'c1', name: '张三', phone: '13912345678', email: null, position: '总经理', isPrimary: true },
      { id: null, name: '王五', phone: '021-55667788', email: null, position: null, isPrimary: false },
    ]);
  });

  it('refuses to submit while a contact row is being edited; shows the credit code message', async () => {
    const { api, dialog, contacts } = await openEdit();
    fireEvent.click(
      within(within(contacts).getByText('李四').closest('tr')!).getByRole('button', { name: /编\s*辑/, hidden: true }),
    );
    const credit = within(dialog).getByPlaceholderText('18 位统一社会信用代码');
    fireEvent.change(credit, { target: { value: '91320211MACN8T0M2' } });
    fireEvent.blur(credit);
    expect(await within(dialog).findByText(BUSINESS_FIELD_MSG.creditCodeInvalid)).toBeTruthy();
    fireEvent.click(okIn(dialog));
    expect(await within(dialog).findAllByText('请先完成当前编辑！')).not.toHaveLength(0);
    expect(api.last('/khgl/unit/edit')).toBeUndefined();
  });

  it('详情 shows the unit and its contacts read-only (no table buttons, 确定 disabled)', async () => {
    grant(...ALL);
    mockApi(server);
    renderPage(<UnitListPage />, '/khgl/unit');
    fireEvent.mouseEnter(within((await screen.findByText('KH0001')).closest('tr')!).getByText('更多'));
    fireEvent.click(await screen.findByRole('menuitem', { name: '详情', hidden: true }));
    const dialog = (await screen.findByText('详情', { selector: '.ant-modal-title' })).closest<HTMLElement>(
      '.ant-modal',
    )!;
    const contacts = dialog.querySelector<HTMLElement>('section[aria-label="联系人"]')!;
    expect(await within(contacts).findByText('李四')).toBeTruthy();
    for (const b of [/新\s*增/, /编\s*辑/, /删\s*除/])
      expect(within(contacts).queryAllByRole('button', { name: b, hidden: true })).toHaveLength(0);
    expect(within(dialog).getByPlaceholderText<HTMLInputElement>('请输入单位名称').disabled).toBe(true);
    expect((okIn(dialog) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal to delete a unit used by projects, with the count", async () => {
    grant(...ALL);
    const api = mockApi(server);
    renderPage(<UnitListPage />, '/khgl/unit');
    fireEvent.mouseEnter(within((await screen.findByText('KH0001')).closest('tr')!).getByText('更多'));
    fireEvent.click(await screen.findByRole('menuitem', { name: '删除', hidden: true }));
    fireEvent.click(
      okIn(
        (await screen.findByText('确定删除吗?', { selector: '.ant-modal-confirm-title' })).closest(
          '.ant-modal-confirm',
        ) as HTMLElement,
      ),
    );
    expect(await screen.findByText('该单位下还有 2 个检测项目，不能删除')).toBeTruthy();
    expect(api.last('/khgl/unit/delete')!.params.get('id')).toBe('u1');
    expect(screen.getByText('KH0001')).toBeTruthy();
  });
});
