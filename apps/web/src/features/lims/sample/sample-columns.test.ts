import { describe, expect, it } from 'vitest';
import { buildColumns, fitColumns } from '../../../shared/list-page/list-columns';
import { SAMPLE_ACTIONS_WIDTH, sampleColumns } from './sample-columns';

/** The card's width on a 1440 px page with the side menu open (1143 beside a 17 px page scrollbar). */
const CARD_1440 = 1160;
const PAGE_SCROLLBAR = 17;

describe('样品管理 columns', () => {
  const columns = buildColumns(sampleColumns, {
    sort: null,
    pageNo: 1,
    pageSize: 10,
    rowNumber: true,
    rowActions: () => [],
    inlineActions: 2,
    actionsWidth: SAMPLE_ACTIONS_WIDTH,
    filters: {},
  });

  it('fit a 1440 px page, checkboxes and 操作 included, also beside a page scrollbar: nothing scrolls under 操作', () => {
    for (const card of [CARD_1440, CARD_1440 - PAGE_SCROLLBAR]) {
      const fit = fitColumns(columns, card, { selection: true, expand: false });
      // The table fills the card inside its left border, in whole px.
      expect(fit.x, `card ${card}`).toBe(card - 1);
    }
  });

  it('there the sample number, 接收时间 and 操作 keep the widths that show them whole', () => {
    const fit = fitColumns(columns, CARD_1440 - PAGE_SCROLLBAR, { selection: true, expand: false });
    const width = (title: string) => fit.columns.find((c) => c.title === title)?.width;
    expect(width('样品编号')).toBeGreaterThanOrEqual(150);
    expect(width('接收时间')).toBeGreaterThanOrEqual(150);
    expect(width('操作')).toBe(180);
  });
});
