import { Space, Tag, Tooltip } from 'antd';
import { LIMS_DICT, limitsText, type AnalysisRecord } from '@lims/contracts';
import { DictTag, type TagColor } from '../../../shared/dict/dict-tag';
import type { ListColumn } from '../../../shared/list-page/list-columns';

/** 待录入 orange, 待复核 blue, 已复核 green. */
export const ANALYSIS_STATUS_COLORS: Record<string, TagColor> = { 1: 'orange', 2: 'processing', 3: 'success' };

/** The analysis state as a tag; a rejected one shows its reason on hover. */
export function AnalysisStatus({ record }: { record: AnalysisRecord }) {
  const tag = <DictTag dictCode={LIMS_DICT.analysisStatus} value={record.status} colors={ANALYSIS_STATUS_COLORS} />;
  if (!record.rejectReason) return tag;
  return (
    <Tooltip title={`退回原因：${record.rejectReason}`}>
      <Space size={4} wrap>
        {tag}
        <Tag color="error">已退回</Tag>
      </Space>
    </Tooltip>
  );
}

/** 超标 (red) / 合格 (green) / nothing when it cannot be judged. */
export function SpecFlag({ outOfSpec }: { outOfSpec: boolean | null | undefined }) {
  if (outOfSpec === true) return <Tag color="error">超标</Tag>;
  if (outOfSpec === false) return <Tag color="success">合格</Tag>;
  return null;
}

export const limitsOf = (r: AnalysisRecord) => limitsText(r);

export const analysisColumns: ListColumn<AnalysisRecord>[] = [
  { title: '样品编号', dataIndex: 'sampleNo', width: 160 },
  { title: '样品名称', dataIndex: 'sampleName', width: 140 },
  { title: '项目名称', dataIndex: 'projectName', width: 180 },
  { title: '检测项目', dataIndex: 'itemName', sorter: true, width: 140 },
  { title: '检测标准/方法', dataIndex: 'standard', width: 160 },
  { title: '单位', dataIndex: 'unit', width: 80, minWidth: 72 },
  { title: '限值/技术要求', dataIndex: 'specMin', width: 130, render: (_: unknown, r) => limitsOf(r) },
  { title: '结果', dataIndex: 'result', sorter: true, width: 100 },
  {
    title: '判定',
    dataIndex: 'outOfSpec',
    width: 80,
    align: 'center',
    render: (v: boolean | null) => <SpecFlag outOfSpec={v} />,
  },
  { title: '检测员', dataIndex: 'analystName', width: 100 },
  { title: '计划完成日期', dataIndex: 'dueDate', sorter: true, width: 130, align: 'center' },
  {
    title: '状态',
    dataIndex: 'status',
    sorter: true,
    width: 150,
    align: 'center',
    render: (_: unknown, r) => <AnalysisStatus record={r} />,
  },
  { title: '录入人', dataIndex: 'enteredByName', width: 100 },
  { title: '录入时间', dataIndex: 'enteredAt', sorter: true, width: 170, align: 'center' },
  {
    title: '复核人',
    dataIndex: 'verifierNames',
    width: 140,
    render: (v: string[] | undefined) => (v ?? []).join('、'),
  },
];

/** 结果复核: what the verifier needs to judge a result, narrower than the full list. */
const VERIFY_FIELDS = new Set([
  'sampleNo',
  'sampleName',
  'itemName',
  'unit',
  'specMin',
  'result',
  'outOfSpec',
  'enteredByName',
  'enteredAt',
  'status',
  'verifierNames',
]);
export const verifyColumns: ListColumn<AnalysisRecord>[] = analysisColumns
  .filter((c) => typeof c.dataIndex === 'string' && VERIFY_FIELDS.has(c.dataIndex))
  .map((c) => (c.dataIndex === 'status' ? { ...c, width: 100 } : c));
