import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import styles from './page-card.module.css';

type Props = { children: ReactNode; style?: CSSProperties } & Pick<HTMLAttributes<HTMLElement>, 'aria-label'> & { 'data-list-page'?: boolean };

/** A page's white card (antd's borderless Card look, our own markup): the list pages' and the tree pages'. */
export function PageCard({ children, ...rest }: Props) {
  return <section className={styles.card} {...rest}>{children}</section>;
}
