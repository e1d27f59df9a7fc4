import { once } from 'node:events';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { constants } from 'node:zlib';
import type { FastifyReply } from 'fastify';
import yazl from 'yazl';
import { contentDisposition } from '../files/content-disposition';
import {
  DICT_TEXT_SUFFIX,
  dictTextOf,
  expandParamsStr,
  type DictLoader,
  type ListRecord,
  type RawParams,
} from '../list-query';
import { columnWidth, loadColumnDicts, neutralize, sheetNameOf, type DictTexts, type ExcelColumn } from './columns';
import { EXCEL_MSG } from './messages';
import {
  contentTypesXml,
  MAX_SHEET_ROWS,
  ROOT_RELS_XML,
  RowWriter,
  SHEET_TAIL,
  sheetHead,
  sheetPath,
  STYLES_XML,
  workbookRelsXml,
  workbookXml,
  type SheetCell,
} from './sheet-xml';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The list params of an export URL: `paramsStr` (URI-encoded JSON of the list query) merged with
 * the plain params (plain ones win); `field` and paging dropped (an export has every column and row).
 */
export function exportQuery(raw: RawParams | null | undefined): RawParams {
  const params = expandParamsStr(raw);
  delete params.field;
  delete params.pageNo;
  delete params.pageSize;
  return params;
}

