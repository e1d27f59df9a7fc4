import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { formToFilters, type SearchField } from './search-fields';
import { SearchForm } from './search-form';
import { renderPage } from './test-utils';

const FIELDS = [
  { name: 'a', label: '字段一' },
  { name: 'b', label: '字段二' },
  { name: 'c', label: '字段三' },
  { name: 'd', label: '字段四' },
];

describe('SearchForm', { timeout: 30_000 }, () => {
  it('collapses fields beyond a row behind 展开 / 收起 and submits all values', async () => {
    const onSearch = vi.fn();
    renderPage(<SearchForm fields={FIELDS} filters={{ d: '已有' }} onSearch={onSearch} onReset={() => undefined} />);
    const fourth = screen.getByPlaceholderText('请输入字段四');
    expect(fourth.closest('.ant-col-xl-6')?.getAttribute('style')).toContain('display: none');
    fireEvent.click(screen.getByText('展开'));
    expect(fourth.closest('.ant-col-xl-6')?.getAttribute('style') ?? '').not.toContain('display: none');
    expect(screen.getByText('收起')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入字段一'), { target: { value: ' x ' } });
    fireEvent.click(screen.getByRole('button', { name: /(^|\s)查\s*询$/ }));
    await waitFor(() => expect(onSearch).toHaveBeenCalled());
    expect(onSearch.mock.calls[0][0]).toMatchObject({ a: ' x ', d: '已有' });
  });

  it('a custom field renders the page’s control and searches with its value', async () => {
    const onSearch = vi.fn();
    const custom: SearchField = {
      name: 'departId',
      label: '部门',
      type: 'custom',
      placeholder: '请选择部门',
      render: ({ value, onChange, placeholder }) => (
        <select aria-label="部门" value={value ?? ''} onChange={(e) => onChange?.(e.target.value || undefined)}>
          <option value="">{placeholder}</option>
          <option value="d1">检测中心</option>
        </select>
      ),
    };
    renderPage(
      <SearchForm fields={[custom]} filters={{ departId: 'd1' }} onSearch={onSearch} onReset={() => undefined} />,
    );
    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: '部门' });
    await waitFor(() => expect(select.value).toBe('d1'));
    expect(screen.getByText('请选择部门')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /(^|\s)查\s*询$/ }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ departId: 'd1' }));
    expect(formToFilters([custom], { departId: ' d1 ' })).toEqual({ departId: 'd1' });
  });

  it('gives a date range a wider column than a text field', async () => {
    renderPage(
      <SearchForm
        fields={[
          { name: 'a', label: '字段一' },
          { name: 'createTime', label: '创建时间', type: 'dateRange' },
        ]}
        filters={{}}
        onSearch={() => undefined}
        onReset={() => undefined}
      />,
    );
    expect(screen.getByPlaceholderText('请输入字段一').closest('.ant-col-xl-6')).toBeTruthy();
    const start = await screen.findByPlaceholderText('开始日期');
    expect(start.closest('.ant-col-xl-8')).toBeTruthy();
    expect(start.closest('.ant-col-xl-6')).toBeNull();
  });

  it('shows a folded-away date range with its value from the URL when 展开 is clicked, and searches with it', async () => {
    const onSearch = vi.fn();
    const fields: SearchField[] = [...FIELDS.slice(0, 3), { name: 'createTime', label: '创建时间', type: 'dateRange' }];
    renderPage(
      <SearchForm
        fields={fields}
        filters={{ createTime_begin: '2026-01-02' }}
        onSearch={onSearch}
        onReset={() => undefined}
      />,
    );
    const start = screen.getByPlaceholderText<HTMLInputElement>('开始日期');
    expect(start.closest('.ant-col-xl-8')?.getAttribute('style')).toContain('display: none');
    fireEvent.click(screen.getByText('展开'));
    expect(start.closest('.ant-col-xl-8')?.getAttribute('style') ?? '').not.toContain('display: none');
    await waitFor(() => expect(start.value).toBe('2026-01-02'));
    fireEvent.click(screen.getByRole('button', { name: /(^|\s)查\s*询$/ }));
    await waitFor(() => expect(onSearch).toHaveBeenCalled());
    expect(formToFilters(fields, onSearch.mock.calls[0][0])).toEqual({ createTime_begin: '2026-01-02' });
  });

  it('labels every control with its field label and clears them all with 重置', async () => {
    const onReset = vi.fn();
    renderPage(
      <SearchForm fields={FIELDS} filters={{ a: '甲', d: '丁' }} onSearch={() => undefined} onReset={onReset} />,
    );
    const first = screen.getByLabelText<HTMLInputElement>('字段一');
    await waitFor(() => expect(first.value).toBe('甲'));
    fireEvent.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(first.value).toBe(''));
    expect(screen.getByLabelText<HTMLInputElement>('字段四').value).toBe('');
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('keeps a folded-away custom control’s value and searches with it', async () => {
    const onSearch = vi.fn();
    const render = vi.fn(({ value }: { value?: string }) => <output aria-label="部门控件">{value}</output>);
    const fields: SearchField[] = [
      ...FIELDS.slice(0, 3),
      { name: 'departId', label: '部门', type: 'custom', placeholder: '请选择部门', render },
    ];
    renderPage(
      <SearchForm fields={fields} filters={{ departId: 'd1' }} onSearch={onSearch} onReset={() => undefined} />,
    );
    fireEvent.click(screen.getByText('展开'));
    await waitFor(() => expect(screen.getByRole('status', { name: '部门控件' }).textContent).toBe('d1'));
    fireEvent.click(screen.getByRole('button', { name: /(^|\s)查\s*询$/ }));
    await waitFor(() => expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ departId: 'd1' })));
  });

  it('has no 展开 with a row of fields or fewer', () => {
    renderPage(
      <SearchForm fields={FIELDS.slice(0, 3)} filters={{}} onSearch={() => undefined} onReset={() => undefined} />,
    );
    expect(screen.queryByText('展开')).toBeNull();
  });
});
