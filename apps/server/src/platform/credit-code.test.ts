import { describe, expect, it } from 'vitest';
import { creditCodeCheckChar, isValidCreditCode, normalizeCreditCode } from './credit-code';

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts published codes', () => {
    for (const code of ['91350100M000100Y43', '914403001922038216', '91330100716105852F', '9144030071526726XG']) {
      expect(isValidCreditCode(code)).toBe(true);
    }
  });

  it('computes the check character from the first 17', () => {
    expect(creditCodeCheckChar('91350100M000100Y4')).toBe('3');
    expect(creditCodeCheckChar('9144030071526726X')).toBe('G');
    expect(creditCodeCheckChar('91440300192203821')).toBe('6');
  });

  it('gives 0 when the weighted sum is a multiple of 31', () => {
    // 17 zeros: sum 0 → check 0.
    expect(creditCodeCheckChar('0'.repeat(17))).toBe('0');
  });

  it('refuses a wrong check character, length or character set', () => {
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y4')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y433')).toBe(false);
    expect(isValidCreditCode('91350100m000100y43')).toBe(false);
    expect(isValidCreditCode('9135010OM000100Y43')).toBe(false); // letter O in the division code
    expect(isValidCreditCode('91350100I000100Y43')).toBe(false); // I is not in the set
    expect(isValidCreditCode('')).toBe(false);
    expect(creditCodeCheckChar('91350100I000100Y4')).toBeUndefined();
    expect(creditCodeCheckChar('123')).toBeUndefined();
  });

  it('normalises user input', () => {
    expect(normalizeCreditCode(' 91350100m000100y43 ')).toBe('91350100M000100Y43');
    expect(isValidCreditCode(normalizeCreditCode(' 91350100m000100y43 '))).toBe(true);
  });
});
