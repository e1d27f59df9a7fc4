import type { EditableColumn } from '../../shared/ui/editable-table/editable-columns';
import type { ItemRow } from './project-form-values';

const maxLength = (label: string, max: number) => (value: unknown) =>
  typeof value === 'string' && value.trim().length > max ? `${label}最多 ${max} 个字符` : undefined;

/** 检测明细: 检测项目 (required), 检测标准/方法, 数量 (codeLines: integers ≥ 0 only), 备注. */
export const projectItemColumns: EditableColumn<ItemRow>[] = [
  { title: '检测项目', dataIndex: 'itemName', required: true, width: 240, validate: maxLength('检测项目', 200) },
  { title: '检测标准/方法', dataIndex: 'standard', width: 260, validate: maxLength('检测标准/方法', 200) },
  { title: '数量', dataIndex: 'codeLines', editor: 'integer', width: 120 },
  { title: '备注', dataIndex: 'remark', validate: maxLength('备注', 500) },
];
