import { Tag } from 'antd';
import type { CustomerUnitRecord } from '@lims/contracts';
import type { ListColumn } from '../../shared/list-page/list-columns';
import { Ellipsis } from '../../shared/ui/ellipsis/ellipsis';
import type { TagColor } from '../../shared/dict/dict-tag';

/**
 * The unit page's dictionaries, search fields and columns (pure data). Narrow widths so that the
 * columns fit a 1440 px screen: names and addresses wrap, the creation time wraps after the day.
 */
/** unit_status: 1 合作中, 2 停用. */
const STATUS_COLORS: Record<string, TagColor> = { 1: 'green', 2: 'default' };

export const unitColumns: ListColumn<CustomerUnitRecord>[] = [
  { title: '单位编码', dataIndex: 'code', sorter: true, width: 96 },
  {
    title: '单位名称',
    dataIndex: 'name',
    sorter: true,
    width: 124,
    render: (v: string) => <Ellipsis value={v} length={20} />,
  },
  { title: '统一社会信用代码', dataIndex: 'creditCode', width: 163 },
  {
    title: '单位类型',
    dataIndex: 'unitType',
    width: 76,
    align: 'center',
    render: (_v, r) => r.unitType_dictText ?? r.unitType,
  },
  { title: '主要联系人', dataIndex: 'primaryContactName', width: 96 },
  { title: '联系电话', dataIndex: 'phone', width: 116 },
  { title: '地址', dataIndex: 'address', width: 116, render: (v: string | null) => <Ellipsis value={v} length={14} /> },
  {
    title: '状态',
    dataIndex: 'status',
    width: 72,
    align: 'center',
    render: (_v, r) => (r.status ? <Tag color={STATUS_COLORS[r.status]}>{r.status_dictText ?? r.status}</Tag> : null),
  },
  { title: '创建时间', dataIndex: 'createTime', sorter: true, width: 96, align: 'center' },
];
