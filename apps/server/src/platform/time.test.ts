import { describe, expect, it } from 'vitest';
import { addDays, dateTimeIn, toDateTime, todayIn } from './time';

describe('time', () => {
  it('formats stored timestamps and empty values', () => {
    expect(toDateTime('2026-11-21 10:00:00.123+08')).toBe('2026-11-21 10:00:00');
    expect(toDateTime('2026-11-21T10:00:00.000Z')).toBe('2026-11-21 10:00:00');
    expect(toDateTime(null)).toBeNull();
    expect(toDateTime('')).toBeNull();
  });

  it('gives the day and time in a time zone and moves days across months and years', () => {
    const now = new Date('2026-12-31T17:30:05Z');
    expect(todayIn('Asia/Shanghai', now)).toBe('2027-01-01');
    expect(todayIn('UTC', now)).toBe('2026-12-31');
    expect(dateTimeIn('Asia/Shanghai', now)).toBe('2027-01-01 01:30:05');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
