import type { ReactNode } from 'react';

/** SPEC section 4 / 9 texts and limits of the editable table. */
export const EDIT_TABLE_PAGE_SIZE = 5;
export const FINISH_EDIT_FIRST = '请先完成当前编辑！';
export const CONFIRM_CANCEL = '确定取消吗？';
export const CONFIRM_DELETE = '确定删除吗？';
export const INTEGER_ONLY = '只能输入大于等于 0 的整数';
export const DATE_FORMAT = 'YYYY-MM-DD';

/** A row of the table: `key` identifies it in the table, `id` is the stored record's id when it has one. */
export type EditableRow = { key: string; id?: string } & Record<string, unknown>;

/**
 * Cell editors: text input, number, integer ≥ 0 (e.g. code lines), select over `options`, date
 * (stored as YYYY-MM-DD), checkbox (a yes/no flag stored as a boolean, shown as 是 / 否).
 */
export type EditorType = 'input' | 'number' | 'integer' | 'select' | 'date' | 'checkbox';

export type EditableOption = { label: string; value: string | number };

export type EditableColumn<T extends EditableRow = EditableRow> = {
  title: string;
  dataIndex: Extract<keyof T, string>;
  editor?: EditorType;
  required?: boolean;
  options?: EditableOption[];
  /** Number editor limits, checked on save (the typed value is never clamped or rounded). */
  min?: number;
  max?: number;
  precision?: number;
  placeholder?: string;
  width?: number;
  /** An extra check on save: the message to show, or undefined when the value is fine. */
  validate?: (value: unknown, row: T) => string | undefined;
  /** How a saved value is shown (default: the option label, or the value). */
  render?: (value: unknown, row: T) => ReactNode;
};

let seq = 0;
/** A key for a new row, unique within the page's lifetime (works without crypto.randomUUID). */
export function newRowKey(): string {
  seq += 1;
  return `row-${Date.now().toString(36)}-${seq}-${Math.random().toString(36).slice(2, 8)}`;
}

export function isNonNegativeInteger(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A number column's limits: below min, above max, or more decimals than its precision. */
function numberIssue<T extends EditableRow>(column: EditableColumn<T>, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isFinite(value)) return `${column.title}应为数字`;
  if (column.min !== undefined && value < column.min) return `${column.title}不能小于 ${column.min}`;
  if (column.max !== undefined && value > column.max) return `${column.title}不能大于 ${column.max}`;
  if (column.precision !== undefined && (String(value).split('.')[1]?.length ?? 0) > column.precision) {
    return column.precision === 0 ? `${column.title}应为整数` : `${column.title}最多 ${column.precision} 位小数`;
  }
  return undefined;
}

/** The message for a cell that fails on save: required, integers ≥ 0 for integer columns, then the column's own check. */
export function validateCell<T extends EditableRow>(
  column: EditableColumn<T>,
  value: unknown,
  row: T,
): string | undefined {
  if (column.required && isEmpty(value)) {
    return `${column.editor === 'select' || column.editor === 'date' ? '请选择' : '请输入'}${column.title}`;
  }
  if (column.editor === 'integer' && !isEmpty(value) && !isNonNegativeInteger(value)) return INTEGER_ONLY;
  if (column.editor === 'number' && !isEmpty(value)) {
    const message = numberIssue(column, value);
    if (message) return message;
  }
  return column.validate?.(value, row);
}

/** The messages of every failing cell of a row being saved, by dataIndex. */
export function validateRow<T extends EditableRow>(columns: EditableColumn<T>[], row: T): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const column of columns) {
    const message = validateCell(column, row[column.dataIndex], row);
    if (message) errors[column.dataIndex] = message;
  }
  return errors;
}

/** The text a saved cell shows when the column has no render of its own. */
export function displayValue<T extends EditableRow>(column: EditableColumn<T>, value: unknown): ReactNode {
  if (column.editor === 'checkbox') return value === true ? '是' : '否';
  if (isEmpty(value)) return '';
  if (column.editor === 'select') {
    return column.options?.find((o) => o.value === value)?.label ?? String(value);
  }
  return String(value);
}
