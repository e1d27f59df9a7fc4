import type { CSSProperties } from 'react';
import { theme } from 'antd';
import styles from './login-form.module.css';

type Option<T extends string> = { value: T; label: string };
type Props<T extends string> = { value: T; options: readonly Option<T>[]; onChange: (value: T) => void };

/**
 * The 账号密码登录 / 手机号登录 switch: antd Segmented's look (block, theme colours) and radio
 * behaviour (click, arrow keys), without Segmented's tooltip and motion code on the first page
 * everybody loads.
 */
export function LoginModeSwitch<T extends string>({ value, options, onChange }: Props<T>) {
  const { token } = theme.useToken();
  const track: CSSProperties = {
    background: token.colorBgLayout,
    borderRadius: token.borderRadius,
    fontSize: token.fontSize,
  };
  const item = (selected: boolean): CSSProperties => ({
    borderRadius: token.borderRadiusSM,
    color: selected ? token.colorText : token.colorTextLabel,
    background: selected ? token.colorBgElevated : undefined,
    boxShadow: selected ? token.boxShadowTertiary : undefined,
    ['--hover-bg' as string]: token.colorFillSecondary,
    ['--focus-ring' as string]: token.colorPrimaryBorder,
  });
  return (
    <div role="radiogroup" className={styles.modes} style={track}>
      {options.map((o) => (
        <label
          key={o.value}
          className={o.value === value ? `${styles.mode} ${styles.modeSelected}` : styles.mode}
          style={item(o.value === value)}
        >
          <input
            type="radio"
            name="login-mode"
            className={styles.modeInput}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
