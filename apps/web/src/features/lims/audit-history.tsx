import { Button, Empty, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PERM, type AuditChange, type AuditRecord } from '@lims/contracts';
import { http } from '../../shared/http/api-client';
import { downloadFile } from '../../shared/http/download-file';
import { useCan } from '../../shared/permission/use-can';

/** Query key of a record's 历史记录 (writes of the record invalidate `['lims', 'history']`). */
export const historyKey = (base: string, id: string) => ['lims', 'history', base, id] as const;

function ChangeLines({ changes }: { changes: AuditChange[] }) {
  if (changes.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space orientation="vertical" size={2}>
      {changes.map((c) => (
        <span key={c.field}>
          <Typography.Text strong>{c.label}</Typography.Text>：
          <Typography.Text delete={c.old !== null} type="secondary">
            {c.old ?? '空'}
          </Typography.Text>
          {' → '}
          <Typography.Text>{c.new ?? '空'}</Typography.Text>
        </span>
      ))}
    </Space>
  );
}

const columns: TableColumnsType<AuditRecord> = [
  { title: '时间', dataIndex: 'at', width: 170 },
  { title: '操作', dataIndex: 'actionText', width: 100 },
  {
    title: '操作人',
    key: 'who',
    width: 120,
    render: (_, r) => (r.realname ? `${r.realname}（${r.username ?? ''}）` : (r.username ?? '')),
  },
  { title: '变更内容', key: 'changes', render: (_, r) => <ChangeLines changes={r.changes} /> },
  { title: '原因', dataIndex: 'reason', width: 180, render: (v: string | null) => v ?? '' },
];

type Props = {
  /** The record's API base, e.g. '/lims/sample' (its `history` route answers the trail). */
  base: string;
  /** AUDIT_ENTITIES value of the record (for the export). */
  entity: 'sample' | 'analysis' | 'report';
  id: string;
};

/**
 * 历史记录 of a sample, analysis or report: every change with who, when, old → new and the reason.
 * Read-only; holders of 导出历史记录 can export it as .xlsx.
 */
export function AuditHistory({ base, entity, id }: Props) {
  const canExport = useCan(PERM.limsAudit.export);
  const { data, isLoading } = useQuery({
    queryKey: historyKey(base, id),
    queryFn: ({ signal }) => http.get<AuditRecord[]>(`${base}/history`, { id }, { signal }),
    staleTime: 0,
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {canExport && (
        <Button
          size="small"
          onClick={() => void downloadFile('/lims/audit/exportXls', '历史记录.xlsx', { entity, recordId: id })}
        >
          导出历史记录
        </Button>
      )}
      <Table<AuditRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data ?? []}
        loading={isLoading}
        pagination={false}
        scroll={{ x: 700 }}
        locale={{ emptyText: <Empty description="暂无历史记录" /> }}
      />
    </Space>
  );
}
