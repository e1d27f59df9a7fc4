import Alert from 'antd/es/alert';
import styles from './list-page.module.css';

/** The blue bar above the table: 已选择 N 项 清空. */
export function SelectionBar({ count, onClear }: { count: number; onClear: () => void }) {
  return (
    <Alert
      className={styles.selectionBar}
      type="info"
      showIcon
      title={(
        <span>
          已选择<a className={styles.selectionCount}>{count}</a>项
          <a role="button" className={styles.selectionClear} onClick={onClear}>清空</a>
        </span>
      )}
    />
  );
}
