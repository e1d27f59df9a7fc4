import { memo } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useWidth } from './use-width';

/** A ResizeObserver the test drives: `report(px)` tells every observer its element is now `px` wide. */
function drivenResizeObserver() {
  const callbacks: ResizeObserverCallback[] = [];
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(cb: ResizeObserverCallback) {
        callbacks.push(cb);
      }
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  return (px: number) =>
    act(() => {
      const entry = {
        borderBoxSize: [{ inlineSize: px, blockSize: 40 }],
        contentRect: { width: px },
      } as unknown as ResizeObserverEntry;
      for (const cb of callbacks) cb([entry], {} as ResizeObserver);
    });
}

/** What is drawn at the box's width (the table, in a list page), counting its renders. */
let cellRenders = 0;
const Cells = memo(function Cells({ width }: { width: number | null }) {
  cellRenders++;
  return <>{width === null ? 'unmeasured' : `${width}px`}</>;
});

function Box() {
  const [ref, width] = useWidth();
  return (
    <div ref={ref} data-testid="box">
      <Cells width={width} />
    </div>
  );
}

describe('useWidth', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('reads the width when the element is attached, then follows resizes', () => {
    const report = drivenResizeObserver();
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 1000.6, 40));
    render(<Box />);
    expect(screen.getByTestId('box').textContent).toBe('1000px');
    report(820.4);
    expect(screen.getByTestId('box').textContent).toBe('820px');
  });

  it('keeps its last width while the element is hidden (a page in a tab behind another): nothing renders again', () => {
    const report = drivenResizeObserver();
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 1000, 40));
    render(<Box />);
    const before = cellRenders;
    // The tab is left: `display: none` makes the box 0 wide, then the tab is shown again at the same width.
    report(0);
    report(1000);
    expect(screen.getByTestId('box').textContent).toBe('1000px');
    expect(cellRenders).toBe(before);
    // The window was made narrower while the tab was hidden: shown again, the box takes its new width.
    report(0);
    report(760);
    expect(screen.getByTestId('box').textContent).toBe('760px');
  });
});
