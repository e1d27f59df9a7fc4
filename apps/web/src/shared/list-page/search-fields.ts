import type { ReactNode } from 'react';
import type { Filters } from './list-params';

/** One field of a list's search form, declared by the page (pure data). */
type FieldBase = { name: string; label: string; placeholder?: string };

/** What a `custom` field's control gets from the form (value/onChange fit antd Form). */
export type CustomControlProps = {
  id?: string;
  value?: string;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
};
export type SearchField =
  /** Free text; `match` like (default) sends `*term*`, right_like `term*`, eq the term itself. */
  | (FieldBase & { type?: 'input'; match?: 'like' | 'right_like' | 'eq' })
  | (FieldBase & { type: 'select'; options: Array<{ label: string; value: string }> })
  /** A dictionary select (shared/dict) over the dictionary `dictCode`. */
  | (FieldBase & { type: 'dict'; dictCode: string })
  | (FieldBase & { type: 'date' })
  /** Sent as `<name>_begin` / `<name>_end` (whole days). */
  | (FieldBase & { type: 'dateRange' })
  /**
   * A shared control of its own (e.g. a department tree select); its string value is sent as it is.
   * A list source (pure data) leaves `render` out and the page adds it (`withControls`); without one
   * the form shows a text box.
   */
  | (FieldBase & { type: 'custom'; render?: (props: CustomControlProps) => ReactNode });

/** A source's fields with the page's controls for its `custom` fields (by field name). */
export function withControls(
  fields: readonly SearchField[],
  controls: Record<string, (props: CustomControlProps) => ReactNode>,
): SearchField[] {
  return fields.map((f) => (f.type === 'custom' && controls[f.name] ? { ...f, render: controls[f.name] } : f));
}

/** A date of the search form and the URL: `YYYY-MM-DD` (the date control turns it into a picker value). */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The URL / query names a field occupies. */
export function fieldKeys(field: SearchField): string[] {
  return field.type === 'dateRange' ? [`${field.name}_begin`, `${field.name}_end`] : [field.name];
}

export function filterKeysOf(fields: readonly SearchField[]): string[] {
  return fields.flatMap(fieldKeys);
}

const text = (v: unknown): string | undefined => {
  const s = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
  return s || undefined;
};

const dateText = (v: unknown): string | undefined => (typeof v === 'string' && DATE.test(v) ? v : undefined);

/** Search form values → URL filters (trimmed strings; empty values left out). */
export function formToFilters(fields: readonly SearchField[], values: Record<string, unknown>): Filters {
  const out: Filters = {};
  const put = (key: string, v: string | undefined) => {
    if (v !== undefined) out[key] = v;
  };
  for (const f of fields) {
    const v = values[f.name];
    if (f.type === 'dateRange') {
      const ends: readonly unknown[] = Array.isArray(v) ? v : [];
      const [from, to] = ends;
      put(`${f.name}_begin`, dateText(from));
      put(`${f.name}_end`, dateText(to));
    } else if (f.type === 'date') {
      put(f.name, dateText(v));
    } else {
      put(f.name, text(v));
    }
  }
  return out;
}

/** URL filters → search form values (so the form shows what the list is filtered by). */
export function filtersToForm(fields: readonly SearchField[], filters: Filters): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) {
    if (f.type === 'dateRange') {
      const from = dateText(filters[`${f.name}_begin`]) ?? null;
      const to = dateText(filters[`${f.name}_end`]) ?? null;
      out[f.name] = from || to ? [from, to] : undefined;
    } else if (f.type === 'date') {
      out[f.name] = dateText(filters[f.name]);
    } else {
      out[f.name] = filters[f.name];
    }
  }
  return out;
}

/** The column search of SPEC section 5: the trimmed term wrapped with `*` (unless it has its own). */
export function likeTerm(term: string, match: 'like' | 'right_like' | 'eq' = 'like'): string {
  const t = term.trim();
  if (!t || match === 'eq' || t.includes('*')) return t;
  return match === 'like' ? `*${t}*` : `${t}*`;
}

/** URL filters → the list call's search params (text fields get their match rule). */
export function filtersToSearch(fields: readonly SearchField[], filters: Filters): Record<string, string> {
  const out: Record<string, string> = { ...filters };
  for (const f of fields) {
    const v = filters[f.name];
    if (v !== undefined && (f.type === undefined || f.type === 'input')) out[f.name] = likeTerm(v, f.match);
  }
  return out;
}
