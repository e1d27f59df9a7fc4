import '../../../shared/ui/test-support/jsdom-stubs';
import { describe, expect, it } from 'vitest';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { LIMS_MSG, PERM, SAMPLE_MSG, type SampleRecord } from '@lims/contracts';
import { grant, mockApi, ok, renderPage, type ApiAnswer, type ApiCall } from '../../../shared/list-page/test-utils';
import SampleListPage from './sample-list-page';

configure({ asyncUtilTimeout: 8000 });

const base = { createTime: '2026-11-27 09:00:00', createBy: 'zhaoliu', updateTime: null, updateBy: null, version: 0 };
const PENDING: SampleRecord = {
  ...base,
  id: 's1',
  sampleNo: 'YP202611270001',
  projectId: 'p1',
  projectNo: 'XM202611270001',
  projectName: '太湖水质',
  name: '湖心水样',
  sampleType: '1',
  quantity: 500,
  unit: 'mL',
  condition: null,
  storageLocation: null,
  receivedBy: null,
  receivedAt: null,
  status: '1',
  returnReason: null,
  remark: null,
};
const RECEIVED: SampleRecord = {
  ...PENDING,
  id: 's2',
  sampleNo: 'YP202611270002',
  name: '入湖口水样',
  status: '2',
  condition: '1',
  storageLocation: '冷藏柜A-1',
  receivedBy: 'u6',
  receivedByName: '赵六',
  receivedAt: '2026-11-27 09:30:00',
};
const dict = (pairs: Array<[string, string]>) => ok(pairs.map(([value, text]) => ({ value, text, title: text })));

function server(c: ApiCall): ApiAnswer | undefined {
  switch (c.path) {
    case '/lims/sample/list':
      return ok({ records: [PENDING, RECEIVED], total: 2 });
    case '/project/jcXmProject/queryProject':
      return ok([{ id: 'p1', projectNo: 'XM202611270001', name: '太湖水质' }]);
    case '/lims/sample/add':
      return ok({ ids: ['a', 'b', 'c'], sampleNos: ['YP1', 'YP2', 'YP3'] }, '登记成功！共 3 个样品');
    case '/lims/sample/edit':
      return ok(null, '编辑成功！');
    case '/sys/dict/getDictItems/lims_sample_type':
      return dict([
        ['1', '水质'],
        ['2', '土壤'],
      ]);
    case '/sys/dict/getDictItems/lims_sample_condition':
      return dict([['1', '完好']]);
    case '/sys/dict/getDictItems/lims_sample_status':
      return dict([
        ['1', '待接收'],
        ['2', '已接收'],
      ]);
    default:
      return undefined;
  }
}

async function openPage() {
  grant(...Object.values(PERM.sample));
  const api = mockApi(server);
  renderPage(<SampleListPage />, '/lims/sample');
  await screen.findByText('YP202611270001');
  return api;
}

/** 更多 → 编辑 on the row of `sampleNo`; the edit dialog. */
async function openEdit(sampleNo: string): Promise<HTMLElement> {
  const row = screen.getByText(sampleNo).closest('tr') as HTMLElement;
  fireEvent.mouseEnter(within(row).getByText('更多'));
  fireEvent.click(await screen.findByRole('menuitem', { name: '编辑' }));
  return screen.findByRole('dialog');
}

