import type { KeyboardEvent } from 'react';

/** Single-line text inputs; every other input type (date, number, checkbox…) never submits on Enter. */
const TEXT_TYPES = new Set(['text', 'password', 'email', 'tel', 'url', 'search']);

/**
 * Controls whose Enter belongs to themselves: it confirms a picker's date, a select's option, a number's
 * formatting, an editable table's row — never the whole form.
 */
const OWN_ENTER = [
  '.ant-picker',
  '.ant-select',
  '.ant-cascader',
  '.ant-input-number',
  '.ant-mentions',
  '.ant-table',
  '[role="combobox"]',
  '[role="spinbutton"]',
  '[aria-haspopup]',
].join(',');

/**
 * Whether an Enter key press should submit a modal form: only Enter in a plain, editable single-line text
 * input of the form itself (`container`). Enter in a picker, a select, a number box, a text area, an
 * editable table, a popup or a dialog opened from the form (React passes their keys up through portals),
 * or an IME composition (choosing Chinese characters) is left to that control.
 */
export function isSubmitEnter(e: KeyboardEvent, container: HTMLElement | null): boolean {
  if (e.key !== 'Enter' || e.defaultPrevented) return false;
  if (e.nativeEvent.isComposing || e.keyCode === 229) return false;
  if (e.shiftKey || e.altKey || e.ctrlKey || e.metaKey) return false;
  const target = e.target;
  if (!(target instanceof HTMLInputElement) || !container?.contains(target)) return false;
  if (!TEXT_TYPES.has(target.type) || target.readOnly || target.disabled) return false;
  return !target.closest(OWN_ENTER);
}
