import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it, vi } from 'vitest';
import type { ExcelColumn } from './columns';
import { excelSerial, exportQuery, primeBatches, writeXlsxStream } from './export-xlsx';
import { readImportFile } from './read-file';

const columns: ExcelColumn[] = [
  { field: 'code', title: '编码', type: 'string' },
  { field: 'amount', title: '金额', type: 'number' },
];

/** Everything written to `out`, once it ends. */
function collect(out: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((resolve, reject) => {
    out.on('end', () => resolve(Buffer.concat(chunks)));
    out.on('error', reject);
  });
}

async function writeAll(
  cols: readonly ExcelColumn[],
  records: Record<string, unknown>[],
  opts: { sheetName: string; sheetRows?: number },
) {
  const out = new PassThrough();
  const bytes = collect(out);
  const rows = await writeXlsxStream(
    out,
    cols,
    (async function* () {
      yield records;
    })(),
    opts,
  );
  out.end();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await bytes) as unknown as ArrayBuffer);
  return { rows, workbook, bytes: await bytes };
}

describe('streaming writer', () => {
  it('stops pulling batches while nobody reads the output, and finishes once read', async () => {
    let pulled = 0;
    async function* batches() {
      for (let b = 0; b < 40; b++) {
        pulled++;
        yield Array.from({ length: 500 }, (_, i) => ({
          code: `C${b}-${i}-${(b * 7919 + i * 104_729).toString(36).repeat(6)}`,
          amount: b * 1000 + i,
        }));
      }
    }
    const out = new PassThrough({ highWaterMark: 16 * 1024 });
    const done = writeXlsxStream(out, columns, batches(), { sheetName: '测试' });
    // Blocked: the output is full and no batch was pulled since the previous look.
    let seen = -1;
    await vi.waitFor(
      () => {
        const now = pulled;
        const still = now === seen;
        seen = now;
        expect(out.writableNeedDrain && still).toBe(true);
      },
      { timeout: 30_000, interval: 50 },
    );
    expect(pulled).toBe(seen);
    // What waits in the pipeline (sheet stream, zlib, yazl's counters, the output) is a few buffers of 16 KB each.
    expect(pulled).toBeLessThan(20);
    const bytes = collect(out);
    expect(await done).toBe(20_000);
    out.end();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytes) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('测试');
    expect(sheet.actualRowCount).toBe(20_001);
    expect(sheet.getRow(20_001).values).toEqual([
      undefined,
      `C39-499-${(39 * 7919 + 499 * 104_729).toString(36).repeat(6)}`,
      39_499,
    ]);
  }, 60_000);

  it('stops when the client goes away, and closes the batch source', async () => {
    let pulled = 0;
    let closed = false;
    async function* batches() {
      try {
        for (;;) {
          pulled++;
          yield [{ code: 'x'.repeat(1000), amount: 1 }];
        }
      } finally {
        closed = true;
      }
    }
    const out = new PassThrough({ highWaterMark: 1024 });
    const done = writeXlsxStream(out, columns, batches(), { sheetName: 'x' });
    await vi.waitFor(() => expect(out.writableNeedDrain).toBe(true), { timeout: 30_000, interval: 20 });
    out.destroy();
    const rows = await done;
    expect(closed).toBe(true);
    expect(rows).toBe(pulled - 1);
    const after = pulled;
    await new Promise((resolve) => setImmediate(resolve));
    expect(pulled).toBe(after);
  });

  it('writes a workbook exceljs reads: bold frozen header, widths, numbers as numbers, text escaped, long text whole', async () => {
    const cols: ExcelColumn[] = [
      { field: 'text', title: '文本', type: 'string', width: 30 },
      { field: 'qty', title: '数量', type: 'integer' },
      { field: 'price', title: '单价', type: 'number' },
      { field: 'ok', title: '有效', type: 'boolean' },
      { field: 'status', title: '状态', type: 'string', dict: 'st' },
      { field: 'day', title: '日期', type: 'date' },
    ];
    const records = [
      { text: 'a & b <c> "d" \u0001e\u000bf', qty: 3, price: '1234.50', ok: true, status: '1', day: '2026-01-31' },
      { text: '  两端空格  ', qty: null, price: 0.1, ok: false, status: '2,1', day: null },
      { text: '=HYPERLINK("http://evil")', qty: -7, price: 'abc', ok: null, status: '9', day: '' },
      { text: 'x'.repeat(40_000), qty: 0, price: null, ok: 'true', status: null, day: null },
    ];
    const dicts = new Map([
      [
        'st',
        new Map([
          ['1', '合格'],
          ['2', '暂停'],
        ]),
      ],
    ]);
    const out = new PassThrough();
    const bytes = collect(out);
    await writeXlsxStream(
      out,
      cols,
      (async function* () {
        yield records;
      })(),
      { sheetName: '数据/导出', dicts },
    );
    out.end();
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytes) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('数据_导出');
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.getRow(1).values).toEqual([undefined, '文本', '数量', '单价', '有效', '状态', '日期']);
    expect(sheet.getRow(1).getCell(2).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeFalsy();
    expect(sheet.getColumn(1).width).toBe(30);
    expect(sheet.getColumn(6).width).toBe(12);
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      'a & b <c> "d" ef',
      3,
      1234.5,
      '是',
      '合格',
      new Date('2026-01-31T00:00:00Z'),
    ]);
    expect(sheet.getRow(2).getCell(6).numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getRow(3).values).toEqual([undefined, '  两端空格  ', undefined, 0.1, '否', '暂停,合格']);
    expect(sheet.getRow(4).values).toEqual([undefined, `'=HYPERLINK("http://evil")`, -7, 'abc', undefined, '9']);
    expect(sheet.getRow(5).getCell(1).value).toBe('x'.repeat(40_000));
    expect(sheet.getRow(5).getCell(2).value).toBe(0);
    expect(sheet.getRow(5).getCell(4).value).toBe('是');
    expect(typeof sheet.getRow(2).getCell(3).value).toBe('number');
  });

  it('continues on a new sheet (same header) past the rows a sheet holds', async () => {
    const records = Array.from({ length: 7 }, (_, i) => ({ code: `R${i + 1}`, amount: i + 1 }));
    const { rows, workbook } = await writeAll(columns, records, { sheetName: '名'.repeat(40), sheetRows: 4 });
    expect(rows).toBe(7);
    expect(workbook.worksheets.map((w) => w.name)).toEqual([
      '名'.repeat(31),
      `${'名'.repeat(28)}(2)`,
      `${'名'.repeat(28)}(3)`,
    ]);
    expect(
      workbook.worksheets.map((w) =>
        w
          .getSheetValues()
          .slice(1)
          .map((r) => (r as unknown[])[1]),
      ),
    ).toEqual([
      ['编码', 'R1', 'R2', 'R3'],
      ['编码', 'R4', 'R5', 'R6'],
      ['编码', 'R7'],
    ]);
  });

  it('writes the header alone for no rows, and a file the import reads back', async () => {
    const empty = await writeAll(columns, [], { sheetName: '空' });
    expect(empty.rows).toBe(0);
    expect(empty.workbook.worksheets[0].actualRowCount).toBe(1);
    const { bytes } = await writeAll(
      columns,
      [
        { code: '@A1', amount: 12.5 },
        { code: 'B', amount: null },
      ],
      { sheetName: '导入' },
    );
    const read = await readImportFile(bytes, 'x.xlsx');
    expect(read.rows).toEqual([
      { row: 1, cells: ['编码', '金额'] },
      { row: 2, cells: ["'@A1", 12.5] },
      { row: 3, cells: ['B'] },
    ]);
  });

  it('reports a bad first batch before anything is sent', async () => {
    const failing: AsyncIterable<number> = {
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('bad query')) }),
    };
    await expect(primeBatches(failing)).rejects.toThrow('bad query');
  });
});

