import { describe, expect, it } from 'vitest';
import {
  actionsWidthOf,
  buildColumns,
  columnKind,
  fitColumns,
  minWidthOf,
  MIN_FIT,
  NARROW,
  type ListColumn,
} from './list-columns';

type Row = { no: string; name: string };

const OPTS = { sort: null, pageNo: 1, pageSize: 10, rowNumber: false, filters: {} };
const FIT = { selection: false, expand: false };
const widths = (cols: { width?: unknown }[]) => cols.map((c) => c.width);

describe('column kinds and minimum widths', () => {
  it('a kind comes from the title: codes, dates, date-times, amounts and people', () => {
    expect(columnKind({ title: '项目编号' })).toBe('code');
    expect(columnKind({ title: '供应商编码' })).toBe('code');
    expect(columnKind({ title: '用户账号' })).toBe('code');
    expect(columnKind({ title: '开始日期' })).toBe('date');
    expect(columnKind({ title: '资质有效期' })).toBe('date');
    expect(columnKind({ title: '创建时间' })).toBe('datetime');
    expect(columnKind({ title: '合同金额' })).toBe('amount');
    expect(columnKind({ title: '状态' })).toBe('status');
    for (const title of ['联系人', '主要联系人', '项目负责人', '签发人']) expect(columnKind({ title })).toBe('person');
    expect(columnKind({ title: '操作人名称' })).toBeUndefined();
    expect(columnKind({ title: '统一社会信用代码' })).toBeUndefined();
    expect(columnKind({ title: '耗时(毫秒)' })).toBeUndefined();
    expect(columnKind({ title: '项目名称' })).toBeUndefined();
  });

  it('codes and amounts keep the page width; dates get room for their format; the page may say', () => {
    expect(minWidthOf({ title: '项目编号', width: 160 })).toBe(160);
    expect(minWidthOf({ title: '合同金额', width: 130 })).toBe(130);
    expect(minWidthOf({ title: '开始日期', width: 120 })).toBe(100);
    expect(minWidthOf({ title: '创建时间', width: 98 })).toBe(168);
    expect(minWidthOf({ title: '状态', width: 100 })).toBe(72);
    // A three-character name on one line (shrunk with the others it stood as 王…).
    expect(minWidthOf({ title: '联系人', width: 66 })).toBe(64);
    expect(minWidthOf({ title: '项目名称', width: 220 })).toBeUndefined();
    expect(minWidthOf({ title: '项目名称', width: 220, minWidth: 150 })).toBe(150);
  });

  it('a date-time column the page made too narrow is widened to its minimum', () => {
    const [col] = buildColumns<Row>([{ title: '创建时间', dataIndex: 'createTime', width: 98 }], OPTS);
    expect(col.width).toBe(168);
    expect(col.minWidth).toBe(168);
  });
});

