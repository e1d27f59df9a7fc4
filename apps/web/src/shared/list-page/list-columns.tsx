import type { ReactNode } from 'react';
import type { TableColumnType as ColumnType } from 'antd';
import { HoverTooltip } from '../ui/ellipsis/hover-tooltip';
import { sortOrderOf, type ListSort } from './list-params';
import { RowActions, type RowAction } from './row-actions';
import { applySettings, titleText, type NamedColumn, type TableSettings } from './table-settings';

/** A column as a page declares it (pure data): antd's column; `sorter: true` sorts on the server. */
export type ListColumn<T> = ColumnType<T>;

export type RowActionsFn<T> = (record: T) => RowAction[];

/** The column's query name: its key, else its dataIndex (a path joins with dots). */
export function columnName<T>(c: ListColumn<T>): string | undefined {
  if (typeof c.key === 'string') return c.key;
  if (Array.isArray(c.dataIndex)) return c.dataIndex.join('.');
  return typeof c.dataIndex === 'string' ? c.dataIndex : undefined;
}

/** The page's columns with their names (a column without key or dataIndex is named by its place). */
export function namedColumns<T>(columns: readonly ListColumn<T>[]): NamedColumn<T>[] {
  return columns.map((column, i) => {
    const name = columnName(column) ?? `col${i}`;
    return { name, label: titleText(column.title as ReactNode, name), column };
  });
}

/** A width for a column the page gave none: its title with room for the sort and filter icons. */
export function defaultWidth<T>(c: ListColumn<T>, text: boolean): number {
  const title = typeof c.title === 'string' ? Array.from(c.title).length : 4;
  const icons = (c.sorter ? 24 : 0) + (c.filters ? 24 : 0);
  return Math.max(text ? 140 : 100, title * 14 + 34 + icons);
}

/** A column showing its value as it is (no render of its own): cut to one line with a tooltip. */
const isTextColumn = <T,>(c: ListColumn<T>) => !c.render && c.ellipsis !== false;

/**
 * What a column shows, from its title: a record's code, number or account (编号, 编码, 账号), a date, a date-time, an
 * amount, a status tag or a person's name (联系人, 负责人) is read whole, so such a column does not shrink below its
 * minimum to fit the card (the table scrolls instead). Other codes (统一社会信用代码) are texts: cut with the whole
 * value in a tooltip.
 */
export type ColumnKind = 'code' | 'date' | 'datetime' | 'amount' | 'status' | 'person';

const KINDS: ReadonlyArray<[RegExp, ColumnKind]> = [
  [/(编号|编码|单号|账号)$/, 'code'],
  [/时间$/, 'datetime'],
  [/(日期|有效期)$/, 'date'],
  [/(金额|价格|单价|费用)$/, 'amount'],
  [/状态$/, 'status'],
  [/人$/, 'person'],
];

export function columnKind<T>(c: ListColumn<T>): ColumnKind | undefined {
  const title = typeof c.title === 'string' ? c.title : '';
  return KINDS.find(([re]) => re.test(title))?.[1];
}

/**
 * Room for `2026-11-27`, `2026-11-27 09:05:00`, a three-character tag (待评估) and a three-character name (王建国; shrunk
 * with the others it stood as 王…) with the cell's padding.
 */
const KIND_WIDTH: Partial<Record<ColumnKind, number>> = { date: 100, datetime: 168, status: 72, person: 64 };

/**
 * The narrowest the column gets when columns shrink to fit: the page's `minWidth`, else room for the
 * date, date-time or status tag, else for a code or amount (lengths the page knows) the page's width; none for
 * other columns.
 */
export function minWidthOf<T>(c: ListColumn<T>): number | undefined {
  if (typeof c.minWidth === 'number') return c.minWidth;
  const kind = columnKind(c);
  if (!kind) return undefined;
  return KIND_WIDTH[kind] ?? (typeof c.width === 'number' ? c.width : defaultWidth(c, isTextColumn(c)));
}

/** The column's width before the user changes it: the page's, else one from its title (never below its minimum). */
export const baseWidth = <T,>(c: ListColumn<T>): number | string => {
  const width = c.width ?? defaultWidth(c, isTextColumn(c));
  const min = minWidthOf(c);
  return typeof width === 'number' && min !== undefined ? Math.max(width, min) : width;
};

