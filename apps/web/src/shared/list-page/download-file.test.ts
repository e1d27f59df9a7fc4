import { describe, expect, it } from 'vitest';
import { fileNameFrom, formatBytes, progressText } from './download-file';

describe('download helpers', () => {
  it('reads the file name of Content-Disposition (filename* first)', () => {
    expect(
      fileNameFrom(`attachment; filename="dict.xlsx"; filename*=UTF-8''${encodeURIComponent('字典信息.xlsx')}`),
    ).toBe('字典信息.xlsx');
    expect(fileNameFrom('attachment; filename="a.xlsx"')).toBe('a.xlsx');
    expect(fileNameFrom(null)).toBeNull();
  });

  it('shows bytes received, or a percentage when the size is known', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(progressText({ received: 2048, total: null })).toBe('2.0 KB');
    expect(progressText({ received: 50, total: 200 })).toBe('25%');
  });
});
