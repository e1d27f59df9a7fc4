import { describe, expect, it } from 'vitest';
import { platformName } from './platform-name';

const names = { a01a07: '检测中心平台', other: 'LIMS 平台' };

describe('welcome platform name', () => {
  it('uses the A01A07 name when the first six characters match', () => {
    expect(platformName('A01A07', names)).toBe('检测中心平台');
    expect(platformName('A01A07A02', names)).toBe('检测中心平台');
  });

  it('uses the other name otherwise', () => {
    for (const code of ['A01', 'A01A0', 'A01A08', 'B01A07', 'a01a07', '', null, undefined]) {
      expect(platformName(code, names)).toBe('LIMS 平台');
    }
  });
});
