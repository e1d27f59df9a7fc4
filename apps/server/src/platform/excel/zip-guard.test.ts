import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { AppError } from '../reply';
import { assertSafeZip } from './zip-guard';
import { buildZip } from './zip.fixture';

const messageOf = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return err instanceof AppError ? `${err.status} ${err.message}` : String(err);
  }
};
const BOMB = '400 文件解压后过大或包含的条目过多，已拒绝导入';

describe('zip guard', () => {
  it('passes real .xlsx files, streamed or not', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('a').addRow(['x', 1, new Date()]);
    expect(await messageOf(assertSafeZip(Buffer.from(await wb.xlsx.writeBuffer())))).toBe('ok');
  });

  it('refuses too many entries, too many declared bytes, and an entry inflating past its declared size', async () => {
    const limits = { maxEntries: 5, maxUncompressedBytes: 1000 };
    expect(
      await messageOf(
        assertSafeZip(buildZip(Array.from({ length: 6 }, (_, i) => ({ name: `${i}`, data: 'x' }))), limits),
      ),
    ).toBe(BOMB);
    expect(await messageOf(assertSafeZip(buildZip([{ name: 'a.xml', data: Buffer.alloc(1001) }]), limits))).toBe(BOMB);
    expect(
      await messageOf(assertSafeZip(buildZip([{ name: 'a.xml', data: Buffer.alloc(900), declaredSize: 10 }]), limits)),
    ).toBe(BOMB);
    expect(await messageOf(assertSafeZip(buildZip([{ name: 'a.xml', data: Buffer.alloc(900) }]), limits))).toBe('ok');
  });

  it('stops inflating an entry whose declared size lies (within every limit on paper)', async () => {
    const lying = buildZip([
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(50 * 1024 * 1024), declaredSize: 100 },
    ]);
    const t0 = performance.now();
    expect(await messageOf(assertSafeZip(lying))).toBe(BOMB);
    expect(performance.now() - t0).toBeLessThan(5000);
    const short = buildZip([{ name: 'a.xml', data: '<a/>', declaredSize: 400 }]);
    expect(await messageOf(assertSafeZip(short))).toMatch(/^400 文件不是有效的 .xlsx 文件/);
  });

  it('refuses XML declaring a DTD or entities, even split across inflate chunks', async () => {
    const padded = `${' '.repeat(16_380)}<!DOCTYPE x>`;
    for (const xml of [
      '<?xml version="1.0"?><!DOCTYPE a [<!ENTITY b "c">]><a/>',
      padded,
      '<!ENTITY x SYSTEM "file:///etc/passwd">',
    ]) {
      expect(await messageOf(assertSafeZip(buildZip([{ name: 'xl/workbook.xml', data: xml }])))).toBe(
        '400 文件包含不允许的 XML 声明（DTD/实体），已拒绝导入',
      );
    }
    expect(
      await messageOf(assertSafeZip(buildZip([{ name: 'xl/workbook.xml', data: '<!DOCTYPE x>', store: true }]))),
    ).toMatch(/DTD/);
  });

  it('refuses broken archives as not an .xlsx', async () => {
    const good = buildZip([{ name: 'a.xml', data: '<a/>' }]);
    const truncated = good.subarray(0, good.length - 30);
    const badMethod = Buffer.from(good);
    badMethod.writeUInt16LE(12, good.length - 22 - 46 - 5 + 10); // central entry method → bzip2
    for (const buf of [Buffer.from('PK\x03\x04 not a zip'), truncated, badMethod, Buffer.alloc(0)]) {
      expect(await messageOf(assertSafeZip(buf))).toMatch(/^400 文件不是有效的 .xlsx 文件/);
    }
  });
});