/** A plain text cell: one line cut with '…'; the whole text in a tooltip. */
export function textCell(value: unknown): ReactNode {
  if (value === null || value === undefined || value === '') return null;
  const text =
    typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint'
        ? value.toString()
        : JSON.stringify(value);
  return <HoverTooltip title={text} text={text} />;
}

/**
 * A page column as the table shows it: a width always (a long value cannot widen its column and push
 * the others off screen); a column showing its value as text is cut to one line with a tooltip.
 */
function sized<T>(c: ListColumn<T>): ListColumn<T> {
  const text = isTextColumn(c);
  const out: ListColumn<T> = { ...c, width: baseWidth(c), minWidth: minWidthOf(c) };
  if (text) {
    out.ellipsis = { showTitle: false };
    out.render = (value: unknown) => textCell(value);
  }
  return out;
}

/**
 * The 操作 column's width for the actions standing in the cell: `编辑 | 更多 ▾` 120; up to three, or two and
 * `更多 ▾`, 170; three and `更多 ▾` (`修订 | 下载PDF | 详情 | 更多 ▾`, 217 px at 中等 density) 230.
 */
export const actionsWidthOf = (inlineActions?: number): number =>
  inlineActions === 1 ? 120 : (inlineActions ?? 0) >= 3 ? 230 : 170;

type BuildOptions<T> = {
  sort: ListSort | null;
  pageNo: number;
  pageSize: number;
  rowNumber: boolean;
  rowActions?: RowActionsFn<T>;
  actionsWidth?: number;
  /** Row actions standing in the cell before 更多 (default: three, or two and 更多). */
  inlineActions?: number;
  /** Column filters (antd header filters) and their current values. */
  filters: Record<string, string>;
  /** The user's column settings (order, hidden, widths, fixed sides). */
  settings?: TableSettings;
};

/**
 * The table's columns: a `#` row-number column, the page's columns with the current sort and
 * filter shown and the user's settings applied, and the 操作 column (fixed right) when the page
 * has row actions.
 */
export function buildColumns<T>(columns: readonly ListColumn<T>[], o: BuildOptions<T>): ColumnType<T>[] {
  const named = namedColumns(columns).map(({ name, label, column: c }) => {
    const col: ColumnType<T> = sized(c);
    if (c.sorter === true) col.sortOrder = sortOrderOf(name, o.sort);
    if (c.filters) col.filteredValue = o.filters[name]?.split(',') ?? null;
    return { name, label, column: col };
  });
  const page = applySettings(named, o.settings ?? {});
  const out: ColumnType<T>[] = [];
  if (o.rowNumber) {
    out.push({
      key: 'rowIndex',
      title: '#',
      width: 60,
      align: 'center',
      fixed: page[0]?.fixed === 'left' ? 'left' : undefined,
      render: (_v, _r, index) => (o.pageNo - 1) * o.pageSize + index + 1,
    });
  }
  out.push(...page);
  const rowActions = o.rowActions;
  if (rowActions) {
    out.push({
      key: 'action',
      title: '操作',
      align: 'center',
      width: o.actionsWidth ?? actionsWidthOf(o.inlineActions),
      fixed: 'right',
      render: (_v, record) => <RowActions actions={rowActions(record)} inline={o.inlineActions} />,
    });
  }
  return out;
}

/** Width of the checkbox and the expand columns antd adds. */
export const SELECTION_WIDTH = 48;
export const EXPAND_WIDTH = 48;

/** Columns narrower than the card shrink to this share of their widths at most, then the table scrolls. */
export const MIN_FIT = 0.6;
const KIT_COLUMNS = new Set(['rowIndex', 'action']);
/** A card narrower than this (a phone) fixes no column to a side. */
export const NARROW = 576;
const widthOf = (c: ColumnType<unknown>) => (typeof c.width === 'number' ? c.width : 120);
/** A column's floor when shrinking: its minimum (never above its width), else 48 px. */
const floorOf = (c: ColumnType<unknown>) => Math.min(widthOf(c), typeof c.minWidth === 'number' ? c.minWidth : 48);

/**
 * The share `f` the shrinking columns take of their widths so that all fit in `room`, each kept at
 * its floor at least (a column that would go below it stays there and the others share the rest);
 * MIN_FIT at least.
 */
