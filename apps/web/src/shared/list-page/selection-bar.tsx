import InfoCircleFilled from '@ant-design/icons/InfoCircleFilled';
import styles from './list-page.module.css';

/** The blue bar above the table: 已选择 N 项 清空. */
export function SelectionBar({ count, onClear }: { count: number; onClear: () => void }) {
  return (
    <div className={styles.selectionBar} role="status">
      <InfoCircleFilled className={styles.selectionIcon} />
      <span>
        已选择<a className={styles.selectionCount}>{count}</a>项
        <a role="button" className={styles.selectionClear} onClick={onClear}>
          清空
        </a>
      </span>
    </div>
  );
}
