import { LIMS_DICT, type SampleRecord } from '@lims/contracts';
import { DictTag, type TagColor } from '../../../shared/dict/dict-tag';
import type { ListColumn } from '../../../shared/list-page/list-columns';
import { Ellipsis } from '../../../shared/ui/ellipsis/ellipsis';

/** 样品状态 tags: 待接收 orange, 已接收 blue, 检测中 cyan, 已完成 green, 已退回 red. */
export const SAMPLE_STATUS_COLORS: Record<string, TagColor> = {
  1: 'orange',
  2: 'processing',
  3: 'cyan',
  4: 'success',
  5: 'error',
};

/** The 操作 column: `详情 | 打印标签 | 更多 ▾` (a four-character label) needs 180 px at 中等 density. */
export const SAMPLE_ACTIONS_WIDTH = 180;

/** The first search field takes a scanned label: the scanner types the number and Enter. */

export const sampleColumns: ListColumn<SampleRecord>[] = [
  // YP + 12 digits: 145 px with the widest (默认) padding; a code's width is its minimum (list-columns).
  { title: '样品编号', dataIndex: 'sampleNo', sorter: true, width: 150 },
  {
    title: '样品名称',
    dataIndex: 'name',
    sorter: true,
    width: 140,
    render: (v: string) => <Ellipsis value={v} length={10} />,
  },
  {
    title: '检测项目',
    dataIndex: 'projectName',
    width: 180,
    render: (v: string) => <Ellipsis value={v} length={12} />,
  },
  {
    title: '样品类型',
    dataIndex: 'sampleType',
    sorter: true,
    width: 110,
    // Room for the title beside its sort arrows at 中等 density (it stood in four lines at 1440 px).
    minWidth: 92,
    align: 'center',
    render: (v: string, r) => r.sampleType_dictText ?? <DictTag dictCode={LIMS_DICT.sampleType} value={v} />,
  },
  {
    title: '数量',
    dataIndex: 'quantity',
    width: 100,
    align: 'right',
    render: (v: number | null, r) => (v === null || v === undefined ? '' : `${v} ${r.unit ?? ''}`.trim()),
  },
  {
    title: '状态',
    dataIndex: 'status',
    sorter: true,
    width: 100,
    align: 'center',
    render: (v: string) => <DictTag dictCode={LIMS_DICT.sampleStatus} value={v} colors={SAMPLE_STATUS_COLORS} />,
  },
  { title: '存放位置', dataIndex: 'storageLocation', width: 120 },
  // 接收人 on one line and 2026-11-26 09:00:00 whole (146 px) at 中等 density: below the kit's 168 px for a
  // date-time, so all the columns fit a 1440 px page, also beside a 17 px page scrollbar (nothing under 操作).
  { title: '接收人', dataIndex: 'receivedByName', width: 80 },
  { title: '接收时间', dataIndex: 'receivedAt', sorter: true, width: 160, minWidth: 150, align: 'center' },
];