function shareOf(columns: readonly ColumnType<unknown>[], room: number): number {
  let f = 1;
  const held = new Set<ColumnType<unknown>>();
  for (let round = 0; round <= columns.length; round++) {
    const heldSum = [...held].reduce((s, c) => s + floorOf(c), 0);
    const freeSum = columns.filter((c) => !held.has(c)).reduce((s, c) => s + widthOf(c), 0);
    f = freeSum > 0 ? Math.max(MIN_FIT, Math.min(1, (room - heldSum) / freeSum)) : 1;
    const more = columns.filter((c) => !held.has(c) && widthOf(c) * f < floorOf(c));
    if (more.length === 0) break;
    more.forEach((c) => held.add(c));
  }
  return f;
}

/**
 * Whole px for `ideal` widths that add up to `room` exactly: each its ideal's whole part, and the px left over go
 * one each to the largest fractions.
 */
function wholePx(ideal: readonly number[], room: number): number[] {
  const out = ideal.map(Math.floor);
  const order = ideal
    .map((w, i) => i)
    .sort((a, b) => ideal[b] - Math.floor(ideal[b]) - (ideal[a] - Math.floor(ideal[a])));
  let left = room - out.reduce((s, w) => s + w, 0);
  for (let k = 0; left > 0 && order.length > 0; k++, left--) out[order[k % order.length]] += 1;
  return out;
}

/**
 * The page's columns' widths in the card: shrunk together when they are wider (down to MIN_FIT of their widths,
 * never below their floors), grown in proportion when narrower, in whole px that fill `room` exactly; when they
 * still do not fit, each at its share and the table scrolls.
 */
function flexWidths(columns: readonly ColumnType<unknown>[], room: number): number[] {
  const widths = columns.map(widthOf);
  const sum = widths.reduce((s, w) => s + w, 0);
  if (sum === 0) return widths;
  if (sum <= room)
    return wholePx(
      widths.map((w) => (w * room) / sum),
      room,
    );
  const f = shareOf(columns, room);
  const ideal = columns.map((c) => Math.max(floorOf(c), widthOf(c) * f));
  return ideal.reduce((s, w) => s + w, 0) <= room + 0.001 ? wholePx(ideal, room) : ideal.map(Math.floor);
}

/**
 * The columns fitted to the card's width `available` (0: not measured yet). The page's columns fill the table in
 * whole px: when they are wider they shrink together (down to MIN_FIT of their widths; texts are cut with a
 * tooltip) so more of them stay on a small screen, but never below their minimum (codes, dates, amounts stay
 * whole: `minWidthOf`); when narrower they grow in proportion. The browser never stretches the table, so no
 * column gets a fraction of a px (rc-table's sticky header would keep such fractions after the window narrows,
 * and its cells would stand off the rows'). The # and 操作 columns keep their widths; on a card narrower than
 * NARROW no column stays fixed. `x` is the table's scroll width, the sum of the widths (a long value never widens
 * the table).
 */
export function fitColumns<T>(
  columns: readonly ColumnType<T>[],
  available: number,
  o: { selection: boolean; expand: boolean },
): { columns: ColumnType<T>[]; x: number } {
  const kit = (c: { key?: unknown }) => typeof c.key === 'string' && KIT_COLUMNS.has(c.key);
  // Inside the bordered table's left border (its cells draw the right one).
  const extra = (o.selection ? SELECTION_WIDTH : 0) + (o.expand ? EXPAND_WIDTH : 0);
  const all = columns as readonly ColumnType<unknown>[];
  const room = available - 1 - all.filter((c) => kit(c)).reduce((s, c) => s + widthOf(c), extra);
  const flex = all.filter((c) => !kit(c));
  const measured = available > 0 && flex.length > 0 && flex.every((c) => typeof c.width === 'number');
  const widths = measured ? flexWidths(flex, Math.max(0, room)) : undefined;
  // On a phone a fixed 操作 (or # and fixed left columns) would leave room for one column: all scroll.
  const narrow = available > 0 && available < NARROW;
  let next = 0;
  const fitted = columns.map((c) => {
    const width = widths && !kit(c) ? widths[next++] : c.width;
    return narrow && c.fixed ? { ...c, width, fixed: undefined } : width === c.width ? c : { ...c, width };
  });
  const x = fitted.reduce((s, c) => s + widthOf(c as ColumnType<unknown>), extra);
  return { columns: fitted, x };
}
