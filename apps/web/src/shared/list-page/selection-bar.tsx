import { Alert } from 'antd';
import styles from './list-page.module.css';
import { PRESSABLE } from '../ui/pressable';

/** The blue bar above the table: 已选择 N 项 清空. */
export function SelectionBar({ count, onClear }: { count: number; onClear: () => void }) {
  return (
    <Alert
      type="info"
      showIcon
      role="status"
      style={{ marginBottom: 16 }}
      title={
        <>
          已选择<a className={styles.selectionCount}>{count}</a>项
          <a role="button" {...PRESSABLE} className={styles.selectionClear} onClick={onClear}>
            清空
          </a>
        </>
      }
    />
  );
}
