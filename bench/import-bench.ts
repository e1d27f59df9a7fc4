/**
 * Import through the real server: POST /api/gysgl/supplier/importExcel of an .xlsx written by
 * exceljs (shared strings, as Excel saves it) with --rows valid suppliers, then the same file with
 * every 10th row broken (bad e-mail; every 50th also without a name): all bad rows are reported.
 *   npx tsx import-bench.ts --db=postgres --rows=10000
 */
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { queryRows } from '../apps/server/src/db/client';
import { SUPPLIER_COLUMNS } from '../apps/server/src/modules/supplier/supplier.entities';
import { dbFlag, numberFlag } from './lib/args';
import { printTable } from './lib/load';
import { login, startServer } from './lib/server';
import { createStore, fillStore } from './lib/store';

const kind = dbFlag();
const rows = numberFlag('rows', 10_000);
const columns = SUPPLIER_COLUMNS.filter((c) => !c.exportOnly);

async function workbook(prefix: string, texts: { type: string[]; status: string[] }, broken: boolean): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('供应商信息');
  sheet.addRow(columns.map((c) => c.title));
  for (let i = 1; i <= rows; i++) {
    const bad = broken && i % 10 === 0;
    const values: Record<string, unknown> = {
      code: `${prefix}${String(i).padStart(6, '0')}`,
      name: bad && i % 50 === 0 ? '' : `导入供应商${i}有限公司`,
      supplierType: texts.type[i % texts.type.length],
      contact: `联系人${i % 97}`,
      phone: `139${String(i).padStart(8, '0')}`,
      email: bad ? `not-an-email-${i}` : `imp${i}@lims.local`,
      address: `上海市浦东新区导入路${i}号`,
      qualificationExpiry: `2027-0${(i % 9) + 1}-15`,
      status: texts.status[i % texts.status.length],
      remark: i % 3 ? `备注${i}` : '',
    };
    sheet.addRow(columns.map((c) => values[c.field] ?? ''));
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function upload(
  url: string,
  token: string,
  file: Buffer,
): Promise<{ ms: number; status: number; message: string; listed: number }> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), '供应商导入.xlsx');
  const t0 = performance.now();
  const res = await fetch(url, { method: 'POST', headers: { 'x-access-token': token }, body: form });
  const body = (await res.json()) as { message?: string; result?: { errors?: unknown[] } | null };
  return {
    ms: performance.now() - t0,
    status: res.status,
    message: body.message ?? '',
    listed: body.result?.errors?.length ?? 0,
  };
}

console.log(`import bench: ${kind}, ${rows} rows`);
const store = await createStore(kind);
try {
  await fillStore(store, 0);
  const database = await store.open();
  const textsOf = async (code: string) =>
    (
      await queryRows<{ t: string }>(
        database.db,
        sql`select i.item_text as t from dict_items i
    join dicts d on d.id = i.dict_id where d.dict_code = ${code} order by i.sort_order`,
      )
    ).map((r) => r.t);
  const texts = { type: await textsOf('supplier_type'), status: await textsOf('supplier_status') };
  await database.close();
  const good = await workbook('IMP', texts, false);
  const bad = await workbook('BAD', texts, true);
  const server = await startServer(store.env);
  try {
    const token = await login(server.url);
    const url = `${server.url}/api/gysgl/supplier/importExcel`;
    const table: (string | number)[][] = [];
    const e = await upload(url, token, bad);
    table.push([
      `${rows} rows, every 10th bad (${(bad.length / 1024).toFixed(0)} KB)`,
      e.ms / 1000,
      e.status,
      `${e.message} (${e.listed} listed)`,
    ]);
    const g = await upload(url, token, good);
    table.push([`${rows} valid rows (${(good.length / 1024).toFixed(0)} KB)`, g.ms / 1000, g.status, g.message]);
    printTable(['import', 'seconds', 'status', 'answer'], table);
  } finally {
    await server.stop();
  }
} finally {
  await store.dispose();
}
