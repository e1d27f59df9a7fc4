import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SORT,
  cleanParams,
  listQuery,
  readListState,
  sortFromSorter,
  sortOrderOf,
  tableChange,
  totalText,
  writeListState,
  type ListStateOptions,
} from './list-params';

const opts: ListStateOptions = {
  defaultSort: DEFAULT_SORT,
  defaultPageSize: 10,
  pageSizeOptions: [10, 20, 30],
  filterKeys: ['dictName', 'dictCode'],
};

describe('cleanParams', () => {
  it('trims strings and drops empty, null and undefined values', () => {
    expect(
      cleanParams({ a: '  性别 ', b: '', c: '   ', d: null, e: undefined, f: 0, g: false, h: ['x', ' ', 'y'], i: [] }),
    ).toEqual({ a: '性别', f: 0, g: 'false', h: 'x,y' });
  });

  it('drops numbers that are not finite', () => {
    expect(cleanParams({ n: Number.NaN, m: 3 })).toEqual({ m: 3 });
  });
});

describe('sorting', () => {
  it('maps antd ascend/descend to asc/desc on the field', () => {
    expect(sortFromSorter({ field: 'dictName', order: 'ascend' }, DEFAULT_SORT)).toEqual({
      column: 'dictName',
      order: 'asc',
    });
    expect(sortFromSorter({ field: 'createTime', order: 'descend' }, DEFAULT_SORT)).toEqual({
      column: 'createTime',
      order: 'desc',
    });
    expect(sortFromSorter([{ field: ['a', 'b'], order: 'ascend' }], null)).toEqual({ column: 'a.b', order: 'asc' });
  });

  it('a cleared sort goes back to the default (createTime desc)', () => {
    expect(sortFromSorter({ field: 'dictName', order: null }, DEFAULT_SORT)).toEqual({
      column: 'createTime',
      order: 'desc',
    });
    expect(sortFromSorter(undefined, null)).toBeNull();
  });

  it('shows the current sort on its column only', () => {
    expect(sortOrderOf('createTime', DEFAULT_SORT)).toBe('descend');
    expect(sortOrderOf('dictName', { column: 'dictName', order: 'asc' })).toBe('ascend');
    expect(sortOrderOf('dictName', DEFAULT_SORT)).toBeNull();
  });
});

describe('totalText', () => {
  it('shows the range and 共N条', () => {
    expect(totalText(25, [11, 20])).toBe('第 11-20 条 / 共 25 条');
    expect(totalText(0, [1, 0])).toBe('第 0-0 条 / 共 0 条');
  });
});

describe('list state in the URL', () => {
  it('reads defaults from an empty URL', () => {
    expect(readListState(new URLSearchParams(''), opts)).toEqual({
      pageNo: 1,
      pageSize: 10,
      sort: DEFAULT_SORT,
      filters: {},
    });
  });

  it('reads page, size, sort and filters', () => {
    const s = readListState(
      new URLSearchParams('pageNo=3&pageSize=20&column=dictName&order=asc&dictName=性别&other=x'),
      opts,
    );
    expect(s).toEqual({
      pageNo: 3,
      pageSize: 20,
      sort: { column: 'dictName', order: 'asc' },
      filters: { dictName: '性别' },
    });
  });

  it('falls back on malformed values', () => {
    const s = readListState(new URLSearchParams('pageNo=-2&pageSize=999&column=a;drop&order=x'), opts);
    expect(s).toEqual({ pageNo: 1, pageSize: 10, sort: DEFAULT_SORT, filters: {} });
  });

  it('writes only what differs from the defaults and keeps unrelated params', () => {
    const base = new URLSearchParams('tab=2&dictCode=old');
    const url = writeListState(
      { pageNo: 2, pageSize: 10, sort: DEFAULT_SORT, filters: { dictName: '性别' } },
      base,
      opts,
    );
    expect(url.toString()).toBe(`tab=2&dictName=${encodeURIComponent('性别')}&pageNo=2`);
    const back = readListState(url, opts);
    expect(back.pageNo).toBe(2);
    expect(back.filters).toEqual({ dictName: '性别' });
  });

  it('round-trips a non-default sort and size', () => {
    const state = { pageNo: 1, pageSize: 30, sort: { column: 'dictCode', order: 'asc' as const }, filters: {} };
    expect(readListState(writeListState(state, new URLSearchParams(), opts), opts)).toEqual(state);
  });
});

describe('listQuery', () => {
  it('combines fixed params, search, sort and paging, cleaned', () => {
    const q = listQuery(
      { pageNo: 2, pageSize: 20, sort: DEFAULT_SORT, filters: {} },
      { dictName: ' *性* ', empty: '' },
      { dictId: 'd1' },
    );
    expect(q).toEqual({ dictId: 'd1', dictName: '*性*', column: 'createTime', order: 'desc', pageNo: 2, pageSize: 20 });
  });

  it('sends no sort when the list has none', () => {
    expect(listQuery({ pageNo: 1, pageSize: 10, sort: null, filters: {} }, {})).toEqual({ pageNo: 1, pageSize: 10 });
  });
});

describe('tableChange', () => {
  const state = { pageNo: 3, pageSize: 10, sort: DEFAULT_SORT, filters: { name: 'x' } };
  const base = { pagination: {}, filters: {}, sorter: {} };

  it('paging keeps sort and filters', () => {
    expect(
      tableChange(state, { ...base, action: 'paginate', pagination: { current: 2, pageSize: 20 } }, DEFAULT_SORT),
    ).toEqual({ pageNo: 2, pageSize: 20 });
  });

  it('sorting and column filters start again at page 1', () => {
    expect(
      tableChange(state, { ...base, action: 'sort', sorter: { field: 'name', order: 'ascend' } }, DEFAULT_SORT),
    ).toEqual({ sort: { column: 'name', order: 'asc' }, pageNo: 1 });
    expect(
      tableChange(state, { ...base, action: 'filter', filters: { status: ['1', '2'], name: null } }, DEFAULT_SORT),
    ).toEqual({ filters: { status: '1,2' }, pageNo: 1 });
  });
});