describe('fitColumns', () => {
  const page: ListColumn<Row>[] = [
    { title: '项目编号', dataIndex: 'no', width: 160 },
    { title: '项目名称', dataIndex: 'name', width: 300 },
    { title: '开始日期', dataIndex: 'start', width: 120 },
    { title: '备注', dataIndex: 'remark', width: 300 },
  ];
  const built = buildColumns(page, OPTS);

  const sum = (ws: unknown[]) => (ws as number[]).reduce((s, w) => s + w, 0);

  it('columns narrower than the card grow in proportion, in whole px that fill it inside its left border', () => {
    const fit = fitColumns(built, 2000, FIT);
    const ws = widths(fit.columns) as number[];
    expect(ws.every(Number.isInteger)).toBe(true);
    expect(sum(ws)).toBe(1999);
    expect(fit.x).toBe(1999);
    const f = 1999 / (160 + 300 + 120 + 300);
    [160, 300, 120, 300].forEach((w, i) => expect(Math.abs(ws[i] - w * f)).toBeLessThan(1));
  });

  it('shrinking to fit leaves codes and dates whole; the texts share the rest in whole px that fill the card', () => {
    const fit = fitColumns(built, 800, FIT);
    const [no, name, start, remark] = widths(fit.columns) as number[];
    expect(no).toBe(160);
    // 项目编号 holds its 160 px; the others share the 639 px left (800 less the left border).
    const f = (800 - 1 - 160) / (300 + 120 + 300);
    expect([name, start, remark]).toEqual([Math.floor(300 * f), Math.ceil(120 * f), Math.floor(300 * f)]);
    expect(no + name + start + remark).toBe(799);
    expect(fit.x).toBe(799);
  });

  it('texts shrink to MIN_FIT at most, then the table scrolls', () => {
    const fit = fitColumns(built, 400, FIT);
    expect(widths(fit.columns)).toEqual([160, Math.floor(300 * MIN_FIT), 100, Math.floor(300 * MIN_FIT)]);
    expect(fit.x).toBe(160 + 100 + 2 * Math.floor(300 * MIN_FIT));
  });

  it('# and 操作, the checkboxes and the expand column keep their widths; the page columns fill the rest', () => {
    const kit = buildColumns(page, { ...OPTS, rowNumber: true, rowActions: () => [], inlineActions: 1 });
    for (const card of [1143, 1160, 1777]) {
      const fit = fitColumns(kit, card, { selection: true, expand: true });
      const ws = widths(fit.columns) as number[];
      expect([ws[0], ws.at(-1)]).toEqual([60, 120]);
      expect(fit.x, `card ${card}`).toBe(card - 1);
      expect(fit.x).toBe(sum(ws) + 48 + 48);
    }
    // Too narrow even at MIN_FIT: the page columns at their shares, the kit whole, and the table scrolls.
    const fit = fitColumns(kit, 700, { selection: true, expand: true });
    expect(widths(fit.columns)).toEqual([60, 160, 180, 100, 180, 120]);
    expect(fit.x).toBe(60 + 160 + 180 + 100 + 180 + 120 + 48 + 48);
  });

  it('any widths a user can set (60–1000 px) on any card: whole px, filling the table or scrolling, never NaN', () => {
    const extremes = [60, 1000, 61, 999, 60, 60, 1000, 137];
    const cols = buildColumns<Row>(
      extremes.map((width, i) => ({ title: `备注${i}`, dataIndex: `c${i}`, width })),
      { ...OPTS, rowNumber: true, rowActions: () => [] },
    );
    for (let card = 300; card <= 4000; card += 37) {
      const fit = fitColumns(cols, card, { selection: true, expand: false });
      const ws = widths(fit.columns) as number[];
      expect(
        ws.every((w) => Number.isInteger(w) && w > 0),
        `card ${card}`,
      ).toBe(true);
      expect(fit.x).toBe(sum(ws) + 48);
      // It fills the table inside the left border exactly (the browser stretches nothing), or it is wider and scrolls.
      expect(fit.x, `card ${card}`).toBeGreaterThanOrEqual(card - 1);
      if (fit.x > card - 1) expect(ws.slice(1, -1)).toEqual(extremes.map((w) => Math.max(48, Math.floor(w * MIN_FIT))));
    }
  });

  it('before the card is measured the columns keep the page widths', () => {
    expect(widths(fitColumns(built, 0, FIT).columns)).toEqual([160, 300, 120, 300]);
    // Columns of no width have nothing to grow in proportion: they stay as they are (no NaN).
    const none = page.map((c) => ({ ...c, width: 0 }));
    expect(widths(fitColumns(none, 1000, FIT).columns)).toEqual([0, 0, 0, 0]);
  });

  it('on a phone no column is fixed to a side', () => {
    const withActions = buildColumns(page, { ...OPTS, rowActions: () => [] });
    expect(withActions.at(-1)?.fixed).toBe('right');
    expect(fitColumns(withActions, 1000, FIT).columns.at(-1)?.fixed).toBe('right');
    expect(fitColumns(withActions, NARROW - 1, FIT).columns.every((c) => !c.fixed)).toBe(true);
  });

  it('操作 is wide enough for the actions standing in it: one and 更多, two or three, three and 更多', () => {
    expect(actionsWidthOf(1)).toBe(120);
    expect(actionsWidthOf()).toBe(170);
    expect(actionsWidthOf(2)).toBe(170);
    expect(actionsWidthOf(3)).toBe(230);
    const [actions] = buildColumns<Row>([], { ...OPTS, rowActions: () => [], inlineActions: 3 }).slice(-1);
    expect(actions.width).toBe(230);
    expect(buildColumns<Row>([], { ...OPTS, rowActions: () => [], actionsWidth: 200 }).at(-1)?.width).toBe(200);
  });
});
