import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderUi } from '../test-support/render-ui';
import { TablePicker } from './table-picker';
import { pickerParams, readPickerAnswer, wrapSearchTerm, type PickerAnswer, type PickerParams } from './picker-query';

type Unit = { id: string; name: string; code: string };
const units: Unit[] = Array.from({ length: 23 }, (_, i) => ({
  id: `u${i + 1}`,
  name: `检测单位${i + 1}`,
  code: `C${100 + i}`,
}));

/** A fake server: filters `*term*` on name and code, pages by pageNo/pageSize, records every call. */
function fakeFetch(calls: PickerParams[]) {
  return (params: PickerParams): Promise<PickerAnswer<Unit>> => {
    calls.push(params);
    const like = (field: 'name' | 'code') => {
      const v = params[field];
      return typeof v === 'string' ? v.replaceAll('*', '') : '';
    };
    const hits = units.filter((u) => u.name.includes(like('name')) && u.code.includes(like('code')));
    const start = (params.pageNo - 1) * params.pageSize;
    return Promise.resolve({ records: hits.slice(start, start + params.pageSize), total: hits.length });
  };
}

const columns = [
  { title: '单位名称', dataIndex: 'name' as const, searchable: true },
  { title: '单位编码', dataIndex: 'code' as const, searchable: true },
];

function Harness({
  fetch,
  onPick,
}: {
  fetch: (p: PickerParams) => Promise<PickerAnswer<Unit>>;
  onPick?: (v?: string) => void;
}) {
  const [value, setValue] = useState<string>();
  return (
    <TablePicker<Unit>
      value={value}
      onChange={(v) => {
        setValue(v);
        onPick?.(v);
      }}
      fetch={fetch}
      columns={columns}
      labelKey="name"
      placeholder="请选择检测单位"
    />
  );
}

describe('picker-query', () => {
  it('wraps a trimmed term with * and drops blank ones', () => {
    expect(wrapSearchTerm('  钢 ')).toBe('*钢*');
    expect(wrapSearchTerm('  ')).toBeUndefined();
    expect(pickerParams(2, { name: ' 检测 ', code: '' })).toEqual({ pageNo: 2, pageSize: 10, name: '*检测*' });
  });

  it('reads a page or an envelope and turns success false / code 510 into a warning', () => {
    expect(readPickerAnswer({ records: [1], total: 1 })).toEqual({ records: [1], total: 1 });
    expect(readPickerAnswer({ success: true, code: 200, result: { records: [2], total: 5 } })).toEqual({
      records: [2],
      total: 5,
    });
    expect(() => readPickerAnswer({ success: false, code: 500, message: '查询失败了' })).toThrow('查询失败了');
    expect(() => readPickerAnswer({ success: true, code: 510, message: '没有权限，请联系管理员授权' })).toThrow(
      '没有权限',
    );
  });
});

describe('<TablePicker>', { timeout: 30_000 }, () => {
  it('pages 10 rows, searches a column as *term*, and takes the clicked row with 确定', async () => {
    const user = userEvent.setup();
    const calls: PickerParams[] = [];
    const picks: Array<string | undefined> = [];
    renderUi(<Harness fetch={fakeFetch(calls)} onPick={(v) => picks.push(v)} />);

    await user.click(screen.getByPlaceholderText('请选择检测单位'));
    expect(await screen.findByText('检测单位1')).toBeTruthy();
    expect(calls[0]).toEqual({ pageNo: 1, pageSize: 10 });
    expect(screen.getByText('1-10 共23条')).toBeTruthy();

    await user.click((await screen.findAllByLabelText('搜索单位名称'))[0]);
    const box = await screen.findByRole('textbox', { name: '搜索单位名称' });
    fireEvent.change(box, { target: { value: ' 单位2 ' } });
    await user.click(within(box.parentElement as HTMLElement).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ pageNo: 1, pageSize: 10, name: '*单位2*' }));
    expect(await screen.findByText('1-5 共5条')).toBeTruthy();

    await user.click(screen.getByText('检测单位21'));
    expect(picks).toEqual([]);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(picks).toEqual(['u21']);
    expect(screen.getByPlaceholderText<HTMLInputElement>('请选择检测单位').value).toBe('检测单位21');
  });

  it('resets a column search with 重置', async () => {
    const user = userEvent.setup();
    const calls: PickerParams[] = [];
    renderUi(<Harness fetch={fakeFetch(calls)} />);
    await user.click(screen.getByPlaceholderText('请选择检测单位'));
    await screen.findByText('检测单位1');
    await user.click((await screen.findAllByLabelText('搜索单位编码'))[0]);
    const box = await screen.findByRole('textbox', { name: '搜索单位编码' });
    fireEvent.change(box, { target: { value: 'C10' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.at(-1)?.code).toBe('*C10*'));
    await user.click(screen.getAllByLabelText('搜索单位编码')[0]);
    await user.click(
      within((await screen.findByRole('textbox', { name: '搜索单位编码' })).parentElement as HTMLElement).getByRole(
        'button',
        { name: /重\s*置/ },
      ),
    );
    await waitFor(() => expect(calls.at(-1)).toEqual({ pageNo: 1, pageSize: 10 }));
  });

  it('shows the server message as a warning for success false, code 510 and a failed call', async () => {
    const user = userEvent.setup();
    const cases: Array<[(p: PickerParams) => Promise<PickerAnswer<Unit>>, string]> = [
      [() => Promise.resolve({ success: false, code: 500, message: '查询条件有误' }), '查询条件有误'],
      [
        () => Promise.resolve({ success: true, code: 510, message: '没有权限，请联系管理员授权' }),
        '没有权限，请联系管理员授权',
      ],
      [() => Promise.reject(new Error('网络超时')), '网络超时'],
    ];
    for (const [fetch, text] of cases) {
      const { unmount } = renderUi(<Harness fetch={fetch} />);
      await user.click(screen.getByPlaceholderText('请选择检测单位'));
      expect(await screen.findByText(text)).toBeTruthy();
      unmount();
    }
  });
});
