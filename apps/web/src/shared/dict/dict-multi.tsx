import type { DictOption } from '@lims/contracts';
import { Checkbox, Select } from 'antd';
import type { SelectProps } from 'antd';
import { joinValues, matchesTerm, offeredOptions, splitValues } from './dict-values';
import { useDictOptions } from './use-dict-options';

type CommaProps = {
  dictCode: string;
  /** Comma-joined values, e.g. "1,3". */
  value?: string | null;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
  /** Fixed items instead of the dictionary call (e.g. on a page without login). */
  options?: readonly DictOption[];
};

const searchConfig: SelectProps<string[]>['showSearch'] = {
  filterOption: (input, option) => matchesTerm(typeof option?.label === 'string' ? option.label : '', input),
};

/** A multi-value dictionary select; the value is a comma-joined string in and out. */
export function DictMultiSelect({
  dictCode,
  value,
  onChange,
  options,
  placeholder = '请选择',
  ...rest
}: CommaProps & Pick<SelectProps, 'placeholder' | 'style' | 'className' | 'maxTagCount'>) {
  const { items, isLoading } = useDictOptions(dictCode, options);
  const current = splitValues(value);
  return (
    <Select<string[]>
      mode="multiple"
      allowClear
      showSearch={searchConfig}
      loading={isLoading}
      {...rest}
      placeholder={placeholder}
      value={current}
      onChange={(v) => onChange?.(joinValues(v ?? []))}
      options={offeredOptions(items, current)}
    />
  );
}

/** Dictionary checkbox tags; the value is a comma-joined string in and out. */
export function DictCheckbox({ dictCode, value, onChange, disabled, id, options }: CommaProps) {
  const { items } = useDictOptions(dictCode, options);
  const current = splitValues(value);
  return (
    <span id={id}>
      <Checkbox.Group
        disabled={disabled}
        value={current}
        onChange={(v) => onChange?.(joinValues(v.map(String)))}
        options={offeredOptions(items, current)}
      />
    </span>
  );
}
