import { describe, expect, it } from 'vitest';
import type { SearchField } from './search-fields';
import {
  conditionError,
  labelMessage,
  queryFieldsOf,
  readSaved,
  rulesFor,
  superQueryParams,
  type QueryField,
  type ServerField,
} from './super-query';

const searchFields: SearchField[] = [
  { name: 'name', label: '供应商名称' },
  { name: 'status', label: '状态', type: 'dict', dictCode: 'supplier_status' },
  { name: 'qualificationExpiry', label: '资质有效期', type: 'dateRange' },
  { name: 'departId', label: '部门', type: 'custom', render: () => null },
];
const columns = [
  { title: '供应商名称', dataIndex: 'name', sorter: true },
  { title: '联系人', dataIndex: 'contact' },
  { title: '合同金额', dataIndex: 'amount' },
  { title: '创建时间', dataIndex: 'createTime', sorter: true },
  { title: '到期提示', dataIndex: 'expiryState' },
  { title: '操作', key: 'action' },
];
const server: ServerField[] = [
  { name: 'name', type: 'string' },
  { name: 'status', type: 'string', dict: 'supplier_status' },
  { name: 'qualificationExpiry', type: 'date' },
  { name: 'contact', type: 'string' },
  { name: 'amount', type: 'number' },
  { name: 'createTime', type: 'datetime' },
  { name: 'departId', type: 'string' },
];

describe('query builder fields', () => {
  it('offers the page fields the server accepts, typed as the server checks them', () => {
    expect(queryFieldsOf(searchFields, columns, server)).toEqual([
      { name: 'name', label: '供应商名称', type: 'string' },
      { name: 'status', label: '状态', type: 'dict', dictCode: 'supplier_status' },
      { name: 'qualificationExpiry', label: '资质有效期', type: 'date' },
      { name: 'contact', label: '联系人', type: 'string' },
      { name: 'amount', label: '合同金额', type: 'number' },
      { name: 'createTime', label: '创建时间', type: 'datetime' },
    ]);
  });

  it('without the server description: search fields and sortable columns only', () => {
    expect(queryFieldsOf(searchFields, columns, undefined).map((f) => [f.name, f.type])).toEqual([
      ['name', 'string'],
      ['status', 'dict'],
      ['qualificationExpiry', 'date'],
      ['createTime', 'datetime'],
    ]);
  });

  it('offers rules by field type', () => {
    expect(rulesFor('string')).toEqual(['eq', 'like', 'right_like', 'left_like', 'ne', 'in', 'empty', 'not_empty']);
    expect(rulesFor('number')).toEqual(['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'empty', 'not_empty']);
    expect(rulesFor('date')).toEqual(rulesFor('number'));
    expect(rulesFor('datetime')).toEqual(rulesFor('number'));
    expect(rulesFor('dict')).toEqual(['eq', 'ne', 'in', 'empty', 'not_empty']);
    expect(rulesFor('boolean')).toEqual(['eq', 'ne']);
    expect(rulesFor('dict')).not.toContain('like');
    expect(rulesFor('number')).not.toContain('like');
  });
});

const fields: QueryField[] = queryFieldsOf(searchFields, columns, server);

describe('superQueryParams', () => {
  it('encodes the conditions as URI-encoded JSON with the match type', () => {
    const out = superQueryParams(
      {
        matchType: 'or',
        conditions: [
          { field: 'name', rule: 'like', val: ' 华东 ' },
          { field: 'status', rule: 'in', val: '1,3' },
          { field: 'contact', rule: 'in', val: ['张三', ' 李四 ', ''] },
          { field: 'amount', rule: 'ge', val: '100.5' },
          { field: 'createTime', rule: 'lt', val: '2026-01-01 08:00:00' },
          { field: 'contact', rule: 'empty', val: 'ignored' },
        ],
      },
      fields,
    );
    expect(out.superQueryMatchType).toBe('or');
    expect(JSON.parse(decodeURIComponent(out.superQueryParams))).toEqual([
      { field: 'name', rule: 'like', val: '华东', type: 'string' },
      { field: 'status', rule: 'in', val: ['1', '3'], type: 'dict' },
      { field: 'contact', rule: 'in', val: ['张三', '李四'], type: 'string' },
      { field: 'amount', rule: 'ge', val: '100.5', type: 'number' },
      { field: 'createTime', rule: 'lt', val: '2026-01-01 08:00:00', type: 'datetime' },
      { field: 'contact', rule: 'empty', val: '', type: 'string' },
    ]);
  });

  it('names what is missing or malformed, in Chinese', () => {
    expect(conditionError({}, 0, fields)).toBe('第 1 个条件：请选择字段');
    expect(conditionError({ field: 'amount', rule: 'like' }, 1, fields)).toBe('第 2 个条件：请选择匹配规则');
    expect(conditionError({ field: 'name', rule: 'eq', val: '  ' }, 0, fields)).toBe('第 1 个条件：请填写值');
    expect(conditionError({ field: 'amount', rule: 'gt', val: '12a' }, 0, fields)).toBe(
      '第 1 个条件：合同金额应为数字',
    );
    expect(conditionError({ field: 'qualificationExpiry', rule: 'eq', val: '2026/1/1' }, 0, fields)).toBe(
      '第 1 个条件：资质有效期应为日期（YYYY-MM-DD）',
    );
    expect(conditionError({ field: 'status', rule: 'in', val: [] }, 0, fields)).toBe('第 1 个条件：请填写值');
    expect(conditionError({ field: 'contact', rule: 'not_empty' }, 0, fields)).toBeUndefined();
    expect(conditionError({ field: 'createTime', rule: 'ge', val: '2026-01-01' }, 0, fields)).toBeUndefined();
  });

  it('shows server messages with labels, and reads only well-formed saved queries', () => {
    expect(labelMessage('查询字段 amount 的值不正确，应为数字', fields)).toBe('查询字段 合同金额 的值不正确，应为数字');
    expect(labelMessage('字段不支持查询: contact', fields)).toBe('字段不支持查询: 联系人');
    const good = { name: '华东', matchType: 'and', conditions: [] };
    expect(readSaved([good, { name: 1 }, null, { name: 'x', matchType: 'xor', conditions: [] }])).toEqual([good]);
    expect(readSaved('nope')).toEqual([]);
  });
});
