import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import styles from './page-card.module.css';

type Props = { children: ReactNode; style?: CSSProperties } & Pick<HTMLAttributes<HTMLElement>, 'aria-label'> & {
    'data-list-page'?: boolean;
  };

/** A page's white card (antd's borderless Card look, our own markup; `data-page-card` for tests): the list pages' and the tree pages'. */
export function PageCard({ children, ...rest }: Props) {
  return (
    <section className={styles.card} data-page-card="" {...rest}>
      {children}
    </section>
  );
}
