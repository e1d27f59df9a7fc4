import { Tag } from 'antd';
import type { DictOption } from '@lims/contracts';
import { dictText, splitValues } from './dict-values';

/** The antd preset and status colours our tags use (`default` is grey). */
export type TagColor =
  | 'default'
  | 'blue'
  | 'cyan'
  | 'gold'
  | 'green'
  | 'orange'
  | 'purple'
  | 'red'
  | 'success'
  | 'processing'
  | 'error'
  | 'warning';
import { useDictOptions } from './use-dict-options';

type Props = {
  dictCode: string;
  value: unknown;
  /** Tag colour per value (e.g. { '1': 'green', '0': 'default' }); plain text when not given. */
  colors?: Record<string, TagColor>;
  /** Fixed items instead of the dictionary call (e.g. on a page without login). */
  options?: readonly DictOption[];
};

/**
 * A stored value shown as its dictionary text (a tag per value when `colors` is given). Nothing while
 * the dictionary loads (not the raw code for a moment); the raw code only if it cannot be loaded.
 */
export function DictTag({ dictCode, value, colors, options }: Props) {
  const { items, isLoading } = useDictOptions(dictCode, options);
  const values = splitValues(value);
  if (values.length === 0) return null;
  if (isLoading) return <span aria-busy="true" />;
  if (!colors) return <span>{dictText(items, values)}</span>;
  return (
    <>
      {values.map((v) => (
        <Tag key={v} color={colors[v]}>
          {dictText(items, v)}
        </Tag>
      ))}
    </>
  );
}
