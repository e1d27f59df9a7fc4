import type { ReactNode } from 'react';
import type { TableColumnType as ColumnType, TableProps } from 'antd';

/** 默认 / 中等 / 紧凑 as antd's table sizes; a list starts at 中等 (antd `medium`). */
export type Density = 'large' | 'medium' | 'small';
export const DEFAULT_DENSITY: Density = 'medium';
export const DENSITIES: ReadonlyArray<{ value: Density; label: string }> = [
  { value: 'large', label: '默认' },
  { value: 'medium', label: '中等' },
  { value: 'small', label: '紧凑' },
];

export type FixedSide = 'left' | 'right';

/**
 * One user's settings of one list, saved on the server (usePreference, key `table:<route path>`).
 * Columns are named by `columnName` (key or dataIndex); names the list no longer has are ignored.
 */
export type TableSettings = {
  /** Column names in the user's order (columns missing here keep their place next to their neighbours). */
  order?: string[];
  hidden?: string[];
  /** Widths in px. */
  widths?: Record<string, number>;
  fixed?: Record<string, FixedSide>;
  density?: Density;
};

export const MIN_WIDTH = 60;
export const MAX_WIDTH = 1000;
export const WIDTH_INVALID = `列宽应为 ${MIN_WIDTH} 到 ${MAX_WIDTH} 之间的整数！`;

/**
 * A width as typed in 列设置: blank is `null` (the page's default), a whole number from MIN_WIDTH to
 * MAX_WIDTH is that width, anything else (5, 1200, 12.5, "宽") is `undefined`: refused, not clamped.
 * Full-width digits (１２０, as a Chinese input method types them) count as digits.
 */
export function parseWidth(text: string): number | null | undefined {
  const t = text.normalize('NFKC').trim();
  if (t === '') return null;
  if (!/^\d+$/.test(t)) return undefined;
  const w = Number(t);
  return w >= MIN_WIDTH && w <= MAX_WIDTH ? w : undefined;
}

/** A configurable column: its name, its title as text, and the column itself. */
export type NamedColumn<T> = { name: string; label: string; column: ColumnType<T> };

/** The title as plain text (a ReactNode title falls back to the name). */
export function titleText(title: ColumnType<unknown>['title'] | ReactNode, name: string): string {
  return typeof title === 'string' || typeof title === 'number' ? String(title) : name;
}

const DENSITY_VALUES = new Set<string>(DENSITIES.map((d) => d.value));

/** The saved value as settings: anything malformed (another version, a hand-made value) is dropped. */
export function readSettings(value: unknown): TableSettings {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
  const v = value as Record<string, unknown>;
  const strings = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : undefined);
  const record = <V>(x: unknown, ok: (y: unknown) => y is V) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? (Object.fromEntries(Object.entries(x).filter(([, y]) => ok(y))) as Record<string, V>)
      : undefined;
  const isWidth = (y: unknown): y is number => typeof y === 'number' && Number.isFinite(y);
  const isSide = (y: unknown): y is FixedSide => y === 'left' || y === 'right';
  const out: TableSettings = {};
  const order = strings(v.order);
  const hidden = strings(v.hidden);
  const widths = record(v.widths, isWidth);
  const fixed = record(v.fixed, isSide);
  if (order) out.order = order;
  if (hidden) out.hidden = hidden;
  if (widths) out.widths = widths;
  if (fixed) out.fixed = fixed;
  if (typeof v.density === 'string' && DENSITY_VALUES.has(v.density)) out.density = v.density as Density;
  return out;
}

/** The names in the user's order: saved names that still exist, then new columns next to their default neighbour. */
export function orderedNames(defaults: readonly string[], saved: readonly string[] | undefined): string[] {
  if (!saved?.length) return [...defaults];
  const known = new Set(defaults);
  const out = saved.filter((n, i) => known.has(n) && saved.indexOf(n) === i);
  defaults.forEach((name, i) => {
    if (out.includes(name)) return;
    const before = i > 0 ? out.indexOf(defaults[i - 1]) : -1;
    out.splice(before + 1, 0, name);
  });
  return out;
}

/** A width within MIN_WIDTH–MAX_WIDTH, in whole px. */
export const clampWidth = (w: number) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, Math.round(w)));

/**
 * The page's configurable columns with the user's settings applied: order, hidden columns left out,
 * widths, fixed sides (left-fixed columns first, right-fixed last, as antd needs them).
 */
export function applySettings<T>(columns: readonly NamedColumn<T>[], s: TableSettings): ColumnType<T>[] {
  const byName = new Map(columns.map((c) => [c.name, c]));
  const hidden = new Set(s.hidden ?? []);
  const shown = orderedNames(
    columns.map((c) => c.name),
    s.order,
  )
    .filter((n) => !hidden.has(n))
    .map((n) => {
      const c = byName.get(n)!;
      const width = s.widths?.[n];
      const fixed = s.fixed?.[n];
      return {
        ...c.column,
        ...(width !== undefined ? { width: clampWidth(width) } : {}),
        ...(fixed ? { fixed } : {}),
      };
    });
  const side = (c: ColumnType<T>) => (c.fixed === 'left' || c.fixed === true ? 0 : c.fixed === 'right' ? 2 : 1);
  return shown
    .map((c, i) => ({ c, i }))
    .sort((a, b) => side(a.c) - side(b.c) || a.i - b.i)
    .map(({ c }) => c);
}

/** Settings with one column moved by `step` places in the shown order. */
export function moveColumn(names: readonly string[], s: TableSettings, name: string, step: -1 | 1): TableSettings {
  const order = orderedNames(names, s.order);
  const from = order.indexOf(name);
  const to = from + step;
  if (from < 0 || to < 0 || to >= order.length) return s;
  [order[from], order[to]] = [order[to], order[from]];
  return { ...s, order };
}

export function setHidden(s: TableSettings, name: string, hide: boolean): TableSettings {
  const hidden = (s.hidden ?? []).filter((n) => n !== name);
  return { ...s, hidden: hide ? [...hidden, name] : hidden };
}

export function setWidth(s: TableSettings, name: string, width: number | null): TableSettings {
  const widths = { ...s.widths };
  if (width === null || !Number.isFinite(width)) delete widths[name];
  else widths[name] = clampWidth(width);
  return { ...s, widths };
}

export function setFixed(s: TableSettings, name: string, side: FixedSide | null): TableSettings {
  const fixed = { ...s.fixed };
  if (side) fixed[name] = side;
  else delete fixed[name];
  return { ...s, fixed };
}

export function setDensity(s: TableSettings, density: Density): TableSettings {
  return { ...s, density };
}

/** The size antd's Table takes for the density. */
export const tableSize = (s: TableSettings): TableProps<object>['size'] => s.density ?? DEFAULT_DENSITY;

/** The preference key of a list: letters, digits and `: . _ / -` only, at most 100 characters. */
export function settingsKey(path: string, suffix?: string): string {
  const raw = `table:${path}${suffix ? `:${suffix}` : ''}`;
  return raw.replace(/[^A-Za-z0-9:._/-]/g, '_').slice(0, 100);
}
