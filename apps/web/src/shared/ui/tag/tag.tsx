import type { CSSProperties, KeyboardEvent, MouseEvent, ReactNode } from 'react';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import styles from './tag.module.css';

/** The antd preset colours and status colours our tags use. */
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

type TagProps = {
  /** `default` (grey) when not given. */
  color?: TagColor;
  children: ReactNode;
  style?: CSSProperties;
  title?: string;
  onClick?: (e: MouseEvent<HTMLSpanElement>) => void;
  /** A × (关闭) after the text that calls `onClose`; the owner removes the tag. */
  closable?: boolean;
  onClose?: () => void;
};

function closeOnKey(e: KeyboardEvent<HTMLElement>) {
  if (e.key !== 'Enter' && e.key !== ' ') return;
  e.preventDefault();
  if (!e.repeat) e.currentTarget.click();
}

/**
 * A small coloured label, as antd 6's Tag draws it (filled: light background, coloured text), without
 * antd's Tag. `data-tag` and `data-color` are the hooks for tests and for the colours.
 */
export function Tag({ color = 'default', children, style, title, onClick, closable, onClose }: TagProps) {
  return (
    <span className={styles.tag} data-tag="" data-color={color} style={style} title={title} onClick={onClick}>
      {children}
      {closable && (
        <CloseOutlined
          role="button"
          aria-label="关闭"
          tabIndex={0}
          className={styles.close}
          onClick={(e) => {
            e.stopPropagation();
            onClose?.();
          }}
          onKeyDown={closeOnKey}
        />
      )}
    </span>
  );
}
