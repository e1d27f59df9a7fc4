import { useState, type ReactNode } from 'react';
import { Button, Checkbox, InputNumber, Tooltip } from 'antd';
import ArrowDownOutlined from '@ant-design/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/ArrowUpOutlined';
import VerticalLeftOutlined from '@ant-design/icons/VerticalLeftOutlined';
import VerticalRightOutlined from '@ant-design/icons/VerticalRightOutlined';
import {
  MAX_WIDTH,
  MIN_WIDTH,
  moveColumn,
  orderedNames,
  setFixed,
  setHidden,
  setWidth,
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

/** A column's width in px, saved when the field is left or Enter is pressed (not on every keystroke). */
function WidthInput({ label, placeholder, value, onCommit }: WidthProps) {
  const [draft, setDraft] = useState<number | null>(value);
  const commit = (w: number | null) => {
    if (w !== value) onCommit(w);
  };
  return (
    <InputNumber<number>
      size="small"
      aria-label={`${label} 列宽`}
      className={styles.columnSettingsWidth}
      min={MIN_WIDTH}
      max={MAX_WIDTH}
      step={10}
      precision={0}
      placeholder={placeholder}
      value={draft}
      onChange={(w) => setDraft(typeof w === 'number' ? w : null)}
      onBlur={() => commit(draft)}
      onPressEnter={() => commit(draft)}
      onStep={(w) => commit(w)}
    />
  );
}
