import { useState } from 'react';
import BellOutlined from '@ant-design/icons/BellOutlined';
import { Badge, Popover } from 'antd';
import type { UserAnnouncement } from '@lims/contracts';
import { useUnreadMessages } from '../../shared/messages/unread-messages';
import { useMarkRead } from './api';
import { AnnouncementModal } from './announcement-modal';
import { NoticePopover } from './notice-popover';
import { PRESSABLE } from '../../shared/ui/pressable';

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
        content={<NoticePopover data={data} onOpen={onOpen} onMore={() => setOpen(false)} />}
      >
        <span className={className} role="button" {...PRESSABLE} aria-label="消息通知" data-testid="notice-bell">
          {count === undefined ? (
            <BellOutlined />
          ) : (
            <Badge count={count} size="small">
              <BellOutlined style={{ fontSize: 16 }} />
            </Badge>
          )}
        </span>
      </Popover>
      <AnnouncementModal item={shown} onClose={() => setShown(null)} />
    </>
  );
}
