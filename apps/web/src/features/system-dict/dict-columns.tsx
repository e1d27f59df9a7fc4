import type { Dict } from '@lims/contracts';
import { DictTag } from '../../shared/dict/dict-tag';
import type { ListColumn } from '../../shared/list-page/list-columns';
import type { SearchField } from '../../shared/list-page/search-fields';
import type { TagColor } from '../../shared/dict/dict-tag';
import type { DictItemRecord } from './api';

/** The dictionary page's search fields and columns (pure data). */

export const dictColumns: ListColumn<Dict>[] = [
  { title: '字典名称', dataIndex: 'dictName', sorter: true, width: 220 },
  { title: '字典编号', dataIndex: 'dictCode', sorter: true, width: 220 },
  { title: '描述', dataIndex: 'description', ellipsis: { showTitle: true } },
  { title: '创建时间', dataIndex: 'createTime', sorter: true, width: 180, align: 'center' },
];

/** Item status: the seeded dictionary dict_item_status (1 启用, 0 不启用). */
export const ITEM_STATUS_DICT = 'dict_item_status';
const STATUS_COLORS: Record<string, TagColor> = { 1: 'green', 0: 'default' };

export const dictItemSearchFields: SearchField[] = [
  { name: 'itemText', label: '名称' },
  { name: 'status', label: '状态', type: 'dict', dictCode: ITEM_STATUS_DICT },
];

export const dictItemColumns: ListColumn<DictItemRecord>[] = [
  { title: '名称', dataIndex: 'itemText', width: 180 },
  { title: '数据值', dataIndex: 'itemValue', width: 160 },
  { title: '排序', dataIndex: 'sortOrder', sorter: true, width: 90, align: 'center' },
  {
    title: '状态',
    dataIndex: 'status',
    width: 90,
    align: 'center',
    render: (v: number) => <DictTag dictCode={ITEM_STATUS_DICT} value={v} colors={STATUS_COLORS} />,
  },
];
