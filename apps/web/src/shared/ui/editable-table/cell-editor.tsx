import type { ClipboardEvent, KeyboardEvent } from 'react';
import dayjs from 'dayjs';
import { App, Checkbox, DatePicker, Input, InputNumber, Select, theme } from 'antd';
import type { InputNumberProps } from 'antd';
import {
  DATE_FORMAT,
  INTEGER_ONLY,
  isNonNegativeIntegerText,
  type EditableColumn,
  type EditableRow,
} from './editable-columns';

const BLOCKED_INTEGER_KEYS = new Set(['.', ',', '-', '+', 'e', 'E']);

/** InputNumber for integers ≥ 0: decimal point, sign and exponent keys are ignored, non-integer pastes refused. */
export function IntegerInput(props: Omit<InputNumberProps<number>, 'min' | 'precision' | 'step'>) {
  const { message } = App.useApp();
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (BLOCKED_INTEGER_KEYS.has(e.key)) e.preventDefault();
  };
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    if (!isNonNegativeIntegerText(e.clipboardData.getData('text'))) {
      e.preventDefault();
      void message.warning(INTEGER_ONLY);
    }
  };
  return <InputNumber<number> {...props} min={0} precision={0} step={1} onKeyDown={onKeyDown} onPaste={onPaste} />;
}

export type CellEditorProps<T extends EditableRow> = {
  column: EditableColumn<T>;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The cell's message after a failed save. */
  error?: string;
};

const asNumber = (v: unknown) => (typeof v === 'number' ? v : null);
const asText = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function Editor<T extends EditableRow>({ column, value, onChange, error }: CellEditorProps<T>) {
  const common = {
    'aria-label': column.title,
    status: error ? ('error' as const) : undefined,
    style: { width: '100%' },
  };
  switch (column.editor ?? 'input') {
    case 'integer':
      return (
        <IntegerInput
          {...common}
          value={asNumber(value)}
          onChange={(v) => onChange(v ?? undefined)}
          placeholder={column.placeholder ?? '整数'}
        />
      );
    case 'number':
      return (
        <InputNumber<number>
          {...common}
          value={asNumber(value)}
          onChange={(v) => onChange(v ?? undefined)}
          min={column.min}
          max={column.max}
          precision={column.precision}
          placeholder={column.placeholder}
        />
      );
    case 'select':
      return (
        <Select
          {...common}
          value={value ?? undefined}
          onChange={(v) => onChange(v ?? undefined)}
          options={column.options}
          allowClear
          placeholder={column.placeholder ?? '请选择'}
        />
      );
    case 'date':
      return (
        <DatePicker
          {...common}
          value={typeof value === 'string' && value ? dayjs(value, DATE_FORMAT) : null}
          onChange={(d) => onChange(d ? d.format(DATE_FORMAT) : undefined)}
          format={DATE_FORMAT}
          placeholder={column.placeholder ?? '请选择日期'}
        />
      );
    case 'checkbox':
      return (
        <Checkbox aria-label={column.title} checked={value === true} onChange={(e) => onChange(e.target.checked)} />
      );
    default:
      return (
        <Input
          {...common}
          value={asText(value)}
          onChange={(e) => onChange(e.target.value)}
          placeholder={column.placeholder ?? '请输入'}
        />
      );
  }
}

/** The editor of one cell of the row being edited, with its message under it after a failed save. */
export function CellEditor<T extends EditableRow>(props: CellEditorProps<T>) {
  const { token } = theme.useToken();
  return (
    <div>
      <Editor {...props} />
      {props.error && (
        <div role="alert" style={{ color: token.colorError, fontSize: 12, lineHeight: '20px' }}>
          {props.error}
        </div>
      )}
    </div>
  );
}
