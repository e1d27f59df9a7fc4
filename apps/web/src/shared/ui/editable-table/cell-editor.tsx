import dayjs from 'dayjs';
import { Checkbox, DatePicker, Input, InputNumber, Select, theme } from 'antd';
import { DATE_FORMAT, type EditableColumn, type EditableRow } from './editable-columns';

/**
 * Numbers are shown exactly as typed: no clamping to a minimum, no rounding to a precision (InputNumber's
 * min / max / precision would change -3 into 0 and 2.5 into 3 without a word). validateCell checks them on
 * save and shows its message under the cell instead.
 */
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
        <InputNumber<number>
          {...common}
          value={asNumber(value)}
          onChange={(v) => onChange(v ?? undefined)}
          step={1}
          placeholder={column.placeholder ?? '整数'}
        />
      );
    case 'number':
      return (
        <InputNumber<number>
          {...common}
          value={asNumber(value)}
          onChange={(v) => onChange(v ?? undefined)}
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
