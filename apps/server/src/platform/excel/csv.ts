import { CsvError, parse } from 'csv-parse/sync';
import { badRequest } from '../reply';
import { EXCEL_MSG } from './messages';
import type { SheetRow } from './sheet-rows';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of a CSV file: UTF-8 with or without BOM; UTF-16 with its BOM; otherwise GB18030 (what
 * Excel writes for "CSV" on a Chinese Windows), which must decode without replacement characters.
 */
export function decodeCsv(buf: Buffer): string {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return decodeStrict('utf-8', buf.subarray(3));
  if (buf[0] === 0xff && buf[1] === 0xfe) return decodeStrict('utf-16le', buf.subarray(2));
  if (buf[0] === 0xfe && buf[1] === 0xff) return decodeStrict('utf-16be', buf.subarray(2));
  try {
    return utf8.decode(buf);
  } catch {
    return decodeStrict('gb18030', buf);
  }
}

function decodeStrict(encoding: string, buf: Buffer): string {
  try {
    const text = new TextDecoder(encoding, { fatal: true }).decode(buf);
    if (text.includes('\u0000')) throw new Error('NUL');
    return text;
  } catch {
    throw badRequest(EXCEL_MSG.csvEncoding);
  }
}

/** The delimiter of the first line: comma unless the line has only tabs or semicolons. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  if (firstLine.includes(',')) return ',';
  if (firstLine.includes('\t')) return '\t';
  if (firstLine.includes(';')) return ';';
  return ',';
}

/** Raised from `on_record` to stop the parser once the row limit is passed. */
class RowLimitReached extends Error {}

/**
 * Parses CSV with csv-parse (RFC 4180: quoted fields, doubled quotes, newlines inside quotes; CR, LF
 * and CRLF line ends, mixed; stray quotes inside an unquoted field kept as text). Row numbers count
 * records from 1, as a spreadsheet shows them; blank records are skipped and not kept. Stops after
 * `maxRows` non-blank records (the caller then reports the limit). A quote never closed is a 400.
 */
export function parseCsv(text: string, maxRows: number): { rows: SheetRow[]; truncated: boolean } {
  const rows: SheetRow[] = [];
  try {
    parse(text, {
      delimiter: delimiterOf(text),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      on_record: (cells: string[], info) => {
        if (cells.some((c) => c.trim() !== '')) rows.push({ row: info.records, cells });
        if (rows.length > maxRows) throw new RowLimitReached();
        return null;
      },
    });
  } catch (err) {
    if (err instanceof RowLimitReached) return { rows, truncated: true };
    if (err instanceof CsvError) throw badRequest(EXCEL_MSG.csvMalformed);
    throw err;
  }
  return { rows, truncated: false };
}
