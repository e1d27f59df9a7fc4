import { useMemo, useState } from 'react';
import { Empty, Input, Modal } from 'antd';
import type { MenuEntry } from '@lims/contracts';
import { commandItems, searchCommands } from './command-search';
import styles from './command-palette.module.css';

type Props = { entries: MenuEntry[]; open: boolean; onClose: () => void; onOpenPath: (path: string) => void };

/** Ctrl/Cmd+K: search the menus the user may open and jump to one. */
export default function CommandPalette({ entries, open, onClose, onOpenPath }: Props) {
  const [query, setQuery] = useState('');
  const [index, setIndex] = useState(0);
  const all = useMemo(() => commandItems(entries), [entries]);
  const found = useMemo(() => searchCommands(all, query), [all, query]);

  const choose = (i: number) => {
    const item = found[i];
    if (!item) return;
    onClose();
    onOpenPath(item.path);
  };

  return (
    <Modal open={open} onCancel={onClose} footer={null} closable={false} title={null} width={560} destroyOnHidden>
      <Input
        autoFocus
        size="large"
        placeholder="搜索菜单（↑↓ 选择，回车打开）"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setIndex(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setIndex((i) => Math.min(i + 1, found.length - 1));
          else if (e.key === 'ArrowUp') setIndex((i) => Math.max(i - 1, 0));
          else if (e.key === 'Enter') choose(index);
          else return;
          e.preventDefault();
        }}
      />
      <ul className={styles.list} role="listbox" aria-label="菜单">
        {found.map((item, i) => (
          <li
            key={item.path}
            role="option"
            aria-selected={i === index}
            className={i === index ? `${styles.item} ${styles.active}` : styles.item}
            onMouseEnter={() => setIndex(i)}
            onClick={() => choose(i)}
          >
            <span className={styles.title}>{item.title}</span>
            <span className={styles.trail}>{item.trail}</span>
          </li>
        ))}
      </ul>
      {found.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有匹配的菜单" />}
    </Modal>
  );
}
