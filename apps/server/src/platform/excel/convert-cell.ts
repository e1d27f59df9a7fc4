import { unneutralize, type ExcelColumn } from './columns';
import { EXCEL_MSG } from './messages';
import type { CellValue } from './sheet-rows';

/** A converted cell: its value for the row schema, or why it cannot be one. */
export type Converted = { value: unknown } | { error: string };

/** text → value of a dictionary, plus its values (a value typed as is is accepted too). */
export type DictReverse = { byText: ReadonlyMap<string, string>; values: ReadonlySet<string>; texts: string[] };

export function reverseDict(map: ReadonlyMap<string, string>): DictReverse {
  const byText = new Map<string, string>();
  for (const [value, text] of map) if (!byText.has(text)) byText.set(text, value);
  return { byText, values: new Set(map.keys()), texts: [...byText.keys()] };
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);

/** Date parts of an exceljs Date (exceljs builds them in UTC from the serial number). */
function fromDate(d: Date, withTime: boolean): string {
  const date = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  return withTime ? `${date} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}` : date;
}

function fromSerial(serial: number): Date | undefined {
  if (!Number.isFinite(serial) || serial < 1 || serial >= 2_958_466) return undefined;
  return new Date(EXCEL_EPOCH_MS + Math.round(serial * 86_400_000));
}

const DATE_TEXT = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2}))?)?$/;

/** 'YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss' from text like 2026/1/5, 2026年1月5日, 2026-01-05 8:30. */
function fromText(text: string, withTime: boolean): string | undefined {
  const m = DATE_TEXT.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((p) => (p === undefined ? undefined : Number(p))) as number[];
  const t = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  if (t.getUTCFullYear() !== y || t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return undefined;
  if (!withTime && (h || mi || s)) return undefined;
  return fromDate(t, withTime);
}

/** The text of a cell as a string column takes it (numbers without float noise, dates formatted). */
export function cellText(v: CellValue): string {
  if (v === null) return '';
  if (v instanceof Date) {
    const withTime = v.getUTCHours() + v.getUTCMinutes() + v.getUTCSeconds() > 0;
    return fromDate(v, withTime);
  }
  if (typeof v === 'boolean') return v ? EXCEL_MSG.yes : EXCEL_MSG.no;
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(Number(v.toPrecision(15)));
  return unneutralize(v.trim());
}

const TRUE_TEXTS = new Set(['是', 'true', '1', 'y', 'yes', '√']);
const FALSE_TEXTS = new Set(['否', 'false', '0', 'n', 'no', '×']);

function toNumber(v: CellValue, integer: boolean): Converted {
  let n: number;
  if (typeof v === 'number') n = v;
  else if (typeof v === 'string' && /^[-+]?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(v.trim()))
    n = Number(v.trim().replaceAll(',', ''));
  else return { error: integer ? EXCEL_MSG.notInteger : EXCEL_MSG.notNumber };
  if (!Number.isFinite(n)) return { error: EXCEL_MSG.notNumber };
  if (integer && !Number.isInteger(n)) return { error: EXCEL_MSG.notInteger };
  return { value: n };
}

/** Converts a (non-empty) cell to what the column's row-schema field expects. */
export function convertTyped(column: ExcelColumn, v: CellValue): Converted {
  switch (column.type) {
    case 'string':
      return { value: cellText(v) };
    case 'number':
    case 'integer':
      return toNumber(v, column.type === 'integer');
    case 'date':
    case 'datetime': {
      const withTime = column.type === 'datetime';
      const date = v instanceof Date ? v : typeof v === 'number' ? fromSerial(v) : undefined;
      const text = date ? fromDate(date, withTime) : typeof v === 'string' ? fromText(v.trim(), withTime) : undefined;
      return text ? { value: text } : { error: withTime ? EXCEL_MSG.notDatetime : EXCEL_MSG.notDate };
    }
    case 'boolean': {
      if (typeof v === 'boolean') return { value: v };
      const text = cellText(v).toLowerCase();
      if (TRUE_TEXTS.has(text)) return { value: true };
      if (FALSE_TEXTS.has(text)) return { value: false };
      return { error: EXCEL_MSG.notBoolean };
    }
  }
}

/** A dictionary cell: text (or value; several joined by , or ，) → value(s), then the column's type. */
export function convertDict(column: ExcelColumn, v: CellValue, dict: DictReverse | undefined): Converted {
  const text = cellText(v);
  if (!dict) return convertTyped(column, text);
  const values: string[] = [];
  for (const part of text
    .split(/[,，]/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const value = dict.byText.get(part) ?? (dict.values.has(part) ? part : undefined);
    if (value === undefined) return { error: EXCEL_MSG.badDictText(part, dict.texts) };
    values.push(value);
  }
  return convertTyped(column, values.join(','));
}

export const isEmptyCell = (v: CellValue | undefined): boolean =>
  v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
