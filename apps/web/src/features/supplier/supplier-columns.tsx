import { Tag } from 'antd';
import type { ExpiryState, SupplierRecord } from '@lims/contracts';
import type { ListColumn } from '../../shared/list-page/list-columns';
import { Ellipsis } from '../../shared/ui/ellipsis/ellipsis';
import type { TagColor } from '../../shared/dict/dict-tag';

/**
 * The supplier page's columns (pure data; its dictionaries and search fields: supplier-list-source).
 * Widths keep every column on a 1440 px screen: long names wrap, the expiry flag stands under its
 * date, the creation time wraps after the day.
 */

/** supplier_status: 1 合格, 2 待评估, 3 停用. */
const STATUS_COLORS: Record<string, TagColor> = { 1: 'green', 2: 'gold', 3: 'default' };

/** The flag beside a qualification date (the server computes it in its time zone). */
export const EXPIRY_TAGS: Record<NonNullable<ExpiryState>, { text: string; color: TagColor }> = {
  soon: { text: '即将到期', color: 'warning' },
  expired: { text: '已过期', color: 'error' },
};

/** The date, with 即将到期 / 已过期 under it. */
export function ExpiryCell({ date, state }: { date?: string | null; state?: ExpiryState }) {
  if (!date) return null;
  const tag = state ? EXPIRY_TAGS[state] : undefined;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 2 }}>
      <span>{date}</span>
      {tag && <Tag color={tag.color}>{tag.text}</Tag>}
    </div>
  );
}

export const supplierColumns: ListColumn<SupplierRecord>[] = [
  { title: '供应商编码', dataIndex: 'code', sorter: true, width: 112 },
  {
    title: '供应商名称',
    dataIndex: 'name',
    sorter: true,
    width: 150,
    render: (v: string) => <Ellipsis value={v} length={24} />,
  },
  { title: '统一社会信用代码', dataIndex: 'creditCode', width: 175 },
  {
    title: '供应商类型',
    dataIndex: 'supplierType',
    width: 88,
    align: 'center',
    render: (_v, r) => r.supplierType_dictText ?? r.supplierType,
  },
  { title: '联系人', dataIndex: 'contact', width: 66 },
  { title: '联系电话', dataIndex: 'phone', width: 118 },
  {
    title: '资质有效期',
    dataIndex: 'qualificationExpiry',
    sorter: true,
    width: 106,
    render: (_v, r) => <ExpiryCell date={r.qualificationExpiry} state={r.expiryState} />,
  },
  {
    title: '状态',
    dataIndex: 'status',
    width: 74,
    align: 'center',
    render: (_v, r) => (r.status ? <Tag color={STATUS_COLORS[r.status]}>{r.status_dictText ?? r.status}</Tag> : null),
  },
  { title: '创建时间', dataIndex: 'createTime', sorter: true, width: 98, align: 'center' },
];
