import type { Locator, Page } from 'playwright-core';

/** Keyboard helpers: move the focus with Tab / Shift+Tab and look at what has it. */

/**
 * Presses `key` (Tab or Shift+Tab) until `target` has the focus; fails after `max` presses. Every element
 * the focus stops on without a visible focus indicator is added to `unringed`.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  opts: { key?: 'Tab' | 'Shift+Tab'; max?: number; unringed?: string[] } = {},
): Promise<void> {
  const { key = 'Tab', max = 120, unringed } = opts;
  const handle = await target.elementHandle();
  if (!handle) throw new Error('tabTo: no element');
  try {
    for (let presses = 1; presses <= max; presses += 1) {
      await page.keyboard.press(key);
      if (unringed && !(await focusRing(page))) unringed.push(await focused(page));
      if (await handle.evaluate((el) => el === document.activeElement)) return;
    }
  } finally {
    await handle.dispose();
  }
  throw new Error(`${key} ${max} times did not reach ${String(target)}`);
}

/** What has the focus, for messages: tag, role, name and text. */
export async function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.getAttribute('placeholder') ?? el.textContent?.trim().slice(0, 30);
    return `${el.tagName.toLowerCase()}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''} "${name ?? ''}"`;
  });
}

/**
 * The focus indicator of the focused element: its outline (when not none and wider than 0) or its
 * box-shadow, or those of the antd wrapper that draws an input's focus (affix wrapper, select);
 * '' when none is drawn.
 */
export async function focusRing(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '';
    const candidates = [el, el.closest('.ant-input-affix-wrapper, .ant-input-number, .ant-select, .ant-picker')];
    for (const c of candidates) {
      if (!c) continue;
      const s = getComputedStyle(c);
      if (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0)
        return `outline ${s.outlineStyle} ${s.outlineWidth} ${s.outlineColor}`;
      if (s.boxShadow && s.boxShadow !== 'none') return `box-shadow ${s.boxShadow}`;
    }
    return '';
  });
}
