import { Fragment, type ReactNode } from 'react';
import { App, Divider, Dropdown, Popconfirm } from 'antd';
import DownOutlined from '@ant-design/icons/DownOutlined';
import { useCanFn } from '../permission/use-can';
import { PRESSABLE, useKeyboardDropdown } from '../ui/pressable';

/** One operation of a row (操作 column): shown only with `code`, confirmed first with `confirm`. */
export type RowAction = {
  key: string;
  label: ReactNode;
  onClick: () => void;
  /** Permission code (<Can code>): the action is left out without it. */
  code?: string;
  /** A confirmation question (e.g. 确定删除吗?). */
  confirm?: string;
  danger?: boolean;
  /** Always in the 更多 dropdown (e.g. `编辑 | 更多 ▾` on rows that have 编辑, `更多 ▾` on the others). */
  more?: boolean;
};

/** The thin vertical line between two actions of a row. */
export function ActionSeparator() {
  return <Divider orientation="vertical" aria-orientation="vertical" />;
}

/** Actions beyond this many go into a 更多 dropdown. */
const MAX_INLINE = 3;

function InlineAction({ action }: { action: RowAction }) {
  const link = (
    <a
      role="button"
      {...PRESSABLE}
      onClick={action.confirm ? undefined : action.onClick}
      style={action.danger ? { color: 'var(--ant-color-error, #ff4d4f)' } : undefined}
    >
      {action.label}
    </a>
  );
  if (!action.confirm) return link;
  return (
    <Popconfirm title={action.confirm} okText="确定" cancelText="取消" onConfirm={action.onClick}>
      {link}
    </Popconfirm>
  );
}

/**
 * The 操作 cell: `编辑 | 字典配置 | 删除`, more than three as `a | b | 更多 ▾`; with `inline` the
 * first that many actions stand in the cell and the others go into 更多 (`编辑 | 更多 ▾`).
 */
export function RowActions({ actions, inline: inlineCount }: { actions: RowAction[]; inline?: number }) {
  const can = useCanFn();
  const { modal } = App.useApp();
  const keyboard = useKeyboardDropdown();
  const visible = actions.filter((a) => !a.code || can(a.code));
  const pinned = visible.filter((a) => !a.more);
  const shown = inlineCount ?? (pinned.length > MAX_INLINE ? MAX_INLINE - 1 : pinned.length);
  const inline = pinned.slice(0, shown);
  const more = [...pinned.slice(shown), ...visible.filter((a) => a.more)];
  const run = (a: RowAction) => {
    if (a.confirm) modal.confirm({ title: a.confirm, okText: '确定', cancelText: '取消', onOk: a.onClick });
    else a.onClick();
  };
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {inline.map((a, i) => (
        <Fragment key={a.key}>
          {i > 0 && <ActionSeparator />}
          <InlineAction action={a} />
        </Fragment>
      ))}
      {more.length > 0 && (
        <>
          {inline.length > 0 && <ActionSeparator />}
          <Dropdown
            {...keyboard.dropdown}
            menu={{
              items: more.map((a) => ({ key: a.key, label: a.label, danger: a.danger })),
              onClick: ({ key }) => {
                const a = more.find((x) => x.key === key);
                if (a) run(a);
              },
            }}
          >
            <a role="button" {...keyboard.trigger}>
              更多 <DownOutlined />
            </a>
          </Dropdown>
        </>
      )}
    </span>
  );
}
