import { useSearchParams } from 'react-router';
import { Card, Descriptions, Empty } from 'antd';
import { PageHeader } from '../../shared/ui/page-header';

/** /flowDetail: a public, read-only view of the process record named in the query. */
export default function FlowDetailPage() {
  const [params] = useSearchParams();
  const entries = [...params.entries()].filter(([k]) => k !== '_t');
  return (
    <div style={{ maxWidth: 960, margin: '24px auto', padding: '0 16px' }}>
      <PageHeader title="流程详情" logo="/logo.svg" description="只读查看，无需登录" />
      <Card>
        {entries.length === 0 ? (
          <Empty description="未指定流程信息" />
        ) : (
          <Descriptions bordered column={1} items={entries.map(([k, v]) => ({ key: k, label: k, children: v }))} />
        )}
      </Card>
    </div>
  );
}
