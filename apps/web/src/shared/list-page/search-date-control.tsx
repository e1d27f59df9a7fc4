import DatePicker from 'antd/es/date-picker';

type Props = { range?: boolean; placeholder?: string } & Record<string, unknown>;

/**
 * The date and date-range controls of the search form, in a script of their own: the picker
 * is heavy and most lists search without dates.
 */
export default function SearchDateControl({ range, placeholder, ...rest }: Props) {
  if (range) return <DatePicker.RangePicker style={{ width: '100%' }} placeholder={['开始日期', '结束日期']} {...rest} />;
  return <DatePicker style={{ width: '100%' }} placeholder={placeholder ?? '请选择日期'} {...rest} />;
}
