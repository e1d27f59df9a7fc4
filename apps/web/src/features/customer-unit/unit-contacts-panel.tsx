import { Table, Tag } from 'antd';
import type { UnitContact } from '@lims/contracts';
import { useUnitContacts } from './api';

const columns = [
  { title: '姓名', dataIndex: 'name', width: 140 },
  { title: '电话', dataIndex: 'phone', width: 170 },
  { title: '邮箱', dataIndex: 'email', width: 220 },
  { title: '职务', dataIndex: 'position', width: 140 },
  {
    title: '主要联系人',
    dataIndex: 'isPrimary',
    width: 110,
    align: 'center' as const,
    render: (v: boolean) => (v ? <Tag color="blue">是</Tag> : '否'),
  },
];

/** A unit's contacts under its row in the list (GET listCustomerByMainId). */
export function UnitContactsPanel({ unitId }: { unitId: string }) {
  const contacts = useUnitContacts(unitId);
  return (
    <Table<UnitContact>
      size="small"
      rowKey="id"
      columns={columns}
      dataSource={contacts.data ?? []}
      loading={contacts.isLoading}
      pagination={false}
      locale={contacts.isError ? { emptyText: '联系人加载失败' } : { emptyText: '暂无联系人' }}
      style={{ maxWidth: 800 }}
    />
  );
}
