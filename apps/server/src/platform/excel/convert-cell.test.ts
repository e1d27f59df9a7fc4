import { describe, expect, it } from 'vitest';
import { neutralize, unneutralize, type ExcelColumn } from './columns';
import { cellText, convertDict, convertTyped, reverseDict } from './convert-cell';
import { exportCellValue } from './export-xlsx';

const col = (type: ExcelColumn['type'], dict?: string): ExcelColumn => ({ field: 'f', title: '字段', type, dict });
const value = (c: ReturnType<typeof convertTyped>) => ('value' in c ? c.value : `error: ${c.error}`);

describe('cell conversion on import', () => {
  it('reads text, numbers, integers and booleans', () => {
    expect(value(convertTyped(col('string'), 13800138000))).toBe('13800138000');
    expect(value(convertTyped(col('string'), 0.1 + 0.2))).toBe('0.3');
    expect(value(convertTyped(col('string'), "'+86 138"))).toBe('+86 138');
    expect(value(convertTyped(col('number'), '1,234.5'))).toBe(1234.5);
    expect(value(convertTyped(col('number'), 'abc'))).toBe('error: 应为数字');
    expect(value(convertTyped(col('integer'), 3.5))).toBe('error: 应为整数');
    expect(value(convertTyped(col('integer'), ' 42 '))).toBe(42);
    expect(value(convertTyped(col('boolean'), '是'))).toBe(true);
    expect(value(convertTyped(col('boolean'), 0))).toBe(false);
    expect(value(convertTyped(col('boolean'), '也许'))).toBe('error: 应为 是 或 否');
  });

  it('reads dates and times from date cells, serial numbers and common texts, refusing impossible ones', () => {
    expect(value(convertTyped(col('date'), new Date(Date.UTC(2026, 0, 31))))).toBe('2026-01-31');
    expect(value(convertTyped(col('date'), 46053))).toBe('2026-01-31');
    expect(value(convertTyped(col('date'), '2026/1/5'))).toBe('2026-01-05');
    expect(value(convertTyped(col('date'), '2026年1月5日'))).toBe('2026-01-05');
    expect(value(convertTyped(col('date'), '2026-02-30'))).toBe('error: 应为日期（YYYY-MM-DD）');
    expect(value(convertTyped(col('date'), '2026-01-05 08:00'))).toBe('error: 应为日期（YYYY-MM-DD）');
    expect(value(convertTyped(col('datetime'), '2026-01-05 8:30'))).toBe('2026-01-05 08:30:00');
    expect(value(convertTyped(col('datetime'), new Date(Date.UTC(2026, 0, 5, 23, 59, 58))))).toBe(
      '2026-01-05 23:59:58',
    );
    expect(value(convertTyped(col('datetime'), '2026-01-05 24:00:00'))).toBe('error: 应为时间（YYYY-MM-DD HH:mm:ss）');
    expect(cellText(new Date(Date.UTC(2026, 0, 5)))).toBe('2026-01-05');
  });

  it('turns dictionary texts (or values, several joined) back into values', () => {
    const dict = reverseDict(
      new Map([
        ['1', '男'],
        ['2', '女'],
      ]),
    );
    expect(value(convertDict(col('integer', 'sex'), '女', dict))).toBe(2);
    expect(value(convertDict(col('string', 'sex'), '男，女', dict))).toBe('1,2');
    expect(value(convertDict(col('string', 'sex'), 1, dict))).toBe('1');
    expect(value(convertDict(col('string', 'sex'), '未知', dict))).toBe('error: 「未知」不是有效的选项，可选：男、女');
  });
});

describe('cell values on export', () => {
  const dicts = new Map([
    [
      'sex',
      new Map([
        ['1', '男'],
        ['2', '=女'],
      ]),
    ],
  ]);
  it('writes dictionary texts, numbers as numbers, booleans as 是/否 and neutralises formula-like text', () => {
    expect(exportCellValue(col('integer', 'sex'), { f: 1, f_dictText: '男' }, dicts)).toBe('男');
    expect(exportCellValue(col('integer', 'sex'), { f: 2 }, dicts)).toBe("'=女");
    expect(exportCellValue(col('number'), { f: '1234.50' }, dicts)).toBe(1234.5);
    expect(exportCellValue(col('integer'), { f: 7 }, dicts)).toBe(7);
    expect(exportCellValue(col('boolean'), { f: true }, dicts)).toBe('是');
    expect(exportCellValue(col('string'), { f: null }, dicts)).toBe(null);
    for (const text of ['=1+1', '+1', '-1', '@A1', '\t=1', '\r=1'])
      expect(exportCellValue(col('string'), { f: text }, dicts)).toBe(`'${text}`);
    expect(exportCellValue(col('string'), { f: 'a=1' }, dicts)).toBe('a=1');
    expect(unneutralize(neutralize('=cmd'))).toBe('=cmd');
    expect(unneutralize("'plain")).toBe("'plain");
  });
});
