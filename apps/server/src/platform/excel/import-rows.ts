import type { z } from 'zod';
import { badRequest } from '../reply';
import { headerKey, importColumns, type DictTexts, type ExcelColumn } from './columns';
import { convertDict, convertTyped, isEmptyCell, reverseDict, type DictReverse } from './convert-cell';
import { EXCEL_MSG } from './messages';
import { HEADER_SEARCH_ROWS } from './read-file';
import type { SheetRow } from './sheet-rows';

/** One problem of an import: spreadsheet row number, column title, message. */
export type ImportRowError = { row: number; field: string; message: string };
/** Valid rows ready to write, with the spreadsheet row number of each. */
export type ValidRows<T> = { rows: T[]; rowNumbers: number[] };

/** Most errors listed in one answer (the count in the message is always exact). */
export const MAX_REPORTED_ERRORS = 1000;

/** Raised when rows fail: 400 `导入失败：共 N 行有误` with `result: { errors }`. */
export function importErrors(errors: ImportRowError[]) {
  const rows = new Set(errors.map((e) => e.row)).size;
  return badRequest(EXCEL_MSG.rowErrors(rows), { errors: errors.slice(0, MAX_REPORTED_ERRORS), errorRows: rows });
}

/** The header row (first of the top rows naming a column by title or field) and cell index → column. */
function locateHeader(
  rows: readonly SheetRow[],
  columns: readonly ExcelColumn[],
): { at: number; map: Map<number, ExcelColumn> } {
  const byKey = new Map<string, ExcelColumn>();
  for (const c of columns) byKey.set(headerKey(c.title), c);
  for (const c of columns) if (!byKey.has(c.field)) byKey.set(c.field, c);
  for (let at = 0; at < Math.min(rows.length, HEADER_SEARCH_ROWS); at++) {
    const map = new Map<number, ExcelColumn>();
    const taken = new Set<ExcelColumn>();
    rows[at].cells.forEach((cell, index) => {
      const column = typeof cell === 'string' ? byKey.get(headerKey(cell)) : undefined;
      if (column && !taken.has(column)) {
        map.set(index, column);
        taken.add(column);
      }
    });
    if (map.size > 0) return { at, map };
  }
  throw badRequest(EXCEL_MSG.noHeader);
}

/**
 * Turns file rows into validated records: header matched by Chinese title (or field name), cells
 * converted by column type, dictionary texts back to values, each record checked with the row
 * schema (the add form's). Throws 400 for a missing header or required column, no data, too many
 * rows, or any bad row (all of them listed).
 */
export function validateRows<S extends z.ZodType>(
  sheet: { rows: readonly SheetRow[]; truncated: boolean },
  columns: readonly ExcelColumn[],
  rowSchema: S,
  opts: { dicts: DictTexts; maxRows: number },
): ValidRows<z.output<S>> {
  columns = importColumns(columns);
  const { at, map } = locateHeader(sheet.rows, columns);
  const present = new Set(map.values());
  const missing = columns.filter((c) => c.required && !present.has(c));
  if (missing.length > 0) throw badRequest(EXCEL_MSG.missingColumns(missing.map((c) => c.title)));
  const dataRows = sheet.rows.slice(at + 1).filter((r) => [...map.keys()].some((i) => !isEmptyCell(r.cells[i])));
  if (sheet.truncated || dataRows.length > opts.maxRows) throw badRequest(EXCEL_MSG.tooManyRows(opts.maxRows));
  if (dataRows.length === 0) throw badRequest(EXCEL_MSG.noData);

  const reverse = new Map<string, DictReverse>();
  for (const [code, m] of opts.dicts) reverse.set(code, reverseDict(m));
  const titleOf = new Map(columns.map((c) => [c.field, c.title]));
  const errors: ImportRowError[] = [];
  const out: ValidRows<z.output<S>> = { rows: [], rowNumbers: [] };
  for (const { row, cells } of dataRows) {
    const record: Record<string, unknown> = {};
    const bad = new Set<string>();
    const fail = (column: ExcelColumn, message: string) => {
      bad.add(column.field);
      errors.push({ row, field: column.title, message });
    };
    for (const [index, column] of map) {
      const cell = cells[index] ?? null;
      if (isEmptyCell(cell)) continue;
      const converted = column.dict ? convertDict(column, cell, reverse.get(column.dict)) : convertTyped(column, cell);
      if ('error' in converted) fail(column, converted.error);
      else record[column.field] = converted.value;
    }
    for (const column of columns)
      if (column.required && !bad.has(column.field) && record[column.field] === undefined)
        fail(column, EXCEL_MSG.required);
    const parsed = rowSchema.safeParse(record);
    if (parsed.success && bad.size === 0) {
      out.rows.push(parsed.data);
      out.rowNumbers.push(row);
    } else if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length > 0 ? String(issue.path[0]) : '';
        if (bad.has(field)) continue;
        bad.add(field);
        errors.push({ row, field: titleOf.get(field) ?? field, message: issue.message });
      }
    }
  }
  if (errors.length > 0) throw importErrors(errors);
  return out;
}
