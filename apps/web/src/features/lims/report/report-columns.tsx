import { Typography } from 'antd';
import { LIMS_DICT, type ReportRecord } from '@lims/contracts';
import { DictTag, type TagColor } from '../../../shared/dict/dict-tag';
import type { ListColumn } from '../../../shared/list-page/list-columns';
import { Ellipsis } from '../../../shared/ui/ellipsis/ellipsis';

/** The 检测报告 page's columns. */

/** 草稿 orange, 已审批 blue, 已发布 green, 已作废 red. */
export const REPORT_STATUS_COLORS: Record<string, TagColor> = {
  1: 'orange',
  2: 'processing',
  3: 'success',
  4: 'error',
};

export const reportColumns: ListColumn<ReportRecord>[] = [
  { title: '报告编号', dataIndex: 'reportNo', sorter: true, width: 170 },
  {
    title: '版本',
    dataIndex: 'versionNo',
    sorter: true,
    width: 76,
    // 第 12 版 and the title beside its sort arrows on one line, also where the columns shrink (a phone).
    minWidth: 76,
    align: 'center',
    render: (v: number) => `第${v}版`,
  },
  {
    title: '状态',
    dataIndex: 'status',
    sorter: true,
    width: 84,
    align: 'center',
    render: (v: string) => <DictTag dictCode={LIMS_DICT.reportStatus} value={v} colors={REPORT_STATUS_COLORS} />,
  },
  {
    title: '项目',
    dataIndex: 'projectName',
    width: 200,
    render: (v: string, r) => (
      <>
        <Ellipsis value={v} length={14} />
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          {r.projectNo}
        </Typography.Text>
      </>
    ),
  },
  {
    title: '委托单位',
    dataIndex: 'customerUnitName',
    width: 160,
    render: (v: string) => <Ellipsis value={v} length={12} />,
  },
  { title: '替代报告', dataIndex: 'previousNo', width: 160 },
  { title: '签发人', dataIndex: 'publishedByName', width: 80 },
  { title: '发布时间', dataIndex: 'publishedAt', sorter: true, width: 170, align: 'center' },
];
