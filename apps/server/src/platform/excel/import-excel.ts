import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { readUploadBuffer } from '../files/multipart';
import type { DictLoader } from '../list-query';
import { AppError } from '../reply';
import type { SessionUser } from '../sessions';
import { loadColumnDicts, type ExcelColumn } from './columns';
import { importErrors, validateRows, type ImportRowError } from './import-rows';
import { EXCEL_MSG } from './messages';
import { DEFAULT_IMPORT_LIMITS, readImportFile, type ImportLimits } from './read-file';

/**
 * Writes the valid rows of an import inside the import's transaction. May return row errors
 * (e.g. a code already in the table): the transaction is then rolled back and they are reported.
 */
export type InsertRows<T> = (
  tx: Tx,
  rows: T[],
  user: SessionUser,
  rowNumbers: number[],
) => Promise<void | ImportRowError[]>;

export type ImportOptions<S extends z.ZodType> = {
  columns: readonly ExcelColumn[];
  /** The add form's schema: every row must pass it. */
  rowSchema: S;
  insertRows: InsertRows<z.output<S>>;
  loadDict?: DictLoader;
  limits?: Partial<ImportLimits>;
};

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Rows in one transaction or none; row errors from `insertRows` or a unique violation roll it back. */
export async function writeImport<T>(
  db: Db,
  rows: T[],
  rowNumbers: number[],
  user: SessionUser,
  insertRows: InsertRows<T>,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const errors = await insertRows(tx, rows, user, rowNumbers);
      if (errors && errors.length > 0) throw importErrors(errors);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, EXCEL_MSG.duplicateRecord);
    throw err;
  }
}

/**
 * The whole import of one multipart request (field `file`, .xlsx or .csv): size limit (413), file
 * kind and zip checks, header and row validation (400 with every bad row), then one transaction.
 * Resolves with the number of rows written.
 */
export async function importExcelUpload<S extends z.ZodType>(
  app: FastifyInstance,
  req: FastifyRequest,
  user: SessionUser,
  opts: ImportOptions<S>,
): Promise<number> {
  const limits: ImportLimits = { ...DEFAULT_IMPORT_LIMITS, ...opts.limits };
  const upload = await readUploadBuffer(req, limits.maxBytes, EXCEL_MSG.tooLarge);
  const sheet = await readImportFile(upload.buffer, upload.fileName, limits);
  const dicts = await loadColumnDicts(opts.columns, opts.loadDict);
  const valid = validateRows(sheet, opts.columns, opts.rowSchema, { dicts, maxRows: limits.maxRows });
  await writeImport(app.db, valid.rows, valid.rowNumbers, user, opts.insertRows);
  return valid.rows.length;
}

export { insertInChunks } from './bulk-insert';