describe('样品管理', { timeout: 60_000 }, () => {
  it('登记: one project and three rows (批量添加 copies the last row) are posted in one request', async () => {
    const api = await openPage();
    fireEvent.click(screen.getByRole('button', { name: /登记样品/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: /登\s*记/ }));
    expect(await within(dialog).findByText('请选择检测项目！')).toBeTruthy();
    expect(within(dialog).getByText('请输入样品名称！')).toBeTruthy();

    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0]);
    fireEvent.click(await screen.findByTitle('XM202611270001 太湖水质'));
    fireEvent.change(within(dialog).getByLabelText('第 1 行样品名称'), { target: { value: '进水口' } });
    fireEvent.change(within(dialog).getAllByPlaceholderText('单位')[0], { target: { value: 'L' } });
    const count = within(dialog).getAllByRole('spinbutton').at(-1)!;
    fireEvent.change(count, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /批量添加/ }));
    fireEvent.change(await within(dialog).findByLabelText('第 3 行样品名称'), { target: { value: '沉淀池' } });
    fireEvent.change(within(dialog).getByLabelText('第 2 行样品名称'), { target: { value: '出水口' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /登\s*记/ }));
    expect(await screen.findByText('登记成功！共 3 个样品')).toBeTruthy();
    expect(api.last('/lims/sample/add')!.body).toEqual({
      projectId: 'p1',
      samples: [
        { name: '进水口', sampleType: null, quantity: null, unit: 'L', remark: null },
        { name: '出水口', sampleType: null, quantity: null, unit: 'L', remark: null },
        { name: '沉淀池', sampleType: null, quantity: null, unit: 'L', remark: null },
      ],
    });
  });

  it('编辑 after receipt asks for the 修改原因 and sends it', async () => {
    const api = await openPage();
    const dialog = await openEdit('YP202611270002');
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText(LIMS_MSG.reasonRequired)).toBeTruthy();
    expect(api.last('/lims/sample/edit')).toBeUndefined();
    fireEvent.change(within(dialog).getByPlaceholderText('样品已接收，修改须填写原因'), { target: { value: '笔误' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.last('/lims/sample/edit')).toBeDefined());
    expect(api.last('/lims/sample/edit')!.body).toMatchObject({
      id: 's2',
      name: '入湖口水样',
      reason: '笔误',
      version: 0,
    });
  });

  it('数量 -3 or 1.23456 stays as typed with the message and nothing is posted; 2.5 is posted as typed', async () => {
    const api = await openPage();
    fireEvent.click(screen.getByRole('button', { name: /登记样品/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.mouseDown(within(dialog).getAllByRole('combobox')[0]);
    fireEvent.click(await screen.findByTitle('XM202611270001 太湖水质'));
    fireEvent.change(within(dialog).getByLabelText('第 1 行样品名称'), { target: { value: '进水口' } });
    const quantity = within(dialog).getByRole<HTMLInputElement>('spinbutton', { name: '第 1 行数量' });
    for (const typed of ['-3', '1.23456']) {
      fireEvent.change(quantity, { target: { value: typed } });
      fireEvent.blur(quantity);
      fireEvent.click(within(dialog).getByRole('button', { name: /登\s*记/ }));
      expect(await within(dialog).findByText(SAMPLE_MSG.quantityInvalidOne)).toBeTruthy();
      expect(quantity.value).toBe(typed);
    }
    expect(api.last('/lims/sample/add')).toBeUndefined();
    fireEvent.change(quantity, { target: { value: '2.5' } });
    fireEvent.blur(quantity);
    fireEvent.click(within(dialog).getByRole('button', { name: /登\s*记/ }));
    await waitFor(() => expect(api.last('/lims/sample/add')).toBeDefined());
    expect(api.last('/lims/sample/add')!.body).toMatchObject({ samples: [{ name: '进水口', quantity: 2.5 }] });
  });

  it('编辑: 数量 -1 shows the message and sends nothing', async () => {
    const api = await openPage();
    const dialog = await openEdit('YP202611270001');
    const quantity = within(dialog).getByRole<HTMLInputElement>('spinbutton', { name: '数量' });
    await waitFor(() => expect(quantity.value).toBe('500'));
    fireEvent.change(quantity, { target: { value: '-1' } });
    fireEvent.blur(quantity);
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    expect(await within(dialog).findByText(SAMPLE_MSG.quantityInvalidOne)).toBeTruthy();
    expect(quantity.value).toBe('-1');
    expect(api.last('/lims/sample/edit')).toBeUndefined();
  });
});
