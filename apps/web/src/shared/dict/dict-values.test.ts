import { describe, expect, it } from 'vitest';
import { dictText, joinValues, matchesTerm, offeredOptions, splitValues } from './dict-values';

const SEX = [
  { value: '1', text: '男', title: '男' },
  { value: '2', text: '女', title: '女' },
  { value: '9', text: '未知', title: '未知', disabled: true },
];

describe('dictionary values', () => {
  it('split and join comma values', () => {
    expect(splitValues('1, 2,,3 ')).toEqual(['1', '2', '3']);
    expect(splitValues(undefined)).toEqual([]);
    expect(splitValues(1)).toEqual(['1']);
    expect(joinValues(['1', '3'])).toBe('1,3');
    expect(joinValues([])).toBe('');
  });

  it('render values as text; unknown values stay; disabled items keep their text', () => {
    expect(dictText(SEX, '1')).toBe('男');
    expect(dictText(SEX, '1,2')).toBe('男,女');
    expect(dictText(SEX, '9')).toBe('未知');
    expect(dictText(SEX, 'x')).toBe('x');
    expect(dictText(SEX, null)).toBe('');
  });

  it('offer no disabled item unless it is the current value', () => {
    expect(offeredOptions(SEX, []).map((o) => o.value)).toEqual(['1', '2']);
    const withOld = offeredOptions(SEX, ['9']);
    expect(withOld.map((o) => o.value)).toEqual(['1', '2', '9']);
    expect(withOld[2]).toEqual({ value: '9', label: '未知', title: '未知', disabled: true });
  });

  it('the filter search trims its term', () => {
    expect(matchesTerm('男', '  男 ')).toBe(true);
    expect(matchesTerm('男', '   ')).toBe(true);
    expect(matchesTerm('女', '男')).toBe(false);
  });
});
