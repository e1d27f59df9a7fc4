import type { ProjectStatusCount, VisitInfo } from '@lims/contracts';
import type { ChartOption } from './echart';

/** Chart colours of the project statuses (待受理, 进行中, 已完成, 已归档, 已取消), as the list's tags. */
const STATUS_COLORS: Record<string, string> = {
  1: '#fa8c16',
  2: '#1677ff',
  3: '#52c41a',
  4: '#8c8c8c',
  5: '#ff4d4f',
};

/** True when the week had no visit at all (the chart then gives way to an empty state). */
export function noVisits(days: VisitInfo): boolean {
  return days.every((d) => d.visit === 0 && d.ip === 0);
}

/** 最近一周访问量统计: visits and distinct IPs per day (x axis MM-dd). */
export function visitChartOption(days: VisitInfo): ChartOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: ['访问量', 'IP'], top: 0 },
    grid: { left: 40, right: 24, top: 40, bottom: 30 },
    xAxis: { type: 'category', boundaryGap: false, data: days.map((d) => d.type) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      { name: '访问量', type: 'line', smooth: true, areaStyle: { opacity: 0.15 }, data: days.map((d) => d.visit) },
      { name: 'IP', type: 'line', smooth: true, data: days.map((d) => d.ip) },
    ],
  };
}

/** 项目状态分布: a ring of the project counts per status; the legend names each status with its count. */
export function statusChartOption(counts: readonly ProjectStatusCount[]): ChartOption {
  const countOf = new Map(counts.map((c) => [c.statusText, c.count]));
  return {
    tooltip: { trigger: 'item', formatter: '{b}：{c} 项（{d}%）' },
    legend: {
      orient: 'vertical',
      right: 16,
      top: 'middle',
      itemGap: 14,
      data: counts.map((c) => c.statusText),
      formatter: (name: string) => `${name}  ${countOf.get(name) ?? 0} 项`,
    },
    series: [
      {
        name: '项目状态',
        type: 'pie',
        radius: ['48%', '72%'],
        center: ['36%', '50%'],
        avoidLabelOverlap: true,
        label: { show: false, position: 'center' },
        emphasis: { label: { show: true, fontSize: 16, fontWeight: 'bold', formatter: '{b}\n{c} 项' } },
        data: counts.map((c) => ({
          name: c.statusText,
          value: c.count,
          itemStyle: STATUS_COLORS[c.status] ? { color: STATUS_COLORS[c.status] } : undefined,
        })),
      },
    ],
  };
}
