const TEXT_TYPES = new Set([
  'text',
  'password',
  'search',
  'email',
  'number',
  'tel',
  'url',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
  '',
]);

/**
 * SPEC section 5: Backspace is blocked (no browser "back") on read-only or disabled inputs and
 * outside text fields.
 */
export function shouldBlockBackspace(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return true;
  if (target.isContentEditable) return false;
  if (target instanceof HTMLTextAreaElement) return target.readOnly || target.disabled;
  if (target instanceof HTMLInputElement) {
    if (!TEXT_TYPES.has(target.type)) return true;
    return target.readOnly || target.disabled;
  }
  return true;
}

/** Installs the guard on the document; returns the uninstaller. */
export function installBackspaceGuard(doc: Document = document): () => void {
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Backspace' && shouldBlockBackspace(e.target)) e.preventDefault();
  };
  doc.addEventListener('keydown', onKeyDown);
  return () => doc.removeEventListener('keydown', onKeyDown);
}
