import type { DictOption } from '@lims/contracts';

/** Pure helpers of dictionary values: comma-joined multi-values, value → text, offered options. */

/** `"a,b"` (or an array) → `['a', 'b']`; blanks dropped. */
export function splitValues(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  // A form value here is a code, a number or a list of them.
  const parts = Array.isArray(value)
    ? value.map(String)
    : (typeof value === 'string' ? value : JSON.stringify(value)).split(',');
  return parts.map((s) => s.trim()).filter(Boolean);
}

/** `['a', 'b']` → `"a,b"` (the comma-joined form multi-selects store). */
export function joinValues(values: readonly (string | number)[]): string {
  return values.map(String).filter(Boolean).join(',');
}

/**
 * The text of a value (several texts joined with "," for a comma value). An unknown value shows as
 * itself; a disabled item still shows its text.
 */
export function dictText(options: readonly DictOption[] | undefined, value: unknown): string {
  const values = splitValues(value);
  const byValue = new Map((options ?? []).map((o) => [o.value, o.text]));
  return values.map((v) => byValue.get(v) ?? v).join(',');
}

export type SelectOption = { label: string; value: string; title: string; disabled: boolean };

/**
 * Options a control offers: disabled items are left out unless already chosen (then shown, but
 * not choosable), so an existing value keeps its text.
 */
export function offeredOptions(options: readonly DictOption[], current: readonly string[]): SelectOption[] {
  return options
    .filter((o) => !o.disabled || current.includes(o.value))
    .map((o) => ({ label: o.text, value: o.value, title: o.title || o.text, disabled: Boolean(o.disabled) }));
}

/** The dictionary filter search: the term is trimmed; an empty term matches everything. */
export function matchesTerm(label: string, term: string): boolean {
  const t = term.trim().toLowerCase();
  return t === '' || label.toLowerCase().includes(t);
}
