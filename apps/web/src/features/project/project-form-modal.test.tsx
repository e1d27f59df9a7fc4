import '../../shared/ui/test-support/jsdom-stubs';
import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PERM, PROJECT_MSG } from '@lims/contracts';
import { grant, mockApi, renderPage } from '../../shared/list-page/test-utils';
import ProjectListPage from './project-list-page';
import { projectServer, refusingServer } from './project-test-data';
import type { ApiAnswer, ApiCall } from '../../shared/list-page/test-utils';

/** A busy machine renders antd slowly: wait longer than the default second. */
configure({ asyncUtilTimeout: 8000 });

const ALL = Object.values(PERM.project);
const ok = /确\s*定/;

async function openAdd(server: (c: ApiCall) => ApiAnswer | undefined = projectServer) {
  grant(...ALL);
  const api = mockApi(server);
  renderPage(<ProjectListPage />, '/project/jcXmProject');
  await screen.findByText('太湖流域地表水例行监测');
  fireEvent.click(screen.getByRole('button', { name: /添加项目/ }));
  const dialog = await screen.findByRole('dialog');
  return { api, dialog };
}

async function openRow(action: '编辑' | '详情' | '复制新增', server = projectServer) {
  grant(...ALL);
  const api = mockApi(server);
  renderPage(<ProjectListPage />, '/project/jcXmProject');
  const row = (await screen.findByText('XM202605010001')).closest('tr') as HTMLElement;
  if (action === '编辑') fireEvent.click(within(row).getByText('编辑'));
  else {
    fireEvent.mouseEnter(within(row).getByText('更多'));
    fireEvent.click(await screen.findByRole('menuitem', { name: action }));
  }
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByText('高锰酸盐指数');
  return { api, dialog };
}

