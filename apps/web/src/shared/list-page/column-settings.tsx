import { useState, type ReactNode } from 'react';
import { App, Button, Checkbox, InputNumber, Tooltip } from 'antd';
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import VerticalLeftOutlined from '@ant-design/icons/VerticalLeftOutlined';
import VerticalRightOutlined from '@ant-design/icons/VerticalRightOutlined';
import {
  clampWidth,
  moveColumn,
  orderedNames,
  setFixed,
  setHidden,
  setWidth,
  parseWidth,
  WIDTH_INVALID,
  type FixedSide,
  type TableSettings,
} from './table-settings';
import styles from './list-page.module.css';

export type SettingsColumn = { name: string; label: string; width: number | string };

type Props = {
  columns: SettingsColumn[];
  settings: TableSettings;
  onChange: (next: TableSettings) => void;
  onReset: () => void;
};

const SIDES: Array<{ side: FixedSide; label: string; icon: ReactNode }> = [
  { side: 'left', label: '固定在左侧', icon: <VerticalRightOutlined /> },
  { side: 'right', label: '固定在右侧', icon: <VerticalLeftOutlined /> },
];

/** 列设置: show/hide, order (上移 / 下移), fixed side and width of each column; 重置 restores the defaults. */
export function ColumnSettings({ columns, settings, onChange, onReset }: Props) {
  const names = columns.map((c) => c.name);
  const byName = new Map(columns.map((c) => [c.name, c]));
  const order = orderedNames(names, settings.order);
  const hidden = new Set(settings.hidden ?? []);
  const shownCount = order.filter((n) => !hidden.has(n)).length;
  const allShown = shownCount === order.length;

  return (
    <div className={styles.columnSettings} role="region" aria-label="列设置">
      <div className={styles.columnSettingsHead}>
        <Checkbox
          checked={allShown}
          indeterminate={!allShown && shownCount > 0}
          onChange={(e) => onChange({ ...settings, hidden: e.target.checked ? [] : names.slice(1) })}
        >
          列展示
        </Checkbox>
        <Button type="link" size="small" onClick={onReset}>
          重置
        </Button>
      </div>
      <ul className={styles.columnSettingsList}>
        {order.map((name, i) => {
          const c = byName.get(name)!;
          const fixed = settings.fixed?.[name];
          const isHidden = hidden.has(name);
          return (
            <li key={name} className={styles.columnSettingsRow}>
              <Checkbox
                className={styles.columnSettingsLabel}
                checked={!isHidden}
                // The last shown column stays: a table needs one.
                disabled={!isHidden && shownCount === 1}
                onChange={(e) => onChange(setHidden(settings, name, !e.target.checked))}
              >
                {c.label}
              </Checkbox>
              <Button
                type="text"
                size="small"
                aria-label={`上移 ${c.label}`}
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                onClick={() => onChange(moveColumn(names, settings, name, -1))}
              />
              <Button
                type="text"
                size="small"
                aria-label={`下移 ${c.label}`}
                icon={<ArrowDownOutlined />}
                disabled={i === order.length - 1}
                onClick={() => onChange(moveColumn(names, settings, name, 1))}
              />
              {SIDES.map((s) => (
                <Tooltip key={s.side} title={s.label}>
                  <Button
                    type={fixed === s.side ? 'primary' : 'text'}
                    size="small"
                    aria-label={`${c.label} ${s.label}`}
                    aria-pressed={fixed === s.side}
                    icon={s.icon}
                    onClick={() => onChange(setFixed(settings, name, fixed === s.side ? null : s.side))}
                  />
                </Tooltip>
              ))}
              <WidthInput
                key={`${name}:${settings.widths?.[name] ?? ''}`}
                label={c.label}
                placeholder={String(c.width)}
                value={settings.widths?.[name] ?? null}
                onCommit={(w) => onChange(setWidth(settings, name, w))}
              />
            </li>
          );
        })}
      </ul>
    </div>
  );
}

type WidthProps = {
  label: string;
  placeholder: string;
  value: number | null;
  onCommit: (width: number | null) => void;
};

/**
 * A column's width in px, saved when the field is left or Enter is pressed (not on every keystroke).
 * What was typed is checked as typed: a width out of range stays in the box, marked, with 列宽应为…的整数！,
 * and nothing is saved (antd's min/max would quietly save the nearest bound instead). The arrows step
 * within the range.
 */
function WidthInput({ label, placeholder, value, onCommit }: WidthProps) {
  const { message } = App.useApp();
  const [draft, setDraft] = useState<number | null>(value);
  const [refused, setRefused] = useState(false);
  const save = (w: number | null) => {
    if (w !== value) onCommit(w);
  };
  const settle = (text: string) => {
    const w = parseWidth(text);
    if (w !== undefined) {
      save(w);
      return;
    }
    // Said once per wrong value: leaving the box after Enter does not say it again.
    if (!refused) void message.warning(WIDTH_INVALID);
    setRefused(true);
  };
  return (
    <InputNumber<number>
      size="small"
      aria-label={`${label} 列宽`}
      aria-invalid={refused}
      status={refused ? 'error' : undefined}
      className={styles.columnSettingsWidth}
      step={10}
      placeholder={placeholder}
      value={draft}
      onChange={(w) => {
        setRefused(false);
        setDraft(typeof w === 'number' ? w : null);
      }}
      onBlur={(e) => settle(e.target.value)}
      // rc-input-number hands over the keydown of its wrapper: the box is the event's target.
      onPressEnter={(e) => {
        if (e.target instanceof HTMLInputElement) settle(e.target.value);
      }}
      onStep={(w) => {
        const stepped = clampWidth(w);
        setDraft(stepped);
        save(stepped);
      }}
    />
  );
}
