import { useMemo } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Empty, Skeleton, Typography } from 'antd';
import type { VisitInfo } from '@lims/contracts';
import { noVisits, visitChartOption } from './chart-options';
import { LazyChart } from './lazy-chart';
import { loadFailed } from './load-state';

/** 最近一周访问量统计 (/sys/visitInfo): visits and IPs of the last 7 days. */
export function VisitChartCard({ visits }: { visits: UseQueryResult<VisitInfo> }) {
  const option = useMemo(() => (visits.data ? visitChartOption(visits.data) : null), [visits.data]);
  return (
    <Card title="最近一周访问量统计" style={{ height: '100%' }}>
      {visits.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : visits.isError ? (
        <Typography.Text type="danger">{loadFailed(visits.error)}</Typography.Text>
      ) : noVisits(visits.data) || !option ? (
        <Empty description="最近一周暂无访问" />
      ) : (
        <LazyChart option={option} label="最近一周访问量统计图" />
      )}
    </Card>
  );
}
