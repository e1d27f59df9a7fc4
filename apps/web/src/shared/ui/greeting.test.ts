import { describe, expect, it } from 'vitest';
import { greeting, greetingFor } from './greeting';

describe('greeting bands (SPEC section 1)', () => {
  it.each([
    [0, '早上好'],
    [8, '早上好'],
    [9, '上午好'],
    [11, '上午好'],
    [12, '中午好'],
    [13, '中午好'],
    [14, '下午好'],
    [19, '下午好'],
    [20, '晚上好'],
    [23, '晚上好'],
  ])('hour %i → %s', (hour, text) => {
    expect(greetingFor(hour)).toBe(text);
  });

  it('uses the local hour of a date', () => {
    expect(greeting(new Date(2026, 0, 1, 8, 59))).toBe('早上好');
    expect(greeting(new Date(2026, 0, 1, 11, 59))).toBe('上午好');
  });
});
