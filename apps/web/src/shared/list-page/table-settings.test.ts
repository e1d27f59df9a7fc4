import { describe, expect, it } from 'vitest';
import { buildColumns, fitColumns, type ListColumn } from './list-columns';
import {
  applySettings,
  moveColumn,
  orderedNames,
  parseWidth,
  readSettings,
  setFixed,
  setHidden,
  setWidth,
  settingsKey,
  tableSize,
  type NamedColumn,
} from './table-settings';

type Row = { code: string; name: string; status: string; createTime: string };

const named = (...names: string[]): NamedColumn<Row>[] =>
  names.map((name) => ({ name, label: name, column: { title: name, dataIndex: name, width: 100 } }));
const titles = (cols: ListColumn<Row>[]) => cols.map((c) => c.title);

const page: ListColumn<Row>[] = [
  { title: '编码', dataIndex: 'code' },
  { title: '名称', dataIndex: 'name', width: 150, render: (v: string) => `<${v}>` },
  { title: '状态', dataIndex: 'status', width: 80 },
];
const build = (settings = {}) =>
  buildColumns(page, {
    sort: null,
    pageNo: 1,
    pageSize: 10,
    rowNumber: true,
    rowActions: () => [],
    filters: {},
    settings,
  });

describe('column settings', () => {
  it('without settings: the page order, every column shown with its width', () => {
    const cols = applySettings(named('code', 'name', 'status'), {});
    expect(titles(cols)).toEqual(['code', 'name', 'status']);
    expect(cols.map((c) => c.width)).toEqual([100, 100, 100]);
  });

  it('applies order, hidden columns, widths and fixed sides (left first, right last)', () => {
    const cols = applySettings(named('code', 'name', 'status', 'createTime'), {
      order: ['status', 'code', 'createTime', 'name'],
      hidden: ['createTime'],
      widths: { name: 240, code: 5 },
      fixed: { name: 'left', status: 'right' },
    });
    expect(titles(cols)).toEqual(['name', 'code', 'status']);
    expect(cols.map((c) => c.fixed)).toEqual(['left', undefined, 'right']);
    // A width is kept within 60–1000 px.
    expect(cols.map((c) => c.width)).toEqual([240, 60, 100]);
  });

  it('ignores columns the list no longer has and places new columns next to their default neighbour', () => {
    const settings = {
      order: ['status', 'gone', 'code'],
      hidden: ['gone', 'alsoGone'],
      widths: { gone: 300 },
      fixed: { gone: 'left' as const },
    };
    expect(titles(applySettings(named('code', 'name', 'status'), settings))).toEqual(['status', 'code', 'name']);
    expect(orderedNames(['a', 'b', 'c'], ['c', 'a'])).toEqual(['c', 'a', 'b']);
    expect(orderedNames(['new', 'a', 'b'], ['b', 'a'])).toEqual(['new', 'b', 'a']);
  });

  it('reads a saved value defensively: a malformed value or field is dropped', () => {
    expect(readSettings(null)).toEqual({});
    expect(readSettings('x')).toEqual({});
    expect(readSettings([1])).toEqual({});
    expect(
      readSettings({
        order: ['a', 3],
        hidden: 'a',
        widths: { a: 120, b: 'wide' },
        fixed: { a: 'left', b: 'top' },
        density: 'huge',
      }),
    ).toEqual({ order: ['a'], widths: { a: 120 }, fixed: { a: 'left' } });
    expect(readSettings({ density: 'small' })).toEqual({ density: 'small' });
  });

  it('edits: hide/show, move up/down (not past the ends), width (blank = default), fixed (off again)', () => {
    const names = ['code', 'name', 'status'];
    let s = setHidden({}, 'name', true);
    expect(s.hidden).toEqual(['name']);
    s = setHidden(s, 'name', false);
    expect(s.hidden).toEqual([]);
    s = moveColumn(names, s, 'status', -1);
    expect(s.order).toEqual(['code', 'status', 'name']);
    expect(moveColumn(names, s, 'code', -1)).toBe(s);
    s = setWidth(s, 'code', 180);
    expect(s.widths).toEqual({ code: 180 });
    s = setWidth(s, 'code', null);
    expect(s.widths).toEqual({});
    s = setFixed(s, 'code', 'left');
    expect(s.fixed).toEqual({ code: 'left' });
    expect(setFixed(s, 'code', null).fixed).toEqual({});
  });

  it('reads a typed width as typed: blank is the default, a whole number in 60–1000 is kept, the rest refused', () => {
    expect(parseWidth('')).toBeNull();
    expect(parseWidth('  ')).toBeNull();
    expect(parseWidth('60')).toBe(60);
    expect(parseWidth(' 1000 ')).toBe(1000);
    expect(parseWidth('１２０')).toBe(120);
    for (const text of ['5', '59', '1001', '12.5', '-80', '1e2', '宽', '0x64', '120px']) {
      expect(parseWidth(text), text).toBeUndefined();
    }
  });

  it('refuses a pasted megabyte of digits or control characters at once, without a number that overflows', () => {
    const started = performance.now();
    expect(parseWidth('9'.repeat(1_000_000))).toBeUndefined();
    expect(parseWidth(`1${'0'.repeat(400)}`)).toBeUndefined();
    expect(parseWidth('120\u0000')).toBeUndefined();
    expect(parseWidth('\u202e120')).toBeUndefined();
    expect(parseWidth('\u3000１２０\u3000')).toBe(120);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('reset (no saved value) gives the defaults back: 中等 density, page columns', () => {
    expect(tableSize(readSettings(null))).toBe('medium');
    expect(tableSize({ density: 'small' })).toBe('small');
    expect(titles(build(readSettings(null)))).toEqual(['#', '编码', '名称', '状态', '操作']);
  });

  it('keys: table:<route path>, only allowed characters, at most 100', () => {
    expect(settingsKey('/gysgl/supplier')).toBe('table:/gysgl/supplier');
    expect(settingsKey('/isystem/role', 'sys-role.users')).toBe('table:/isystem/role:sys-role.users');
    expect(settingsKey('/a b/ü')).toBe('table:/a_b/_');
    expect(settingsKey(`/${'x'.repeat(200)}`)).toHaveLength(100);
  });
});

describe('buildColumns with settings', () => {
  it('gives every column a width, a text column an ellipsis, and keeps # first and 操作 fixed right', () => {
    const cols = build({ hidden: ['status'], fixed: { name: 'left' } });
    expect(titles(cols)).toEqual(['#', '名称', '编码', '操作']);
    expect(cols[0].fixed).toBe('left');
    expect(cols.at(-1)).toMatchObject({ key: 'action', fixed: 'right' });
    const code = cols.find((c) => c.title === '编码')!;
    expect(code.width).toBeGreaterThan(0);
    expect(code.ellipsis).toEqual({ showTitle: false });
    // A column with its own render keeps it and gets no ellipsis.
    const name = cols.find((c) => c.title === '名称')!;
    expect(name.ellipsis).toBeUndefined();
    expect(name.width).toBe(150);
  });

  it("a user's own width below a kind's minimum (联系人 60 px, names keep 64) stays the user's where the columns shrink", () => {
    const people: ListColumn<Row>[] = [
      { title: '名称', dataIndex: 'name', width: 300 },
      { title: '联系人', dataIndex: 'status', width: 80 },
    ];
    const withSettings = (settings: object) =>
      buildColumns(people, { sort: null, pageNo: 1, pageSize: 10, rowNumber: false, filters: {}, settings });
    const contact = (card: number, settings: object) =>
      fitColumns(withSettings(settings), card, { selection: false, expand: false }).columns.find(
        (c) => c.title === '联系人',
      )?.width;
    // Without a setting the name column shrinks no further than 64 px.
    expect(contact(200, {})).toBe(64);
    // The user's 60 px is kept where the columns shrink (the card is narrower than their widths).
    expect(contact(200, { widths: { status: 60 } })).toBe(60);
    expect(contact(330, { widths: { status: 60 } })).toBe(60);
  });
});
