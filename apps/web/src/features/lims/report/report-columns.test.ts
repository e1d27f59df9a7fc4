import { describe, expect, it } from 'vitest';
import { CARD_WIDTH, fitPageColumns } from '../../../shared/list-page/test-utils';
import { reportColumns } from './report-columns';

describe('检测报告 columns', () => {
  const fit = (card: number) => fitPageColumns(reportColumns, card, { inlineActions: 3, selection: false });

  it('at 1440 px, where the columns shrink to fit, 版本 (第 1 版) and 签发人 keep the width that shows them on one line', () => {
    const page = fit(CARD_WIDTH[1440]);
    expect(page.x).toBe(CARD_WIDTH[1440] - 1);
    // Shrunk with the others they were about 50 px: 第1版 and a two-character name stood in two lines.
    expect(page.widthOf('版本')).toBeGreaterThanOrEqual(76);
    expect(page.widthOf('签发人')).toBeGreaterThanOrEqual(64);
  });

  it('on a phone, where they shrink the most, the same', () => {
    // Shrunk with the others they were 48 px there.
    const page = fit(CARD_WIDTH[390]);
    expect(page.widthOf('版本')).toBeGreaterThanOrEqual(76);
    expect(page.widthOf('签发人')).toBeGreaterThanOrEqual(64);
  });
});
