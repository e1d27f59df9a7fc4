import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderUi } from '../ui/test-support/render-ui';
import { ColumnSettings } from './column-settings';
import type { TableSettings } from './table-settings';

const COLUMNS = [
  { name: 'code', label: '供应商编码', width: 120 },
  { name: 'name', label: '供应商名称', width: 200 },
];

/** 列设置 with `settings`; every change it asks for is recorded. */
function open(settings: TableSettings = {}) {
  const onChange = vi.fn<(next: TableSettings) => void>();
  renderUi(<ColumnSettings columns={COLUMNS} settings={settings} onChange={onChange} onReset={() => undefined} />);
  const width = screen.getByRole<HTMLInputElement>('spinbutton', { name: '供应商名称 列宽' });
  return { onChange, width };
}

const type = (box: HTMLInputElement, text: string) => fireEvent.change(box, { target: { value: text } });
const enter = (box: HTMLInputElement) => fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });

describe('列设置 width', () => {
  it('a width in range is saved on Enter, and a blank box gives the default back', () => {
    const { onChange, width } = open({ widths: { name: 300 } });
    type(width, '240');
    enter(width);
    expect(onChange).toHaveBeenLastCalledWith({ widths: { name: 240 } });
    type(width, '');
    fireEvent.blur(width);
    expect(onChange).toHaveBeenLastCalledWith({ widths: {} });
  });

  it.each(['5', '1200', '12.5', '宽'])(
    '%s stays as typed, marked, with the message, and nothing is saved',
    async (text) => {
      const { onChange, width } = open();
      type(width, text);
      enter(width);
      fireEvent.blur(width);
      expect(await screen.findByText('列宽应为 60 到 1000 之间的整数！')).toBeTruthy();
      expect(onChange).not.toHaveBeenCalled();
      expect(width.getAttribute('aria-invalid')).toBe('true');
      if (text !== '宽') expect(width.value).toBe(text);
      // Said once, not again when the box is left after Enter.
      expect(screen.getAllByText('列宽应为 60 到 1000 之间的整数！')).toHaveLength(1);

      // Typing a good width clears the mark and saves it.
      type(width, '150');
      await waitFor(() => expect(width.getAttribute('aria-invalid')).toBe('false'));
      fireEvent.blur(width);
      expect(onChange).toHaveBeenLastCalledWith({ widths: { name: 150 } });
    },
  );

  it('the arrows step by 10 px and stop at the range', () => {
    const { onChange, width } = open({ widths: { name: 1000 } });
    fireEvent.keyDown(width, { key: 'ArrowUp', code: 'ArrowUp', keyCode: 38 });
    expect(onChange).not.toHaveBeenCalled();
    expect(width.value).toBe('1000');
    fireEvent.keyDown(width, { key: 'ArrowDown', code: 'ArrowDown', keyCode: 40 });
    expect(onChange).toHaveBeenLastCalledWith({ widths: { name: 990 } });
  });
});