const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
/** Excel's 1900 date system is right from 1900-03-01 on (it counts a 1900-02-29 that never was). */
const FIRST_TRUE_SERIAL = 61;
const DATE_VALUE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * The Excel serial of a date or date-time as the API shows it ('YYYY-MM-DD' or 'YYYY-MM-DD HH:mm:ss',
 * wall-clock time of the server's time zone, which is what the sheet shows): days since 1899-12-30,
 * the time of day as the fraction. Undefined for anything else (or before 1900-03-01): written as text.
 */
export function excelSerial(text: string): number | undefined {
  const m = DATE_VALUE.exec(text);
  if (!m) return undefined;
  const [y, mo, d, h = 0, mi = 0, s = 0] = m.slice(1).map((p) => (p === undefined ? undefined : Number(p))) as number[];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const t = new Date(ms);
  if (t.getUTCMonth() !== mo - 1 || t.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return undefined;
  const serial = (ms - EXCEL_EPOCH_MS) / 86_400_000;
  return serial >= FIRST_TRUE_SERIAL && serial < 2_958_466 ? Math.round(serial * 86_400) / 86_400 : undefined;
}

/**
 * A cell of an export: dictionary text, number, date (a real Excel date: serial and date format, so
 * it sorts and filters as a date), text (neutralised), 是/否, or empty.
 */
export function exportCellValue(column: ExcelColumn, record: ListRecord, dicts: DictTexts): SheetCell {
  const value = record[column.field];
  if (value === null || value === undefined || value === '') return null;
  if ((column.type === 'date' || column.type === 'datetime') && !column.dict && typeof value === 'string') {
    const serial = excelSerial(value.trim());
    if (serial !== undefined) return { serial, withTime: column.type === 'datetime' };
  }
  if (column.dict) {
    const text = record[column.field + DICT_TEXT_SUFFIX];
    return neutralize(typeof text === 'string' && text !== '' ? text : dictTextOf(dicts.get(column.dict), value));
  }
  if ((column.type === 'number' || column.type === 'integer') && typeof value === 'number' && Number.isFinite(value))
    return value;
  if (
    (column.type === 'number' || column.type === 'integer') &&
    typeof value === 'string' &&
    /^-?\d+(\.\d+)?$/.test(value)
  ) {
    return Number(value);
  }
  if (column.type === 'boolean' || typeof value === 'boolean')
    return value === true || value === 'true' ? EXCEL_MSG.yes : EXCEL_MSG.no;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string') return neutralize(value);
  // Numbers of a text column as written; anything else (a JSON column's object) as JSON.
  return neutralize(
    typeof value === 'number' || typeof value === 'bigint' ? String(value) : (JSON.stringify(value) ?? ''),
  );
}

/** Text of one sheet's XML gathered before it goes to zlib (fewer, larger writes cost less). */
const FLUSH_CHARS = 128 * 1024;

/** Sheet names of a split export: the first as given, then `name(2)`, `name(3)` … within 31 characters. */
export function splitSheetName(base: string, n: number): string {
  const name = sheetNameOf(base);
  if (n === 1) return name;
  const suffix = `(${n})`;
  return name.slice(0, 31 - suffix.length) + suffix;
}

/** A further sheet of an export (e.g. the detail rows of the records), written after the main one. */
export type ExtraSheet = {
  name: string;
  columns: readonly ExcelColumn[];
  /** Read once the main sheet is written (so it may use what the main batches collected). */
  batches: () => AsyncIterable<readonly ListRecord[]>;
};

export type XlsxStreamOptions = {
  sheetName: string;
  dicts?: DictTexts;
  /** Rows per sheet, header included (Excel's limit by default); more rows continue on a new sheet. */
  sheetRows?: number;
  /** Sheets after the main one (each split like it past the row limit). */
  extraSheets?: readonly ExtraSheet[];
};

/** The entries carry a fixed time (2026-01-01 00:00), so that the bytes do not depend on the clock. */
const ENTRY_OPTIONS = { mtime: new Date(2026, 0, 1), forceDosTimestamp: true };

/** Raised inside the writer when the output went away before the archive was finished. */
class OutputGone extends Error {}

/**
 * Writes an .xlsx (bold frozen Chinese header, then one row per record; past Excel's 1 048 576
 * rows the export continues on another sheet with the same header; then the extra sheets) into
 * `out`, zipped as it goes by yazl (a sheet is an entry streamed through zlib, sizes and CRC in a
 * data descriptor): it awaits the sheet stream's `drain` before pulling the next batch, so memory
 * stays flat however many rows, and it stops (resolving with the rows written so far) as soon as
 * `out` closes. Resolves with the number of data rows of the main sheet(s) once the archive is in
 * `out` (which it does not end).
 */
export async function writeXlsxStream(
  out: Writable,
  columns: readonly ExcelColumn[],
  batches: AsyncIterable<readonly ListRecord[]>,
  opts: XlsxStreamOptions,
): Promise<number> {
  const dicts = opts.dicts ?? new Map();
  const dataRowsPerSheet = Math.min(opts.sheetRows ?? MAX_SHEET_ROWS, MAX_SHEET_ROWS) - 1;
  if (dataRowsPerSheet < 1) throw new Error('xlsx: sheetRows must leave room for data rows');
  const zip = new yazl.ZipFile();
  const abort = new AbortController();
  let zipError: Error | undefined;
  const gone = () => abort.abort();
  out.once('close', gone);
  out.once('error', gone);
  zip.on('error', (err: Error) => {
    zipError ??= err;
    abort.abort();
  });
  const output = zip.outputStream as Readable;
  output.pipe(out, { end: false });
  /** Waits for an event; ends early (throwing) when the output went away or the zip failed. */
  const wait = async (emitter: NodeJS.EventEmitter, event: string) => {
    if (abort.signal.aborted || out.destroyed) throw zipError ?? new OutputGone();
    try {
      await once(emitter, event, { signal: abort.signal });
    } catch (err) {
      throw abort.signal.aborted ? (zipError ?? new OutputGone()) : err;
    }
  };
  const names: string[] = [];
  let sheet: PassThrough | undefined;
  let xml = '';
  let written = 0;
  const flush = async () => {
    if (abort.signal.aborted || out.destroyed) throw zipError ?? new OutputGone();
    if (xml && sheet && !sheet.write(Buffer.from(xml, 'utf8'))) await wait(sheet, 'drain');
    xml = '';
  };
  const endSheet = async () => {
    xml += SHEET_TAIL;
    await flush();
    sheet!.end();
  };
  /** One sheet's records (split into `name`, `name(2)` … past the row limit); resolves with the rows. */
  const writeSheets = async (
    name: string,
    cols: readonly ExcelColumn[],
    source: AsyncIterable<readonly ListRecord[]>,
    countRows: boolean,
  ) => {
    const rows = new RowWriter(cols.length);
    const titles = cols.map((c) => c.title);
    const widths = cols.map(columnWidth);
    let part = 0;
    let rowNo = 0;
    const nextSheet = async () => {
      if (sheet) await endSheet();
      part++;
      names.push(splitSheetName(name, part));
      sheet = new PassThrough({ highWaterMark: 64 * 1024 });
      zip.addReadStream(sheet, sheetPath(names.length), {
        ...ENTRY_OPTIONS,
        compressionLevel: constants.Z_BEST_SPEED,
      });
      xml = sheetHead(titles, widths, names.length === 1);
      rowNo = 1;
    };
    await nextSheet();
    for await (const batch of source) {
      for (const record of batch) {
        if (rowNo > dataRowsPerSheet) await nextSheet();
        rowNo++;
        xml += rows.row(
          rowNo,
          cols.map((c) => exportCellValue(c, record, dicts)),
        );
        if (xml.length >= FLUSH_CHARS) await flush();
      }
      await flush();
      if (countRows) written += batch.length;
    }
  };
  try {
    await writeSheets(opts.sheetName, columns, batches, true);
    for (const extra of opts.extraSheets ?? []) await writeSheets(extra.name, extra.columns, extra.batches(), false);
    await endSheet();
    const add = (name: string, text: string) => zip.addBuffer(Buffer.from(text, 'utf8'), name, ENTRY_OPTIONS);
    add('[Content_Types].xml', contentTypesXml(names.length));
    add('_rels/.rels', ROOT_RELS_XML);
    add('xl/workbook.xml', workbookXml(names));
    add('xl/_rels/workbook.xml.rels', workbookRelsXml(names.length));
    add('xl/styles.xml', STYLES_XML);
    zip.end();
    await wait(output, 'end');
  } catch (err) {
    sheet?.destroy();
    output.unpipe(out);
    output.destroy();
    if (!(err instanceof OutputGone)) throw err;
    return written;
  } finally {
    out.off('close', gone);
    out.off('error', gone);
  }
  return written;
}

/** Pulls the first batch now, so that a bad query fails as a 400 envelope before any byte is sent. */
export async function primeBatches<T>(batches: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = batches[Symbol.asyncIterator]();
  const first = await iterator.next();
  return {
    async *[Symbol.asyncIterator]() {
      if (first.done) return;
      yield first.value;
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    },
  };
}

/** The download headers of an .xlsx named `<fileName>.xlsx` (RFC 5987 UTF-8 name). */
export function setXlsxHeaders(reply: FastifyReply, fileName: string): FastifyReply {
  return reply
    .header('content-type', XLSX_MIME)
    .header('content-disposition', contentDisposition(`${fileName}.xlsx`))
    .header('cache-control', 'no-store');
}

export type XlsxExportOptions = {
  /** File name without extension (e.g. 供应商信息); also the sheet name. */
  fileName: string;
  columns: readonly ExcelColumn[];
  /** Record batches, e.g. `iterateList(db, entity, exportQuery(req.query), { loadDict })`. */
  batches: AsyncIterable<readonly ListRecord[]>;
  /** For dictionary columns whose records do not carry `<field>_dictText`. */
  loadDict?: DictLoader;
  /** Sheets after the main one (their dictionary columns need `<field>_dictText` or the main columns' dictionaries). */
  extraSheets?: readonly ExtraSheet[];
};

/**
 * Streams an .xlsx export as the reply. The first batch is read before the headers go out (a bad
 * query is still a 400 envelope); after that a failure can only cut the download short.
 */
export async function sendXlsxExport(reply: FastifyReply, opts: XlsxExportOptions): Promise<FastifyReply> {
  const batches = await primeBatches(opts.batches);
  const dicts = await loadColumnDicts(opts.columns, opts.loadDict);
  const out = new PassThrough({ highWaterMark: 64 * 1024 });
  writeXlsxStream(out, opts.columns, batches, { sheetName: opts.fileName, dicts, extraSheets: opts.extraSheets })
    .then(() => {
      if (!out.destroyed && !out.writableEnded) out.end();
    })
    .catch((err: unknown) => {
      reply.log.error({ err }, 'xlsx export failed');
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    });
  return setXlsxHeaders(reply, opts.fileName).send(out);
}
