import { useRef, useState, type KeyboardEvent } from 'react';

const PRESS_KEYS = new Set(['Enter', ' ']);

/**
 * Props that make an element that is not a button (`<a role="button">` without href) work from the
 * keyboard like one: Tab reaches it, Enter and Space press it. The key is turned into a real click, so
 * what a wrapping Popconfirm or Popover listens for runs too.
 */
export const PRESSABLE = {
  tabIndex: 0,
  onKeyDown(e: KeyboardEvent<HTMLElement>): void {
    if (!PRESS_KEYS.has(e.key)) return;
    e.preventDefault();
    e.currentTarget.click();
  },
};

/**
 * A hover dropdown (antd Dropdown) that the keyboard opens too: Enter, Space or ↓ on its trigger opens
 * it with the focus in the menu (↑ ↓ move, Enter runs an entry, Escape closes it and gives the focus back
 * to the trigger). Spread `dropdown` on the Dropdown and `trigger` on its child.
 */
export function useKeyboardDropdown() {
  const [open, setOpen] = useState<false | 'pointer' | 'keyboard'>(false);
  const triggerRef = useRef<HTMLElement | null>(null);
  return {
    dropdown: {
      open: open !== false,
      onOpenChange: (next: boolean) => {
        // Closed after a keyboard open (Escape, an entry chosen): the focus goes back to the trigger.
        if (!next && open === 'keyboard') triggerRef.current?.focus();
        setOpen(next ? 'pointer' : false);
      },
      autoFocus: open === 'keyboard',
    },
    trigger: {
      tabIndex: 0,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open !== false,
      onKeyDown(e: KeyboardEvent<HTMLElement>): void {
        if (!PRESS_KEYS.has(e.key) && e.key !== 'ArrowDown') return;
        e.preventDefault();
        triggerRef.current = e.currentTarget;
        setOpen('keyboard');
      },
    },
  };
}
