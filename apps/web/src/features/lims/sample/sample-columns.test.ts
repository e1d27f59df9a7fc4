import { describe, expect, it } from 'vitest';
import { CARD_WIDTH, fitPageColumns, PAGE_SCROLLBAR } from '../../../shared/list-page/test-utils';
import { SAMPLE_ACTIONS_WIDTH, sampleColumns } from './sample-columns';

describe('样品管理 columns', () => {
  const fit = (card: number) =>
    fitPageColumns(sampleColumns, card, { inlineActions: 2, actionsWidth: SAMPLE_ACTIONS_WIDTH, selection: true });

  it('fit a 1440 px page, checkboxes and 操作 included, also beside a page scrollbar: nothing scrolls under 操作', () => {
    for (const card of [CARD_WIDTH[1440], CARD_WIDTH[1440] - PAGE_SCROLLBAR]) {
      // The table fills the card inside its left border, in whole px.
      expect(fit(card).x, `card ${card}`).toBe(card - 1);
    }
  });

  it('there the sample number, 接收时间 and 操作 keep the widths that show them whole', () => {
    const page = fit(CARD_WIDTH[1440] - PAGE_SCROLLBAR);
    expect(page.widthOf('样品编号')).toBeGreaterThanOrEqual(150);
    expect(page.widthOf('接收时间')).toBeGreaterThanOrEqual(150);
    expect(page.widthOf('操作')).toBe(180);
  });
});
