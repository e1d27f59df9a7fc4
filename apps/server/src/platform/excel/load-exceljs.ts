import type ExcelJS from 'exceljs';

let loading: Promise<typeof ExcelJS> | undefined;

/**
 * exceljs, loaded the first time an import or a template needs it (about 0.3 s of start-up
 * otherwise; the export does not use it).
 */
export function loadExcelJs(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then(
    (m) => (m as unknown as { default?: typeof ExcelJS }).default ?? (m as unknown as typeof ExcelJS),
  );
  return loading;
}
