import type { ReactNode } from 'react';
import { Typography } from 'antd';
import styles from './dashboard.module.css';

export type BriefItem = { key: string; title: ReactNode; description: ReactNode; extra: ReactNode };

/** A short list of a dashboard card (at most a few dozen rows): title, description, a tag on the right. */
export function BriefList({ items, footer }: { items: BriefItem[]; footer?: ReactNode }) {
  return (
    <div>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.key} className={styles.item}>
            <div className={styles.main}>
              <div className={styles.title}>{item.title}</div>
              <Typography.Text type="secondary" className={styles.description}>
                {item.description}
              </Typography.Text>
            </div>
            <div>{item.extra}</div>
          </li>
        ))}
      </ul>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}
