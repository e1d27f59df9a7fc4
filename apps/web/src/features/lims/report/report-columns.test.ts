import { describe, expect, it } from 'vitest';
import { buildColumns, fitColumns } from '../../../shared/list-page/list-columns';
import { reportColumns } from './report-columns';

/** The card's width on a 1440 px page with the side menu open, and on a 390 px phone. */
const CARD_1440 = 1160;
const CARD_390 = 310;

describe('检测报告 columns', () => {
  const columns = buildColumns(reportColumns, {
    sort: null,
    pageNo: 1,
    pageSize: 10,
    rowNumber: true,
    rowActions: () => [],
    inlineActions: 3,
    filters: {},
  });
  const fit = (card: number) => fitColumns(columns, card, { selection: false, expand: false });
  const widthAt = (card: number, title: string) => fit(card).columns.find((c) => c.title === title)?.width;

  it('at 1440 px, where the columns shrink to fit, 版本 (第 1 版) and 签发人 keep the width that shows them on one line', () => {
    expect(fit(CARD_1440).x).toBe(CARD_1440 - 1);
    // Shrunk with the others they were about 50 px: 第1版 and a two-character name stood in two lines.
    expect(widthAt(CARD_1440, '版本')).toBeGreaterThanOrEqual(76);
    expect(widthAt(CARD_1440, '签发人')).toBeGreaterThanOrEqual(64);
  });

  it('on a phone, where they shrink the most, the same', () => {
    // Shrunk with the others they were 48 px there.
    expect(widthAt(CARD_390, '版本')).toBeGreaterThanOrEqual(76);
    expect(widthAt(CARD_390, '签发人')).toBeGreaterThanOrEqual(64);
  });
});
