import { useRef, useState } from 'react';
import TableOutlined from '@ant-design/icons/TableOutlined';
import { Input, Popover } from 'antd';
import { PickerTable, type PickerColumn } from './picker-table';
import type { PickerAnswer, PickerParams } from './picker-query';

export type { PickerColumn } from './picker-table';
export type { PickerAnswer, PickerPage, PickerParams } from './picker-query';

export type TablePickerProps<T> = {
  /** The chosen record's key (its `rowKey` field). */
  value?: string;
  onChange?: (value: string | undefined, record?: T) => void;
  /**
   * Loads one page: { pageNo, pageSize: 10, <column>: '*term*' }. Resolves with { records, total } or an
   * envelope; success false / code 510 / a rejection shows the message as a warning. Calls through the
   * http client should pass `silent: true` so the picker alone reports the failure.
   */
  fetch: (params: PickerParams) => Promise<PickerAnswer<T>>;
  columns: PickerColumn<T>[];
  /** The record field that is the value (default 'id'). */
  rowKey?: Extract<keyof T, string>;
  /** The record field shown in the input (default: rowKey). */
  labelKey?: Extract<keyof T, string>;
  /** What the input shows for a value not picked here (e.g. a saved record's name). */
  valueLabel?: string;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
};

/**
 * Table-in-popover picker (SPEC section 2): the input opens a server-paged table with per-column
 * search (搜索 / 重置); a row click selects, 确定 or a double click takes it. value/onChange fit antd Form.
 */
export function TablePicker<T extends object>(p: TablePickerProps<T>) {
  const rowKey = p.rowKey ?? ('id' as Extract<keyof T, string>);
  const labelKey = p.labelKey ?? rowKey;
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<T | null>(null);
  /** The clear icon sits inside the popover's trigger: its click must not open the table. */
  const cleared = useRef(false);

  const pickedKey = picked ? String(picked[rowKey]) : undefined;
  const label = !p.value
    ? ''
    : pickedKey === p.value && picked
      ? String(picked[labelKey] ?? '')
      : (p.valueLabel ?? p.value);

  const confirm = (record: T) => {
    setPicked(record);
    setOpen(false);
    p.onChange?.(String(record[rowKey]), record);
  };

  return (
    <Popover
      open={open && !p.disabled}
      onOpenChange={(next) => {
        const skip = cleared.current;
        cleared.current = false;
        setOpen(next && !p.disabled && !skip);
      }}
      trigger="click"
      placement="bottomLeft"
      title="请选择"
      content={
        <PickerTable<T> fetch={p.fetch} columns={p.columns} rowKey={rowKey} selectedKey={p.value} onConfirm={confirm} />
      }
    >
      <Input
        id={p.id}
        readOnly
        value={label}
        disabled={p.disabled}
        placeholder={p.placeholder ?? '请选择'}
        allowClear={p.allowClear !== false}
        suffix={<TableOutlined style={{ color: 'rgba(0,0,0,0.45)' }} />}
        onChange={(e) => {
          if (e.target.value === '') {
            cleared.current = true;
            setPicked(null);
            p.onChange?.(undefined);
          }
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === 'ArrowDown') setOpen(true);
        }}
        style={{ cursor: p.disabled ? undefined : 'pointer' }}
      />
    </Popover>
  );
}
