import { describe, expect, it } from 'vitest';
import { ANNT_MSG, announcementFormSchema } from './announcement';

const form = (endTime: string) => ({ titile: '通告', msgCategory: '1', msgType: 'ALL', endTime });

describe('announcement times', () => {
  it('refuses a time that names no real moment with the time message', () => {
    for (const bad of ['2026-13-01 10:00:00', '2026-02-30 10:00', '2026-12-01 24:00:00', '2026-12-01 25:61:61']) {
      const result = announcementFormSchema.safeParse(form(bad));
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(ANNT_MSG.badTime);
    }
  });

  it('takes a real time with or without seconds', () => {
    expect(announcementFormSchema.parse(form('2026-12-31 23:59:59')).endTime).toBe('2026-12-31 23:59:59');
    expect(announcementFormSchema.parse(form('2028-02-29 08:30')).endTime).toBe('2028-02-29 08:30');
  });
});
