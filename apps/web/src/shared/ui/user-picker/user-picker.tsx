import { useState, type JSX } from 'react';
import UserAddOutlined from '@ant-design/icons/UserAddOutlined';
import { Button, Select, Space } from 'antd';
import { splitIds, toPicked, useUsersByIds, type PickedUser } from './user-picker-api';
import { UserPickerModal } from './user-picker-modal';
import styles from './user-picker.module.css';

/** A tag's × and the clear button change the value without opening the modal. */
const REMOVE_CONTROLS = '.ant-select-selection-item-remove, .ant-select-clear';

export type { PickedUser } from './user-picker-api';

export type UserPickerProps = {
  /** Comma-joined user ids ('' or undefined = none); single mode: one id. */
  value?: string;
  onChange?: (value: string | undefined, users: PickedUser[]) => void;
  /** Default true. */
  multiple?: boolean;
  /** Default 请选择用户. */
  placeholder?: string;
  disabled?: boolean;
  /** antd Form passes it. */
  id?: string;
};

/**
 * A user field (value/onChange fit antd Form): shows the chosen users' real names; the 选择 button or
 * a click on the field opens 选择用户. A saved value's names come from /sys/user/queryByIds.
 */
export function UserPicker({
  value,
  onChange,
  multiple = true,
  placeholder = '请选择用户',
  disabled,
  id,
}: UserPickerProps): JSX.Element {
  const ids = multiple ? splitIds(value) : splitIds(value).slice(0, 1);
  /** Users this field picked itself or already resolved: no call for them. */
  const [known, setKnown] = useState<ReadonlyMap<string, PickedUser>>(new Map());
  const missing = ids.filter((i) => !known.has(i));
  const fetched = useUsersByIds(missing);
  const [session, setSession] = useState(0);
  const [open, setOpen] = useState(false);

  const userOf = (i: string): PickedUser | undefined => {
    const found = known.get(i) ?? fetched.users?.find((u) => u.id === i);
    return found && toPicked(found);
  };
  const chosen = ids.map((i) => userOf(i) ?? { id: i, username: i, realname: fetched.isLoading ? '…' : i });

  const emit = (users: PickedUser[]) => {
    setKnown((m) => new Map([...m, ...users.map((u) => [u.id, u] as const)]));
    onChange?.(users.length ? users.map((u) => u.id).join(',') : undefined, users);
  };
  const openModal = () => {
    if (disabled) return;
    setSession((s) => s + 1);
    setOpen(true);
  };

  const options = chosen.map((u) => ({ value: u.id, label: u.realname, title: u.username }));
  return (
    <>
      <Space.Compact className={styles.field}>
        <Select<string | string[]>
          id={id}
          mode={multiple ? 'multiple' : undefined}
          open={false}
          disabled={disabled}
          placeholder={placeholder}
          value={multiple ? ids : ids[0]}
          options={options}
          allowClear
          suffixIcon={null}
          onClick={(e) => {
            if (!(e.target as HTMLElement).closest(REMOVE_CONTROLS)) openModal();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' || e.key === 'ArrowDown') openModal();
          }}
          onChange={(next) => {
            const keep = new Set(Array.isArray(next) ? next : next ? [next] : []);
            emit(chosen.filter((u) => keep.has(u.id)));
          }}
        />
        <Button icon={<UserAddOutlined />} disabled={disabled} onClick={openModal}>
          选择
        </Button>
      </Space.Compact>
      {session > 0 && (
        <UserPickerModal
          key={session}
          open={open}
          multiple={multiple}
          initial={chosen}
          onOk={(users) => {
            setOpen(false);
            emit(users);
          }}
          onCancel={() => setOpen(false)}
        />
      )}
    </>
  );
}
