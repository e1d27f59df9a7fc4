import { describe, expect, it } from 'vitest';
import { analysisAssignSchema, hasNumericLimits, isOutOfSpec, limitsText, resultNumber } from './lims-analysis';

describe('超标 (isOutOfSpec)', () => {
  it('judges numbers against inclusive limits', () => {
    const limits = { specMin: '6', specMax: '9' };
    expect(isOutOfSpec('6', limits)).toBe(false);
    expect(isOutOfSpec('9.000', limits)).toBe(false);
    expect(isOutOfSpec('5.99', limits)).toBe(true);
    expect(isOutOfSpec('9.01', limits)).toBe(true);
    expect(isOutOfSpec(' 1e1 ', limits)).toBe(true);
    expect(isOutOfSpec('0.02', { specMax: 0.01 })).toBe(true);
    expect(isOutOfSpec('-1', { specMin: '0.000000', specMax: null })).toBe(true);
  });

  it('cannot judge without a number or without numeric limits', () => {
    expect(isOutOfSpec('', { specMax: '1' })).toBeNull();
    expect(isOutOfSpec('未检出', { specMax: '1' })).toBeNull();
    expect(isOutOfSpec('1,5', { specMax: '1' })).toBeNull();
    expect(isOutOfSpec('无色透明', {})).toBeNull();
    expect(isOutOfSpec('3', { specMin: '', specMax: null })).toBeNull();
  });

  it('reads numbers strictly and shows limits as text', () => {
    expect(resultNumber('0.5')).toBe(0.5);
    expect(resultNumber('.5')).toBe(0.5);
    expect(resultNumber('5.')).toBe(5);
    expect(resultNumber('0x10')).toBeNull();
    expect(resultNumber('Infinity')).toBeNull();
    expect(hasNumericLimits({ specMin: 0 })).toBe(true);
    expect(hasNumericLimits({})).toBe(false);
    expect(limitsText({ specMin: '1.000000', specMax: '5' })).toBe('1 – 5');
    expect(limitsText({ specMax: 0.01 })).toBe('≤ 0.01');
    expect(limitsText({ specMin: 2 })).toBe('≥ 2');
    expect(limitsText({ specText: '无色透明' })).toBe('无色透明');
  });
});

describe('分配 (analysisAssignSchema)', () => {
  it('needs ids and at least one field; limits in order', () => {
    expect(analysisAssignSchema.safeParse({ ids: ['a'], dueDate: '2026-12-01' }).success).toBe(true);
    expect(analysisAssignSchema.safeParse({ ids: ['a'] }).success).toBe(false);
    expect(analysisAssignSchema.safeParse({ ids: [], analystId: 'u' }).success).toBe(false);
    expect(analysisAssignSchema.safeParse({ ids: ['a'], specMin: 5, specMax: '1' }).success).toBe(false);
    expect(analysisAssignSchema.parse({ ids: ['a'], specMin: ' 2 ', specMax: null })).toMatchObject({
      specMin: '2',
      specMax: null,
    });
  });
});
