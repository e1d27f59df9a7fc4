import { describe, expect, it } from 'vitest';
import { buildColumns, fitColumns } from '../../../shared/list-page/list-columns';
import { reportColumns } from './report-columns';

/** The card's width on a 390 px phone (the side menu is a drawer there). */
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
  const widthAt = (card: number, title: string) =>
    fitColumns(columns, card, { selection: false, expand: false }).columns.find((c) => c.title === title)?.width;

  it('on a phone, where the columns shrink, 版本 (第 1 版) and 签发人 keep the width that shows them on one line', () => {
    // Shrunk with the others they were 48 px: 第1版 and a two-character name stood in two lines.
    expect(widthAt(CARD_390, '版本')).toBeGreaterThanOrEqual(76);
    expect(widthAt(CARD_390, '签发人')).toBeGreaterThanOrEqual(64);
  });

  it('on a wide page they grow with the others', () => {
    expect(widthAt(1400, '版本')).toBeGreaterThan(76);
    expect(widthAt(1400, '签发人')).toBeGreaterThan(80);
  });
});
