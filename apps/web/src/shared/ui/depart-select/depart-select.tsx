import { TreeSelect } from 'antd';
import { departNames, useDepartTree } from '../../depart/use-depart-tree';

export type DepartSelectProps = {
  /** Comma-joined department ids (multiple) or one id. */
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** Default false. */
  multiple?: boolean;
  /** Default 请选择部门. */
  placeholder?: string;
  disabled?: boolean;
  id?: string;
};

type Labeled = { value: string | number; label?: unknown };

const split = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Each department stands alone (checking a company does not check its departments). */
const idOf = (v: string | number | Labeled): string => String(typeof v === 'object' ? v.value : v);

const SEARCH = { treeNodeFilterProp: 'title' } as const;

/**
 * A department tree select over /sysdepart/sysDepart/queryTreeList (any signed-in user): searchable by
 * name; `multiple` gives checkboxes and a comma-joined value. value/onChange fit antd Form.
 */
export function DepartSelect({
  value,
  onChange,
  multiple = false,
  placeholder = '请选择部门',
  disabled,
  id,
}: DepartSelectProps) {
  const { options, isLoading } = useDepartTree();
  const ids = split(value);
  const names = departNames(options);
  const common = {
    id,
    disabled,
    placeholder,
    loading: isLoading,
    allowClear: true,
    showSearch: SEARCH,
    treeData: options,
    treeDefaultExpandAll: true,
    style: { width: '100%' },
    styles: { popup: { root: { maxHeight: 400, overflow: 'auto' } } },
  };
  if (multiple) {
    return (
      <TreeSelect<Labeled[]>
        {...common}
        treeCheckable
        treeCheckStrictly
        value={ids.map((v) => ({ value: v, label: names.get(v) ?? v }))}
        onChange={(next) => {
          const joined = (next ?? []).map(idOf).join(',');
          onChange?.(joined || undefined);
        }}
      />
    );
  }
  return (
    <TreeSelect<string> {...common} value={ids[0]} onChange={(next) => onChange?.(next ? idOf(next) : undefined)} />
  );
}
