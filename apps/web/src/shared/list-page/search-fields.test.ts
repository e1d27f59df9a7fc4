import { describe, expect, it } from 'vitest';
import {
  filterKeysOf,
  filtersToForm,
  filtersToSearch,
  formToFilters,
  likeTerm,
  type SearchField,
} from './search-fields';

const fields: SearchField[] = [
  { name: 'dictName', label: '字典名称' },
  { name: 'dictCode', label: '字典编号', match: 'eq' },
  { name: 'status', label: '状态', type: 'dict', dictCode: 'dict_item_status' },
  { name: 'createTime', label: '创建时间', type: 'dateRange' },
];

describe('search fields', () => {
  it('occupy their names, a date range two', () => {
    expect(filterKeysOf(fields)).toEqual(['dictName', 'dictCode', 'status', 'createTime_begin', 'createTime_end']);
  });

  it('form values become trimmed URL filters without empty ones', () => {
    const filters = formToFilters(fields, {
      dictName: '  性别 ',
      dictCode: '   ',
      status: 1,
      createTime: ['2026-01-02', '2026-01-31'],
    });
    expect(filters).toEqual({
      dictName: '性别',
      status: '1',
      createTime_begin: '2026-01-02',
      createTime_end: '2026-01-31',
    });
  });

  it('URL filters fill the form again', () => {
    const values = filtersToForm(fields, { dictName: '性别', createTime_begin: '2026-01-02' });
    expect(values.dictName).toBe('性别');
    expect(values.createTime).toEqual(['2026-01-02', null]);
    expect(filtersToForm(fields, { createTime_begin: '2026-1-2' }).createTime).toBeUndefined();
  });

  it('text fields search with * around the trimmed term; eq and selects send the value', () => {
    expect(filtersToSearch(fields, { dictName: '性别', dictCode: 'sex', status: '1' })).toEqual({
      dictName: '*性别*',
      dictCode: 'sex',
      status: '1',
    });
    expect(likeTerm('  ab ')).toBe('*ab*');
    expect(likeTerm('ab', 'right_like')).toBe('ab*');
    expect(likeTerm('a*')).toBe('a*');
  });
});
