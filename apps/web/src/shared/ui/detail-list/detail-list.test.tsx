import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import '../test-support/jsdom-stubs';
import { DetailList, clampColumns } from './detail-list';

const items = ['样品编号', '样品名称', '检测项目', '委托单位', '收样日期', '状态'].map((label, i) => ({
  label,
  content: `值${i + 1}`,
}));

/** The labels of each rendered row, in order. */
function rowsOfLabels(): string[][] {
  return screen.getAllByRole('row').map((row) =>
    within(row)
      .queryAllByText(/^(样品|检测|委托|收样|状态)/)
      .map((el) => el.textContent ?? ''),
  );
}

describe('clampColumns', () => {
  it('keeps 1–4, defaults to 3 and clamps the rest', () => {
    expect(clampColumns(undefined)).toBe(3);
    expect(clampColumns(1)).toBe(1);
    expect(clampColumns(4)).toBe(4);
    expect(clampColumns(0)).toBe(1);
    expect(clampColumns(9)).toBe(4);
  });
});

describe('<DetailList>', () => {
  it('shows the title and lays six items out in rows of 3 by default', () => {
    render(<DetailList title="样品信息" items={items} />);
    expect(screen.getByText('样品信息')).toBeTruthy();
    expect(rowsOfLabels()).toEqual([
      ['样品编号', '样品名称', '检测项目'],
      ['委托单位', '收样日期', '状态'],
    ]);
    expect(screen.getByText('值6')).toBeTruthy();
  });

  it('uses the given column count, at most 4', () => {
    const { unmount } = render(<DetailList items={items} column={2} />);
    expect(rowsOfLabels().map((r) => r.length)).toEqual([2, 2, 2]);
    unmount();
    render(<DetailList items={items} column={6} />);
    expect(rowsOfLabels().map((r) => r.length)).toEqual([4, 2]);
  });
});
