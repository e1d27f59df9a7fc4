import type { ProjectRecord } from '@lims/contracts';
import { DictTag } from '../../shared/dict/dict-tag';
import type { ListColumn } from '../../shared/list-page/list-columns';
import { Ellipsis } from '../../shared/ui/ellipsis/ellipsis';
import { PROJECT_STATUS_DICT, TEST_TYPE_DICT } from './project-list-source';
import type { TagColor } from '../../shared/dict/dict-tag';

/** The project page's dictionaries, search fields and columns (pure data). */
/** project_status tags: 待受理 orange, 进行中 blue, 已完成 green, 已归档 grey, 已取消 red. */
export const STATUS_COLORS: Record<string, TagColor> = {
  1: 'orange',
  2: 'processing',
  3: 'success',
  4: 'default',
  5: 'error',
};

const AMOUNT_FORMAT = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 合同金额 with two decimals and thousands separators (35000 → 35,000.00); blank stays blank. */
export function formatAmount(amount: number | string | null | undefined): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const n = Number(amount);
  return Number.isFinite(n) ? AMOUNT_FORMAT.format(n) : String(amount);
}

export const projectColumns: ListColumn<ProjectRecord>[] = [
  { title: '项目编号', dataIndex: 'projectNo', sorter: true, width: 160 },
  {
    title: '项目名称',
    dataIndex: 'name',
    sorter: true,
    width: 220,
    render: (v: string) => <Ellipsis value={v} length={18} />,
  },
  {
    title: '委托单位',
    dataIndex: 'customerUnitName',
    width: 200,
    render: (v: string) => <Ellipsis value={v} length={14} />,
  },
  { title: '联系人', dataIndex: 'contactName', width: 100 },
  {
    title: '检测类别',
    dataIndex: 'testType',
    sorter: true,
    width: 110,
    align: 'center',
    render: (v: string, r) => r.testType_dictText ?? <DictTag dictCode={TEST_TYPE_DICT} value={v} />,
  },
  { title: '项目负责人', dataIndex: 'managerName', width: 110 },
  { title: '承接部门', dataIndex: 'departName', width: 140 },
  { title: '开始日期', dataIndex: 'startDate', sorter: true, width: 120, align: 'center' },
  { title: '计划完成日期', dataIndex: 'dueDate', sorter: true, width: 130, align: 'center' },
  {
    title: '状态',
    dataIndex: 'status',
    sorter: true,
    width: 100,
    align: 'center',
    render: (v: string) => <DictTag dictCode={PROJECT_STATUS_DICT} value={v} colors={STATUS_COLORS} />,
  },
  {
    title: '合同金额',
    dataIndex: 'amount',
    sorter: true,
    width: 130,
    align: 'right',
    render: (v: number | null) => formatAmount(v),
  },
  { title: '创建时间', dataIndex: 'createTime', sorter: true, width: 170, align: 'center' },
];
