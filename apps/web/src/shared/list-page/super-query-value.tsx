import { DatePicker, Input, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DictMultiSelect } from '../dict/dict-multi';
import { DictSelect } from '../dict/dict-select';
import type { QueryCondition, QueryField } from './super-query';

const DATE = 'YYYY-MM-DD';
const DATETIME = 'YYYY-MM-DD HH:mm:ss';
const BOOLEAN_OPTIONS = [
  { label: '是', value: 'true' },
  { label: '否', value: 'false' },
];

type Props = {
  field: QueryField | undefined;
  rule: QueryCondition['rule'];
  value: QueryCondition['val'];
  onChange: (value: QueryCondition['val']) => void;
  /** Accessible name of the control (e.g. 第 1 个条件的值). */
  label: string;
};

const text = (v: QueryCondition['val']): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const day = (v: QueryCondition['val'], format: string): Dayjs | null => {
  const t = text(v);
  const d = t ? dayjs(t, format.length === t.length ? format : DATE) : null;
  return d?.isValid() ? d : null;
};

/** The value control of one condition, by field type and rule: text, number, date(-time) picker, dictionary select. */
export function SuperQueryValue({ field, rule, value, onChange, label }: Props) {
  const common = { 'aria-label': label, style: { width: '100%' } };
  if (!field) return <Input {...common} disabled placeholder="请先选择字段" />;
  const many = rule === 'in';
  if (field.type === 'dict' && field.dictCode) {
    return many ? (
      <DictMultiSelect
        dictCode={field.dictCode}
        value={Array.isArray(value) ? value.join(',') : text(value)}
        onChange={onChange}
        style={common.style}
      />
    ) : (
      <DictSelect {...common} dictCode={field.dictCode} value={text(value)} onChange={onChange} />
    );
  }
  if (field.type === 'select' || field.type === 'boolean') {
    const options = field.type === 'boolean' ? BOOLEAN_OPTIONS : [...(field.options ?? [])];
    return (
      <Select
        {...common}
        mode={many ? 'multiple' : undefined}
        allowClear
        placeholder="请选择"
        options={options}
        value={many ? (Array.isArray(value) ? value : []) : text(value)}
        onChange={(v: string | string[] | undefined) => onChange(v ?? null)}
      />
    );
  }
  if (many) {
    return (
      <Select
        {...common}
        mode="tags"
        open={false}
        tokenSeparators={[',', '，']}
        placeholder="输入后回车，可填多个"
        value={Array.isArray(value) ? value : []}
        onChange={(v: string[]) => onChange(v)}
      />
    );
  }
  if (field.type === 'number') {
    return (
      <InputNumber<string>
        {...common}
        stringMode
        placeholder="请输入数字"
        value={text(value) ?? null}
        onChange={(v) => onChange(v === null ? null : String(v))}
      />
    );
  }
  if (field.type === 'date' || field.type === 'datetime') {
    const withTime = field.type === 'datetime';
    const format = withTime ? DATETIME : DATE;
    return (
      <DatePicker
        {...common}
        showTime={withTime}
        format={format}
        placeholder={withTime ? '请选择时间' : '请选择日期'}
        value={day(value, format)}
        onChange={(d: Dayjs | null) => onChange(d?.isValid() ? d.format(format) : null)}
      />
    );
  }
  return (
    <Input
      {...common}
      allowClear
      placeholder="请输入"
      value={text(value) ?? ''}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
