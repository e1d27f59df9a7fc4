import { afterEach, describe, expect, it, vi } from 'vitest';
import { installScrollHoverPause, SCROLLING_CLASS } from './scroll-hover-pause';

describe('scroll hover pause', () => {
  afterEach(() => vi.useRealTimers());

  it('marks <html> while scroll events keep coming and clears it once they stop', () => {
    vi.useFakeTimers();
    const uninstall = installScrollHoverPause(document, 100);
    const classes = document.documentElement.classList;
    document.dispatchEvent(new Event('scroll'));
    expect(classes.contains(SCROLLING_CLASS)).toBe(true);
    vi.advanceTimersByTime(80);
    document.body.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(80);
    expect(classes.contains(SCROLLING_CLASS)).toBe(true);
    vi.advanceTimersByTime(30);
    expect(classes.contains(SCROLLING_CLASS)).toBe(false);
    uninstall();
    document.dispatchEvent(new Event('scroll'));
    expect(classes.contains(SCROLLING_CLASS)).toBe(false);
  });
});