/** Types a date into an antd DatePicker and commits it with Enter. */
function typeDate(dialog: HTMLElement, placeholder: string, value: string) {
  const input = within(dialog).getByPlaceholderText(placeholder);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

async function addItem(dialog: HTMLElement, name: string, count: string) {
  fireEvent.click(within(dialog).getByRole('button', { name: /添加检测项目/ }));
  fireEvent.change(await within(dialog).findByRole('textbox', { name: '检测项目' }), { target: { value: name } });
  fireEvent.change(within(dialog).getByRole('spinbutton', { name: '数量' }), { target: { value: count } });
  fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
  await within(dialog).findByText(name);
}

describe('检测项目 form', { timeout: 60_000 }, () => {
  it('添加: required messages, the unit picker fills the contact, two items, POST without number or status', async () => {
    const { api, dialog } = await openAdd();
    expect(within(dialog).getByText('新增')).toBeTruthy();
    const number = within(dialog).getByPlaceholderText<HTMLInputElement>('保存后自动生成');
    expect(number.disabled).toBe(true);
    expect(await within(dialog).findByText('待受理')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: ok }));
    expect(await within(dialog).findByText(PROJECT_MSG.nameRequired)).toBeTruthy();
    expect(within(dialog).getByText(PROJECT_MSG.unitRequired)).toBeTruthy();

    fireEvent.change(within(dialog).getByPlaceholderText('请输入项目名称'), { target: { value: '出厂水月度检测' } });
    fireEvent.click(within(dialog).getByPlaceholderText('请选择委托单位'));
    fireEvent.click(await screen.findByText('江南水务集团有限公司'));
    fireEvent.click(
      within(screen.getByText('江南水务集团有限公司').closest('.ant-popover') as HTMLElement).getByRole('button', {
        name: ok,
      }),
    );
    const contact = () => dialog.querySelector('#contactName') as HTMLInputElement;
    await waitFor(() => expect(contact().value).toBe('周建国'));
    expect(within(dialog).getByPlaceholderText<HTMLInputElement>('请输入联系电话').value).toBe('0510-82701234');
    expect(api.last('/khgl/unit/listCustomerByMainId')!.params.get('id')).toBe('u1');

    await addItem(dialog, '浑浊度', '4');
    await addItem(dialog, '菌落总数', '2');
    fireEvent.click(within(dialog).getByRole('button', { name: ok }));
    expect(await screen.findByText('添加成功！项目编号：XM202605070001')).toBeTruthy();
    const body = api.last('/project/jcXmProject/add')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: '出厂水月度检测',
      customerUnitId: 'u1',
      contactName: '周建国',
      contactPhone: '0510-82701234',
      startDate: null,
      dueDate: null,
      items: [
        { id: null, itemName: '浑浊度', standard: null, codeLines: 4, unit: null, specMin: null, remark: null },
        { id: null, itemName: '菌落总数', standard: null, codeLines: 2, specText: null, remark: null },
      ],
    });
    expect(body).not.toHaveProperty('status');
    expect(body).not.toHaveProperty('projectNo');
  });

  it('refuses a 计划完成日期 before the 开始日期 with a Chinese message', async () => {
    const { api, dialog } = await openAdd();
    typeDate(dialog, '请选择开始日期', '2026-05-10');
    typeDate(dialog, '请选择计划完成日期', '2026-05-09');
    fireEvent.click(within(dialog).getByRole('button', { name: ok }));
    expect(await within(dialog).findByText('计划完成日期不能早于开始日期')).toBeTruthy();
    typeDate(dialog, '请选择计划完成日期', '2026-05-10');
    await waitFor(() => expect(within(dialog).queryByText('计划完成日期不能早于开始日期')).toBeNull());
    expect(api.last('/project/jcXmProject/add')).toBeUndefined();
  });

  it('数量 -3 and 2.5 stay as typed and the row is refused with the message (never clamped or rounded)', async () => {
    const { dialog } = await openAdd();
    fireEvent.click(within(dialog).getByRole('button', { name: /添加检测项目/ }));
    fireEvent.change(await within(dialog).findByRole('textbox', { name: '检测项目' }), { target: { value: '浑浊度' } });
    const count = within(dialog).getByRole<HTMLInputElement>('spinbutton', { name: '数量' });
    for (const typed of ['-3', '2.5']) {
      fireEvent.change(count, { target: { value: typed } });
      fireEvent.blur(count);
      fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
      expect(await within(dialog).findByText('只能输入大于等于 0 的整数')).toBeTruthy();
      expect(count.value).toBe(typed);
    }
  });

  it('编辑: the saved number read-only, only the legal next states offered, PUT with id, status and items', async () => {
    const { api, dialog } = await openRow('编辑');
    expect(within(dialog).getByText('编辑', { selector: '.ant-modal-title' })).toBeTruthy();
    const number = within(dialog).getByPlaceholderText<HTMLInputElement>('保存后自动生成');
    expect(number.value).toBe('XM202605010001');
    expect(number.disabled).toBe(true);
    expect(within(dialog).getByPlaceholderText<HTMLInputElement>('请选择委托单位').value).toBe('无锡市生态环境局');

    const status = within(dialog).getByText('进行中').closest('.ant-select') as HTMLElement;
    fireEvent.mouseDown(status.querySelector('.ant-select-selector') ?? status);
    await screen.findByTitle('已完成');
    const options = [...document.querySelectorAll('.ant-select-dropdown .ant-select-item-option')];
    expect(options.map((o) => o.textContent)).toEqual(['进行中', '已完成', '已取消']);
    fireEvent.click(screen.getByTitle('已完成'));
    fireEvent.click(within(dialog).getByRole('button', { name: ok }));
    expect(await screen.findByText('编辑成功！')).toBeTruthy();
    expect(api.last('/project/jcXmProject/edit')!.body).toMatchObject({
      id: 'p1',
      status: '3',
      name: '太湖流域地表水例行监测',
      customerUnitId: 'u3',
      startDate: '2026-05-01',
      dueDate: '2026-05-31',
      amount: 35000,
      items: [
        { id: 'i1', itemName: '高锰酸盐指数', codeLines: 12, unit: 'mg/L', specMin: null, specMax: 6, specText: null },
        { id: 'i2', itemName: '氨氮', codeLines: 12, unit: null, specText: '不得检出', remark: '每月' },
      ],
    });
  });

  it('shows the server message when it refuses a status move', async () => {
    const { dialog } = await openRow('编辑', refusingServer);
    fireEvent.click(within(dialog).getByRole('button', { name: ok }));
    expect(await screen.findByText('项目状态不能从「进行中」改为「待受理」')).toBeTruthy();
    expect(within(dialog).getByText('编辑', { selector: '.ant-modal-title' })).toBeTruthy();
    expect(dialog.isConnected).toBe(true);
  });

  it('详情: read-only with the items, no item toolbar, 确定 disabled', async () => {
    const { dialog } = await openRow('详情');
    expect(within(dialog).getByText('详情', { selector: '.ant-modal-title' })).toBeTruthy();
    expect(within(dialog).getByPlaceholderText<HTMLInputElement>('请输入项目名称').disabled).toBe(true);
    expect(within(dialog).getByText('氨氮')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /添加检测项目/ })).toBeNull();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: ok }).disabled).toBe(true);
  });

  it('复制新增: a new project from a copy, without number, status or item ids', async () => {
    const { api, dialog } = await openRow('复制新增');
    expect(within(dialog).getByText('新增', { selector: '.ant-modal-title' })).toBeTruthy();
    expect(within(dialog).getByPlaceholderText<HTMLInputElement>('保存后自动生成').value).toBe('');
    expect(within(dialog).getByPlaceholderText<HTMLInputElement>('请输入项目名称').value).toBe(
      '太湖流域地表水例行监测',
    );
    expect(within(dialog).getByText('待受理')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: ok }));
    expect(await screen.findByText('添加成功！项目编号：XM202605070001')).toBeTruthy();
    const body = api.last('/project/jcXmProject/add')!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: '太湖流域地表水例行监测',
      customerUnitId: 'u3',
      items: [
        { id: null, itemName: '高锰酸盐指数' },
        { id: null, itemName: '氨氮' },
      ],
    });
    expect(body).not.toHaveProperty('id');
    expect(body).not.toHaveProperty('status');
  });
});
