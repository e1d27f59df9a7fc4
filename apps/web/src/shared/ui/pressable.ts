import type { KeyboardEvent } from 'react';

/**
 * Props that make an element that is not a button (`<a role="button">` without href) work from the
 * keyboard like one: Tab reaches it, Enter and Space press it. The key is turned into a real click, so
 * what a wrapping Popconfirm or Dropdown listens for runs too.
 */
export const PRESSABLE = {
  tabIndex: 0,
  onKeyDown(e: KeyboardEvent<HTMLElement>): void {
    if (e.key !== 'Enter' && e.key !== ' ') return;
    e.preventDefault();
    e.currentTarget.click();
  },
};
