import ExcelJS from 'exceljs';
import type { TestApp } from '../../../test/build-test-app';
import { fileUpload } from '../../platform/files/multipart.fixture';

/** Shared helpers of the supplier, customer unit, project and dashboard API tests. */
export const api = (p: string) => `/api${p}`;

/** Valid GB 32100-2015 codes of fictitious organisations (not in the demo data). */
export const VALID_CREDIT_CODES = [
  '91350100M000100Y43',
  '9144030071526726XG',
  '91110000MA01ABCD1M',
  '91320200MA1XYW00KU',
] as const;

/** An .xlsx with one sheet: the header row, then the rows. */
export async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('导入');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The first sheet of an .xlsx answer, as arrays of cell values (row 1 the header). */
export async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const out: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
}

export function kit(t: TestApp, admin: () => string) {
  const get = (url: string, token = admin()) => t.as(token, { method: 'GET', url: api(url) });
  const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin()) =>
    t.as(token, { method, url: api(url), ...(payload ? { payload } : {}) });
  const upload = (url: string, fileName: string, content: Buffer | string, token = admin()) => {
    const body = fileUpload(fileName, content);
    return t.as(token, { method: 'POST', url: api(url), payload: body.payload, headers: body.headers });
  };
  return { get, send, upload };
}
