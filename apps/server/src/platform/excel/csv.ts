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

/**
 * Parses CSV (RFC 4180: quoted fields, doubled quotes, CR/LF/CRLF line ends, newlines inside quotes).
 * Row numbers count records from 1, as a spreadsheet shows them; blank records are skipped and not
 * kept. Stops after `maxRows` non-blank records (the caller then reports the limit).
 */
export function parseCsv(text: string, maxRows: number): { rows: SheetRow[]; truncated: boolean } {
  const delimiter = delimiterOf(text);
  const rows: SheetRow[] = [];
  let record = 1;
  let cells: string[] = [];
  let field = '';
  let quoted = false;
  const endRecord = () => {
    cells.push(field);
    if (cells.some((c) => c.trim() !== '')) rows.push({ row: record, cells });
    record++;
    cells = [];
    field = '';
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      const close = text.indexOf('"', i);
      if (close < 0) {
        field += text.slice(i);
        break;
      }
      field += text.slice(i, close);
      if (text[close + 1] === '"') {
        field += '"';
        i = close + 2;
      } else {
        quoted = false;
        i = close + 1;
      }
      continue;
    }
    if (c === '"' && field === '') {
      quoted = true;
      i++;
    } else if (c === delimiter) {
      cells.push(field);
      field = '';
      i++;
    } else if (c === '\r' || c === '\n') {
      endRecord();
      if (rows.length > maxRows) return { rows, truncated: true };
      i += c === '\r' && text[i + 1] === '\n' ? 2 : 1;
    } else {
      field += c;
      i++;
    }
  }
  if (field !== '' || cells.length > 0) endRecord();
  return { rows, truncated: rows.length > maxRows };
}
