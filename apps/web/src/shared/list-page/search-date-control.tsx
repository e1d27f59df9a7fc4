import { DatePicker } from 'antd';
import { useMemo } from 'react';
import dayjs, { type Dayjs } from 'dayjs';

const FORMAT = 'YYYY-MM-DD';

type Props = {
  range?: boolean;
  placeholder?: string;
  /** `YYYY-MM-DD`, or a pair of them (null for an open end) for a range. */
  value?: unknown;
  onChange?: (value: string | [string | null, string | null] | undefined) => void;
} & Record<string, unknown>;

const toDay = (v: unknown): Dayjs | null => (typeof v === 'string' && v ? dayjs(v) : null);
const toText = (d: Dayjs | null | undefined): string | null => (d?.isValid() ? d.format(FORMAT) : null);

/** The date and date-range controls of the search form: the form keeps dates as `YYYY-MM-DD` text. */
export function SearchDateControl({ range, placeholder, value, onChange, ...rest }: Props) {
  const ends: readonly unknown[] = Array.isArray(value) ? value : [value];
  const [from, to] = ends;
  // The same picker value for the same text: a new one each render would reset a date being typed.
  const rangeValue = useMemo(
    (): [Dayjs | null, Dayjs | null] | null => (from || to ? [toDay(from), toDay(to)] : null),
    [from, to],
  );
  const dayValue = useMemo(() => toDay(from), [from]);
  if (range) {
    return (
      <DatePicker.RangePicker
        style={{ width: '100%' }}
        placeholder={['开始日期', '结束日期']}
        {...rest}
        value={rangeValue}
        onChange={(picked) => onChange?.(picked ? [toText(picked[0]), toText(picked[1])] : undefined)}
      />
    );
  }
  return (
    <DatePicker
      style={{ width: '100%' }}
      placeholder={placeholder ?? '请选择日期'}
      {...rest}
      value={dayValue}
      onChange={(day: Dayjs | null) => onChange?.(toText(day) ?? undefined)}
    />
  );
}
