import { useState } from 'react';
import { Link } from 'react-router';
import { Empty, Tabs } from 'antd';
import type { ListByUser, UserAnnouncement } from '@lims/contracts';
import { PriorityTag } from './priority-tag';
import styles from './notice-popover.module.css';

export const NOTICE_LIST_PATH = '/modules/message/UserAnnouncementList';

type Props = { data: ListByUser | undefined; onOpen: (item: UserAnnouncement) => void; onMore: () => void };

function Items({ items, onOpen }: { items: UserAnnouncement[]; onOpen: Props['onOpen'] }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无未读消息" />;
  return (
    <ul className={styles.items}>
      {items.map((item) => (
        <li
          key={item.id}
          className={styles.item}
          role="button"
          tabIndex={0}
          onClick={() => onOpen(item)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') onOpen(item);
          }}
          data-testid="notice-item"
        >
          <div className={styles.title}>
            <PriorityTag priority={item.priority} />
            <span className={styles.titleText}>{item.titile}</span>
          </div>
          <div className={styles.time}>{item.sendTime}</div>
        </li>
      ))}
    </ul>
  );
}

/** The popover of the header bell: tabs 通知 (n) / 系统消息 (n) and the link 查看更多. */
export function NoticePopover({ data, onOpen, onMore }: Props) {
  const [tab, setTab] = useState('1');
  return (
    <div className={styles.panel}>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        centered
        items={[
          {
            key: '1',
            label: `通知 (${data?.anntMsgTotal ?? 0})`,
            children: <Items items={data?.anntMsgList ?? []} onOpen={onOpen} />,
          },
          {
            key: '2',
            label: `系统消息 (${data?.sysMsgTotal ?? 0})`,
            children: <Items items={data?.sysMsgList ?? []} onOpen={onOpen} />,
          },
        ]}
      />
      <div className={styles.footer}>
        <Link to={NOTICE_LIST_PATH} onClick={onMore}>
          查看更多
        </Link>
      </div>
    </div>
  );
}
