import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import '../test-support/jsdom-stubs';
import { DESCRIPTION_ELLIPSIS_LENGTH, Ellipsis, truncateText } from './ellipsis';

const LONG = '样品检测报告需要在三个工作日内完成审核并归档到实验室信息管理系统中以便查询';

describe('truncateText', () => {
  it('keeps text up to the length and cuts longer text with …', () => {
    expect(truncateText('abc', 3)).toBe('abc');
    expect(truncateText('abcd', 3)).toBe('abc…');
    expect(truncateText('😀😀😀😀', 2)).toBe('😀😀…');
  });
});

describe('<Ellipsis>', () => {
  it('cuts at 25 characters by default and shows the full text in a tooltip on hover', async () => {
    render(<Ellipsis value={LONG} />);
    const shown = screen.getByText(`${LONG.slice(0, 25)}…`);
    fireEvent.mouseEnter(shown);
    expect(await screen.findByRole('tooltip')).toBeTruthy();
    expect((await screen.findByRole('tooltip')).textContent).toBe(LONG);
  });

  it('uses the given length (description cells: 10)', () => {
    render(<Ellipsis value={LONG} length={DESCRIPTION_ELLIPSIS_LENGTH} />);
    expect(screen.getByText(`${LONG.slice(0, 10)}…`)).toBeTruthy();
  });

  it('shows short text as is, and nothing for empty values', () => {
    const { container } = render(
      <>
        <Ellipsis value="短文本" />
        <Ellipsis value={null} />
      </>,
    );
    expect(screen.getByText('短文本')).toBeTruthy();
    expect(container.textContent).toBe('短文本');
  });
});
