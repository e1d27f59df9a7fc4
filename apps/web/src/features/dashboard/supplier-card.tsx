import { Link } from 'react-router';
import { Card, Empty, Typography, Tag } from 'antd';
import { DASHBOARD_EXPIRY_DAYS, type ExpiringSupplier } from '@lims/contracts';
import { BriefList } from './brief-list';

/** The supplier list filtered by one supplier code. */
export const supplierLink = (code: string) => `/gysgl/supplier?code=${encodeURIComponent(code)}`;

function expiryTag(daysLeft: number) {
  if (daysLeft < 0) return <Tag color="red">已过期 {-daysLeft} 天</Tag>;
  if (daysLeft === 0) return <Tag color="red">今天到期</Tag>;
  return <Tag color="orange">{daysLeft} 天后到期</Tag>;
}

/** 资质即将到期的供应商: expired or expiring within 30 days, soonest first. */
export function ExpiringSuppliersCard({ suppliers, total }: { suppliers: ExpiringSupplier[]; total: number }) {
  return (
    <Card title="资质即将到期的供应商" extra={<span>共 {total} 家</span>} style={{ height: '100%' }}>
      {suppliers.length === 0 ? (
        <Empty description={`没有 ${DASHBOARD_EXPIRY_DAYS} 天内资质到期的供应商`} />
      ) : (
        <BriefList
          items={suppliers.map((s) => ({
            key: s.id,
            title: (
              <Link to={supplierLink(s.code)}>
                {s.code} {s.name}
              </Link>
            ),
            description: `资质有效期至 ${s.qualificationExpiry}`,
            extra: expiryTag(s.daysLeft),
          }))}
          footer={
            total > suppliers.length ? (
              <Typography.Text type="secondary">仅列出最早到期的 {suppliers.length} 家</Typography.Text>
            ) : undefined
          }
        />
      )}
    </Card>
  );
}
