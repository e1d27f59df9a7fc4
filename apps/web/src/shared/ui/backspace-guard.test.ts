import { describe, expect, it } from 'vitest';
import { installBackspaceGuard, shouldBlockBackspace } from './backspace-guard';

function el(
  tag: 'input' | 'textarea' | 'div',
  props: { type?: string; readOnly?: boolean; disabled?: boolean } = {},
): HTMLElement {
  const node = document.createElement(tag);
  if (props.type) node.setAttribute('type', props.type);
  if (props.readOnly) node.setAttribute('readonly', '');
  if (props.disabled) node.setAttribute('disabled', '');
  return node;
}

describe('backspace guard', () => {
  it('lets Backspace edit writable text fields', () => {
    expect(shouldBlockBackspace(el('input'))).toBe(false);
    expect(shouldBlockBackspace(el('input', { type: 'password' }))).toBe(false);
    expect(shouldBlockBackspace(el('textarea'))).toBe(false);
  });

  it('blocks it on read-only or disabled fields and outside text fields', () => {
    expect(shouldBlockBackspace(el('input', { readOnly: true }))).toBe(true);
    expect(shouldBlockBackspace(el('input', { disabled: true }))).toBe(true);
    expect(shouldBlockBackspace(el('textarea', { readOnly: true }))).toBe(true);
    expect(shouldBlockBackspace(el('input', { type: 'checkbox' }))).toBe(true);
    expect(shouldBlockBackspace(el('div'))).toBe(true);
    expect(shouldBlockBackspace(document.body)).toBe(true);
  });

  it('prevents the default action through the installed listener', () => {
    const remove = installBackspaceGuard();
    const div = el('div');
    document.body.append(div);
    const ev = new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true });
    div.dispatchEvent(ev);
    expect(ev.defaultPrevented).toBe(true);
    const input = el('input');
    document.body.append(input);
    const ok = new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true });
    input.dispatchEvent(ok);
    expect(ok.defaultPrevented).toBe(false);
    remove();
  });
});
