import { extensionOf } from '../files/content-disposition';
import { MAX_UPLOAD_BYTES } from '@lims/contracts';
import { badRequest } from '../reply';
import { decodeCsv, parseCsv } from './csv';
import { EXCEL_MSG } from './messages';
import { readXlsxRows, type SheetRow } from './sheet-rows';
import { assertSafeZip, DEFAULT_ZIP_LIMITS, type ZipLimits } from './zip-guard';

export type ImportLimits = {
  /** Largest file accepted (413 beyond). */
  maxBytes: number;
  /** Most data rows (400 beyond). */
  maxRows: number;
  /** Zip-bomb limits of an .xlsx. */
  zip: ZipLimits;
};

export const DEFAULT_IMPORT_LIMITS: ImportLimits = {
  maxBytes: MAX_UPLOAD_BYTES,
  maxRows: 10_000,
  zip: DEFAULT_ZIP_LIMITS,
};

/** Rows above the header the reader keeps looking through (titles, notes). */
export const HEADER_SEARCH_ROWS = 10;

const OLE2_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The non-blank rows of an uploaded .xlsx or .csv, the kind decided by content as well as name:
 * legacy .xls (by name or by its OLE2 signature) is refused with 请另存为 .xlsx 后再导入; an .xlsx
 * passes the zip-bomb and DTD checks before exceljs reads it. At most maxRows + HEADER_SEARCH_ROWS
 * rows are kept; `truncated` says there were more.
 */
export async function readImportFile(
  buf: Buffer,
  fileName: string,
  limits: ImportLimits = DEFAULT_IMPORT_LIMITS,
): Promise<{ rows: SheetRow[]; truncated: boolean }> {
  const ext = extensionOf(fileName);
  const keep = limits.maxRows + HEADER_SEARCH_ROWS;
  if (ext === 'xls' || buf.subarray(0, 8).equals(OLE2_MAGIC)) throw badRequest(EXCEL_MSG.legacyXls);
  if (ext !== 'xlsx' && ext !== 'csv') throw badRequest(EXCEL_MSG.badType);
  if (buf.subarray(0, 4).equals(ZIP_MAGIC)) {
    await assertSafeZip(buf, limits.zip);
    return readXlsxRows(buf, keep);
  }
  if (ext === 'xlsx') throw badRequest(EXCEL_MSG.badXlsx);
  return parseCsv(decodeCsv(buf), keep);
}

export type { SheetRow };