describe('export params', () => {
  it('expands paramsStr under the plain params and drops field and paging', () => {
    const paramsStr = encodeURIComponent(JSON.stringify({ name: '*a*', status: '1', pageSize: 10 }));
    expect(exportQuery({ paramsStr, status: '2', field: 'id,name', pageNo: '2', selections: 'a,b' })).toEqual({
      name: '*a*',
      status: '2',
      selections: 'a,b',
    });
  });
});

describe('dates and extra sheets', () => {
  it('turns API dates and times into Excel serials; anything else stays text', () => {
    expect(excelSerial('1900-03-01')).toBe(61);
    expect(excelSerial('2026-01-31')).toBe(46053);
    expect(excelSerial('2026-01-31 12:00:00')).toBe(46053.5);
    expect(excelSerial('1900-02-28')).toBeUndefined();
    expect(excelSerial('2026-02-30')).toBeUndefined();
    expect(excelSerial('明天')).toBeUndefined();
  });

  it('writes the extra sheets after the main one, each with its own header', async () => {
    const out = new PassThrough();
    const bytes = collect(out);
    const main = [{ code: 'P1', amount: 1 }];
    const rows = await writeXlsxStream(
      out,
      columns,
      (async function* () {
        yield main;
      })(),
      {
        sheetName: '主表',
        extraSheets: [
          {
            name: '明细',
            columns: [{ field: 'line', title: '行', type: 'string' }],
            batches: async function* () {
              yield [{ line: 'a' }, { line: 'b' }];
            },
          },
        ],
      },
    );
    out.end();
    expect(rows).toBe(1);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytes) as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['主表', '明细']);
    expect(workbook.worksheets[1].getSheetValues().slice(1)).toEqual([
      [undefined, '行'],
      [undefined, 'a'],
      [undefined, 'b'],
    ]);
  });
});
