import { describe, expect, it } from 'vitest';
import { decodeCsv, parseCsv } from './csv';

describe('csv', () => {
  it('decodes UTF-8 with or without BOM, UTF-16 with BOM, and falls back to GB18030', () => {
    expect(decodeCsv(Buffer.from('\uFEFF名称,值'))).toBe('名称,值');
    expect(decodeCsv(Buffer.from('名称,值'))).toBe('名称,值');
    expect(decodeCsv(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('名称', 'utf16le')]))).toBe('名称');
    expect(decodeCsv(Buffer.from([0xc3, 0xfb, 0xb3, 0xc6]))).toBe('名称'); // GBK bytes of 名称
  });

  it('parses quotes, doubled quotes, embedded delimiters and newlines, CR/LF/CRLF, keeping record numbers', () => {
    const { rows, truncated } = parseCsv('a,b,c\r\n"x,1","say ""hi""","l1\nl2"\n\n,,\rlast,,', 100);
    expect(truncated).toBe(false);
    expect(rows).toEqual([
      { row: 1, cells: ['a', 'b', 'c'] },
      { row: 2, cells: ['x,1', 'say "hi"', 'l1\nl2'] },
      { row: 5, cells: ['last', '', ''] },
    ]);
  });

  it('detects tab or semicolon separated files and stops after the row limit', () => {
    expect(parseCsv('a\tb\n1\t2', 10).rows[1].cells).toEqual(['1', '2']);
    expect(parseCsv('a;b\n1;2', 10).rows[1].cells).toEqual(['1', '2']);
    const many = parseCsv(Array.from({ length: 50 }, (_, i) => `r${i}`).join('\n'), 10);
    expect(many.truncated).toBe(true);
    expect(many.rows.length).toBe(11);
  });

  it('keeps a quoted field holding a newline and a doubled quote, and refuses a quote never closed', () => {
    const { rows } = parseCsv('名称,备注\r\n"甲","第一行\r\n他说""好""",x\n乙,"a""b"\n', 10);
    expect(rows).toEqual([
      { row: 1, cells: ['名称', '备注'] },
      { row: 2, cells: ['甲', '第一行\r\n他说"好"', 'x'] },
      { row: 3, cells: ['乙', 'a"b'] },
    ]);
    expect(() => parseCsv('a,b\n"open,1\n2,3', 10)).toThrow('CSV 文件格式不正确');
  });
});
