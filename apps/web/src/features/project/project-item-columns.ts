import type { EditableColumn } from '../../shared/ui/editable-table/editable-columns';
import type { ItemRow } from './project-form-values';

const maxLength = (label: string, max: number) => (value: unknown) =>
  typeof value === 'string' && value.trim().length > max ? `${label}最多 ${max} 个字符` : undefined;

/** 下限 must not exceed 上限 (the server checks the same). */
const limitsInOrder = (value: unknown, row: ItemRow) =>
  typeof value === 'number' && typeof row.specMin === 'number' && row.specMin > value ? '下限不能大于上限' : undefined;

/**
 * 检测明细: 检测项目 (required), 检测标准/方法, 数量 (codeLines: integers ≥ 0 only), the result's 单位,
 * 下限/上限 (numbers) or a 技术要求 text, 备注. Unit and limits are copied to each analysis at receipt.
 */
export const projectItemColumns: EditableColumn<ItemRow>[] = [
  { title: '检测项目', dataIndex: 'itemName', required: true, width: 240, validate: maxLength('检测项目', 200) },
  { title: '检测标准/方法', dataIndex: 'standard', width: 260, validate: maxLength('检测标准/方法', 200) },
  { title: '数量', dataIndex: 'codeLines', editor: 'integer', width: 100 },
  { title: '单位', dataIndex: 'unit', width: 100, validate: maxLength('单位', 20) },
  { title: '下限', dataIndex: 'specMin', editor: 'number', precision: 6, width: 110 },
  { title: '上限', dataIndex: 'specMax', editor: 'number', precision: 6, width: 110, validate: limitsInOrder },
  { title: '技术要求', dataIndex: 'specText', width: 160, validate: maxLength('技术要求', 200) },
  { title: '备注', dataIndex: 'remark', validate: maxLength('备注', 500) },
];
