import type { ReactNode } from 'react';
import styles from './count-badge.module.css';

/** Above this a badge shows `99+`. */
const OVERFLOW = 99;

/** A red count at the top right of `children` (nothing at 0), as antd's small Badge draws it. */
export function CountBadge({ count, children, label }: { count: number; children: ReactNode; label?: string }) {
  return (
    <span className={styles.wrap}>
      {children}
      {count > 0 && (
        <sup className={styles.count} data-testid="badge-count" title={String(count)} aria-label={label}>
          {count > OVERFLOW ? `${OVERFLOW}+` : count}
        </sup>
      )}
    </span>
  );
}
