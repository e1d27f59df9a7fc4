import { Select } from 'antd';
import { PROJECT_TRANSITIONS, type ProjectStatus } from '@lims/contracts';
import { dictText } from '../../shared/dict/dict-values';
import { useDictOptions } from '../../shared/dict/use-dict-options';
import { PROJECT_STATUS_DICT } from './project-list-source';

/** The statuses a project saved as `from` may be given: itself and its legal next states. */
export function nextStatuses(from: string): string[] {
  return [from, ...(PROJECT_TRANSITIONS[from as ProjectStatus] ?? [])];
}

type Props = {
  value?: string;
  onChange?: (value: string) => void;
  /** The saved status the move starts from. */
  from: string;
  disabled?: boolean;
  id?: string;
};

/** 状态: only the moves the workflow allows (待受理 → 进行中 → 已完成 → 已归档; 已取消 from the first two). */
export function StatusSelect({ value, onChange, from, disabled, id }: Props) {
  const { items } = useDictOptions(PROJECT_STATUS_DICT);
  const options = nextStatuses(from).map((s) => ({ value: s, label: dictText(items, s) || s }));
  return (
    <Select id={id} value={value} onChange={onChange} options={options} disabled={disabled} placeholder="请选择状态" />
  );
}
