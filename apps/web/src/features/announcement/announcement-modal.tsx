import { Modal, Space, Typography } from 'antd';
import { SafeHtml } from '../../shared/ui/safe-html/safe-html';
import { PriorityTag } from './priority-tag';

export type AnnouncementView = {
  titile: string;
  sender: string | null;
  sendTime: string | null;
  priority?: string | null;
  msgContent: string | null;
};

/** SPEC section 2: the announcement modal shows title, sender, send time and the HTML content (sanitised). */
export function AnnouncementModal({ item, onClose }: { item: AnnouncementView | null; onClose: () => void }) {
  return (
    <Modal open={item !== null} title={item?.titile} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      {item && (
        <>
          <Typography.Paragraph type="secondary">
            <Space size="large">
              <PriorityTag priority={item.priority} />
              <span>发布人：{item.sender ?? '—'}</span>
              <span>发布时间：{item.sendTime ?? '—'}</span>
            </Space>
          </Typography.Paragraph>
          <SafeHtml html={item.msgContent} className="announcement-content" />
        </>
      )}
    </Modal>
  );
}
