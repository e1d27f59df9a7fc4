import { describe, expect, it } from 'vitest';
import { DEMOS, visibleDemos } from './demo-catalogue';
import { DEMO_INSTRUMENTS, fetchDemoInstruments, matchesRule } from './demo-data';

describe('showcase data (no server)', () => {
  it('applies the list rules *a*, a*, *a and equal', () => {
    expect(matchesRule('电子天平 1 号', '*天平*')).toBe(true);
    expect(matchesRule('电子天平 1 号', '电子*')).toBe(true);
    expect(matchesRule('电子天平 1 号', '*1 号')).toBe(true);
    expect(matchesRule('电子天平 1 号', '天平')).toBe(false);
    expect(matchesRule('YQ-001', 'YQ-001')).toBe(true);
  });

  it('pages and filters the instruments as a list endpoint would', async () => {
    const first = await fetchDemoInstruments({ pageNo: 1, pageSize: 10 });
    expect(first.total).toBe(DEMO_INSTRUMENTS.length);
    expect(first.records).toHaveLength(10);
    const last = await fetchDemoInstruments({ pageNo: 3, pageSize: 10 });
    expect(last.records.map((r) => r.code)).toEqual(['YQ-021', 'YQ-022', 'YQ-023']);
    const scales = await fetchDemoInstruments({ pageNo: 1, pageSize: 10, name: '*天平*' });
    expect(scales.total).toBe(3);
    expect(scales.records.every((r) => r.name.includes('天平'))).toBe(true);
  });

  it('filters the demos by tab and by a trimmed, case-insensitive search term', () => {
    expect(visibleDemos('all', '')).toHaveLength(DEMOS.length);
    expect(
      visibleDemos('file', '')
        .map((d) => d.key)
        .sort(),
    ).toEqual(['download', 'upload']);
    expect(visibleDemos('all', '  rich text').map((d) => d.key)).toEqual([]);
    expect(visibleDemos('all', ' RichTextEditor ').map((d) => d.key)).toEqual(['rich-text']);
    expect(visibleDemos('select', '富文本')).toEqual([]);
  });
});
