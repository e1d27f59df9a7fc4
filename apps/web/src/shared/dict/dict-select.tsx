import type { DictOption } from '@lims/contracts';
import { Radio, Select } from 'antd';
import type { SelectProps } from 'antd';
import { matchesTerm, offeredOptions, splitValues } from './dict-values';
import { useDictOptions } from './use-dict-options';

/** antd's radio group loads with the first radio-style dictionary field (forms), not with every select. */

type Value = string | number | null | undefined;

export type DictSelectProps = Omit<SelectProps<string>, 'options' | 'value' | 'onChange' | 'mode'> & {
  dictCode: string;
  value?: Value;
  onChange?: (value: string | undefined) => void;
  /** `radio` renders a radio group instead of a select. */
  type?: 'select' | 'radio';
  /** Fixed items instead of the dictionary call (e.g. on a page without login). */
  options?: readonly DictOption[];
};

const searchConfig: SelectProps<string>['showSearch'] = {
  filterOption: (input, option) => matchesTerm(typeof option?.label === 'string' ? option.label : '', input),
};

/** A single-value dictionary select (placeholder 请选择); searching trims the term. */
export function DictSelect({
  dictCode,
  value,
  onChange,
  type = 'select',
  placeholder = '请选择',
  options,
  ...rest
}: DictSelectProps) {
  const { items, isLoading } = useDictOptions(dictCode, options);
  const current = value === undefined || value === null || value === '' ? undefined : String(value);
  const offered = offeredOptions(items, splitValues(current));
  if (type === 'radio') {
    return (
      <Radio.Group
        id={rest.id}
        disabled={rest.disabled}
        value={current}
        onChange={(e) => onChange?.(e.target.value as string)}
        options={offered}
      />
    );
  }
  return (
    <Select<string>
      allowClear
      showSearch={searchConfig}
      loading={isLoading}
      {...rest}
      placeholder={placeholder}
      value={current}
      onChange={(v) => onChange?.(v ?? undefined)}
      options={offered}
    />
  );
}
