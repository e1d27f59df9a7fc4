import { lazy, Suspense, useState } from 'react';
import BellOutlined from '@ant-design/icons/BellOutlined';
import { Popover } from 'antd';
import type { UserAnnouncement } from '@lims/contracts';
import { useUnreadMessages } from '../../shared/messages/unread-messages';
import { useMarkRead } from './api';
import { loadChunk } from '../../shared/ui/chunk-load';
import { CountBadge } from '../../shared/ui/count-badge';
import { onDemand } from '../../shared/ui/on-demand';
import styles from './notice-popover.module.css';

/** The popover's tabs and list load when the bell is first clicked. */
const NoticePopover = lazy(() =>
  loadChunk(() => import('./notice-popover')).then((m) => ({ default: m.NoticePopover })),
);
/** Loads (with the HTML sanitiser) when the first announcement is opened from the bell. */
const AnnouncementModal = onDemand(
  () => import('./announcement-modal').then((m) => m.AnnouncementModal),
  (p) => p.item !== null,
);

/**
 * The header bell: badge with the unread sum (nothing until the first answer), a popover with
 * the newest items; opening one marks it read, shows it and reloads. Server pushes (app/server-events)
 * reload it at once; the 60 s poll stays as the fallback.
 */
export function NoticeBellButton({ className }: { className?: string }) {
  const { data } = useUnreadMessages();
  const markRead = useMarkRead();
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<UserAnnouncement | null>(null);

  const onOpen = (item: UserAnnouncement) => {
    setOpen(false);
    setShown(item);
    markRead.mutate(item.anntId);
  };
  const count = data ? data.anntMsgTotal + data.sysMsgTotal : undefined;

  return (
    <>
      <Popover
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        content={
          <Suspense fallback={<div className={styles.loading} />}>
            <NoticePopover data={data} onOpen={onOpen} onMore={() => setOpen(false)} />
          </Suspense>
        }
      >
        <span className={className} role="button" aria-label="消息通知" data-testid="notice-bell">
          {count === undefined ? (
            <BellOutlined />
          ) : (
            <CountBadge count={count} label={`${count} 条未读`}>
              <BellOutlined style={{ fontSize: 16 }} />
            </CountBadge>
          )}
        </span>
      </Popover>
      <AnnouncementModal item={shown} onClose={() => setShown(null)} />
    </>
  );
}
