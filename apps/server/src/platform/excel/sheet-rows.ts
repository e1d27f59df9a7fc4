import type ExcelJS from 'exceljs';
import { loadExcelJs } from './load-exceljs';
import { badRequest } from '../reply';
import { EXCEL_MSG } from './messages';

/** A cell as read from a file, before conversion to its column's type. */
export type CellValue = string | number | boolean | Date | null;
/** A non-blank row of a file: its spreadsheet row number and its cells (0-based). */
export type SheetRow = { row: number; cells: CellValue[] };

/** Most columns read from a row (anything to the right is ignored). */
export const MAX_COLUMNS = 200;

/** Reduces an exceljs cell value (rich text, formula result, hyperlink, error …) to a plain value. */
export function plainCellValue(value: ExcelJS.CellValue): CellValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date)
    return value;
  if (typeof value !== 'object') return String(value);
  if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return plainCellValue(value.result ?? null);
  if ('formula' in value || 'sharedFormula' in value) return null;
  if ('text' in value && typeof value.text === 'string') return value.text;
  if ('error' in value) return String(value.error);
  return null;
}

const isBlank = (v: CellValue) => v === null || (typeof v === 'string' && v.trim() === '');

/**
 * The non-blank rows of the first visible worksheet of an .xlsx (the caller has checked the zip).
 * Stops keeping rows after `maxRows` (the caller then reports the limit).
 */
export async function readXlsxRows(buf: Buffer, maxRows: number): Promise<{ rows: SheetRow[]; truncated: boolean }> {
  const { Workbook } = await loadExcelJs();
  const workbook = new Workbook();
  try {
    await workbook.xlsx.load(buf as unknown as ArrayBuffer);
  } catch {
    throw badRequest(EXCEL_MSG.badXlsx);
  }
  const sheet = workbook.worksheets.find((w) => w.state !== 'hidden' && w.state !== 'veryHidden');
  if (!sheet) throw badRequest(EXCEL_MSG.noData);
  const rows: SheetRow[] = [];
  let truncated = false;
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    if (truncated) return;
    const values = Array.isArray(row.values) ? row.values.slice(1, MAX_COLUMNS + 1) : [];
    const cells = Array.from(values, (v) => plainCellValue(v ?? null));
    if (cells.every(isBlank)) return;
    if (rows.length >= maxRows) truncated = true;
    else rows.push({ row: rowNumber, cells });
  });
  return { rows, truncated };
}
