import { NoticeBellButton } from '../../features/announcement/notice-bell-button';
import styles from './header.module.css';

/** The notice bell in the header (SPEC section 2): unread badge, popover, announcement modal. */
export function NoticeBell() {
  return <NoticeBellButton className={styles.action} />;
}
