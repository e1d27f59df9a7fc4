/** Excel export (streamed .xlsx), import (.xlsx/.csv, one transaction) and templates, shared by every module. */
export { assertColumns, headerKey, importColumns, loadColumnDicts, neutralize, unneutralize } from './columns';
export type { DictTexts, ExcelColumn, ExcelColumnType } from './columns';
export { EXPORT_BATCH_SIZE, registerExcelRoutes, registerImportTemplate } from './excel-routes';
export type { ExcelRoutesOptions } from './excel-routes';
export {
  XLSX_MIME,
  exportCellValue,
  exportQuery,
  primeBatches,
  sendXlsxExport,
  setXlsxHeaders,
  writeXlsxStream,
} from './export-xlsx';
export type { XlsxExportOptions } from './export-xlsx';
export { importExcelUpload, insertInChunks, writeImport } from './import-excel';
export type { ImportOptions, InsertRows } from './import-excel';
export { MAX_REPORTED_ERRORS, importErrors, validateRows } from './import-rows';
export type { ImportRowError, ValidRows } from './import-rows';
export { EXCEL_MSG } from './messages';
export { DEFAULT_IMPORT_LIMITS, readImportFile } from './read-file';
export type { ImportLimits } from './read-file';
export { buildImportTemplate } from './template';
export { duplicateRowErrors, insertUniqueRows, storedValues } from './unique-rows';
export type { UniqueField } from './unique-rows';
export { DEFAULT_ZIP_LIMITS, assertSafeZip } from './zip-guard';
export type { ZipLimits } from './zip-guard';
