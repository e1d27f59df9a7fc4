import { describe, expect, it } from 'vitest';
import { nextOrgCode, nextSegment } from './org-code';

describe('org code rule', () => {
  it('counts A01 … A99, then B01 … Z99, then stops', () => {
    expect(nextSegment(undefined)).toBe('A01');
    expect(nextSegment('A01')).toBe('A02');
    expect(nextSegment('A09')).toBe('A10');
    expect(nextSegment('A99')).toBe('B01');
    expect(nextSegment('Y99')).toBe('Z01');
    expect(nextSegment('Z98')).toBe('Z99');
    expect(nextSegment('Z99')).toBeNull();
    expect(() => nextSegment('a01')).toThrow();
  });

  it('takes the highest sibling + 1, or parent + A01 for a first child', () => {
    expect(nextOrgCode('', [])).toBe('A01');
    expect(nextOrgCode('', ['A01', 'A02'])).toBe('A03');
    expect(nextOrgCode('', ['A02', 'A01', 'A01A05'])).toBe('A03');
    expect(nextOrgCode('', ['A99', 'A05'])).toBe('B01');
    expect(nextOrgCode('A01', [])).toBe('A01A01');
    expect(nextOrgCode('A01', ['A01A01', 'A01A07', 'A01A03'])).toBe('A01A08');
    expect(nextOrgCode('A01', ['A01A99'])).toBe('A01B01');
    expect(nextOrgCode('A01', ['A01Z99'])).toBeNull();
  });

  it('ignores malformed or deeper codes and codes of other parents', () => {
    expect(nextOrgCode('A01', ['A01x01', 'A01A01A05', 'A02A09', 'A01a50'])).toBe('A01A01');
  });
});
