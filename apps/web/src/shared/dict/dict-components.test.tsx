import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { mockApi, ok, renderPage } from '../list-page/test-utils';
import { DictCheckbox, DictMultiSelect } from './dict-multi';
import { DictSelect } from './dict-select';
import { DictTag } from './dict-tag';

const OPTIONS = [
  { value: '1', text: '化学', title: '化学' },
  { value: '2', text: '物理', title: '物理' },
  { value: '3', text: '微生物', title: '微生物' },
  { value: '9', text: '已停用', title: '已停用', disabled: true },
];

function serve() {
  return mockApi((c) => (c.path === '/sys/dict/getDictItems/test_type' ? ok(OPTIONS) : undefined));
}

function Probe({ initial, kind }: { initial: string; kind: 'multi' | 'checkbox' }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      {kind === 'multi' ? (
        <DictMultiSelect dictCode="test_type" value={value} onChange={setValue} />
      ) : (
        <DictCheckbox dictCode="test_type" value={value} onChange={setValue} />
      )}
      <output data-testid="value">{value}</output>
    </>
  );
}

describe('dictionary components', { timeout: 30_000 }, () => {
  it('DictSelect type radio: the items as radios, the choice reported', async () => {
    serve();
    function RadioProbe() {
      const [value, setValue] = useState<string | undefined>('1');
      return (
        <>
          <DictSelect dictCode="test_type" type="radio" value={value} onChange={setValue} />
          <output data-testid="value">{value}</output>
        </>
      );
    }
    renderPage(<RadioProbe />);
    const chem = await screen.findByRole('radio', { name: '化学' });
    expect((chem as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: '物理' }));
    expect(screen.getByTestId('value').textContent).toBe('2');
    expect(screen.getByRole<HTMLInputElement>('radio', { name: '物理' }).checked).toBe(true);
  });

  it('DictCheckbox: comma string in and out; a disabled item shows only when chosen', async () => {
    const api = serve();
    renderPage(<Probe kind="checkbox" initial="1,9" />);
    const chem = await screen.findByRole('checkbox', { name: '化学' });
    expect((chem as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: '已停用' }).disabled).toBe(true);
    // antd's group learns its options' values in their effects: let those run before clicking (a busy
    // machine can show the boxes first, and a click then would report an empty value).
    await act(async () => {});
    fireEvent.click(screen.getByRole('checkbox', { name: '微生物' }));
    expect(screen.getByTestId('value').textContent).toBe('1,3,9');
    fireEvent.click(chem);
    expect(screen.getByTestId('value').textContent).toBe('3,9');
    expect(api.calls).toHaveLength(1);
  });

  it('DictCheckbox: disabled items are not offered for a new value', async () => {
    serve();
    renderPage(<Probe kind="checkbox" initial="" />);
    await screen.findByRole('checkbox', { name: '化学' });
    expect(screen.queryByRole('checkbox', { name: '已停用' })).toBeNull();
  });

  it('DictMultiSelect: shows the texts of a comma value and emits a comma value', async () => {
    serve();
    renderPage(<Probe kind="multi" initial="2,3" />);
    expect(await screen.findByText('物理')).toBeTruthy();
    expect(screen.getByText('微生物')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByText('已停用')).toBeNull();
    fireEvent.click(await screen.findByTitle('化学'));
    await waitFor(() => expect(screen.getByTestId('value').textContent).toBe('2,3,1'));
  });

  it('DictSelect: placeholder 请选择, trimmed search, renders the text of an existing value', async () => {
    serve();
    renderPage(
      <>
        <DictSelect dictCode="test_type" aria-label="类型" />
        <DictTag dictCode="test_type" value="1,9" />
      </>,
    );
    expect(await screen.findByText('请选择')).toBeTruthy();
    expect(await screen.findByText('化学,已停用')).toBeTruthy();
    const box = screen.getByRole('combobox');
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: '  物理 ' } });
    await waitFor(() => {
      const titles = [...document.querySelectorAll('.ant-select-item-option')].map((el) => el.getAttribute('title'));
      expect(titles).toEqual(['物理']);
    });
  });
});

describe('DictTag while its dictionary loads', { timeout: 30_000 }, () => {
  it('shows no raw code before the texts arrive', async () => {
    serve();
    renderPage(<DictTag dictCode="test_type" value="2" colors={{ 2: 'green' }} />);
    expect(screen.queryByText('2')).toBeNull();
    expect(await screen.findByText('物理')).toBeTruthy();
    expect(screen.queryByText('2')).toBeNull();
  });

  it('a dictionary that cannot be loaded leaves the stored code', async () => {
    mockApi(() => undefined);
    renderPage(<DictTag dictCode="nope_type" value="7" />);
    expect(await screen.findByText('7')).toBeTruthy();
  });
});

describe('dictionary components with fixed options', { timeout: 30_000 }, () => {
  it('use the given items and never call the dictionary endpoint', async () => {
    const api = mockApi(() => ok([]));
    renderPage(
      <>
        <DictCheckbox dictCode="test_type" options={OPTIONS} value="2" />
        <DictTag dictCode="test_type" options={OPTIONS} value="1,3" />
      </>,
    );
    expect((await screen.findByRole<HTMLInputElement>('checkbox', { name: '物理' })).checked).toBe(true);
    expect(screen.getByText('化学,微生物')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
