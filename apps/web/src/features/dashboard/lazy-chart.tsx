import { lazy, Suspense } from 'react';
import { Skeleton } from 'antd';
import type { ChartOption } from './echart';

/** ECharts loads with the first chart of this page only, after the figures are shown. */
const EChart = lazy(() => import('./echart'));

type Props = { option: ChartOption; height?: number; label: string };

export function LazyChart({ option, height = 300, label }: Props) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height }} />}>
      <EChart option={option} height={height} label={label} />
    </Suspense>
  );
}
