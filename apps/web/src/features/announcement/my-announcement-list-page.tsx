import { useState } from 'react';
import { Button, App } from 'antd';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import { ListPage } from '../../shared/list-page/list-page';
import { reportError } from '../../shared/list-page/report-error';
import { useListPage } from '../../shared/list-page/use-list-page';
import { useMarkRead, useReadAll } from './api';
import { myAnnouncementColumns, type MyAnnouncementRecord } from './announcement-columns';
import { myAnnouncementListSource } from './announcement-list-source';
import { AnnouncementModal } from './announcement-modal';

/** 我的消息 (menu component system/UserAnnouncementList): what was published to the user, read or not. */
export default function MyAnnouncementListPage() {
  const { message, modal } = App.useApp();
  const [viewing, setViewing] = useState<MyAnnouncementRecord | null>(null);
  const markRead = useMarkRead();
  const readAll = useReadAll();

  const view = (r: MyAnnouncementRecord) => {
    setViewing(r);
    if (r.readFlag !== 1) markRead.mutate(r.anntId);
  };

  const list = useListPage<MyAnnouncementRecord>({
    ...myAnnouncementListSource,
    columns: myAnnouncementColumns,
    selectable: false,
    rowActions: (r) => [{ key: 'view', label: '查看', onClick: () => view(r) }],
  });

  const markAll = () => {
    modal.confirm({
      title: '确认操作',
      content: '是否全部标注已读?',
      okText: '确定',
      cancelText: '取消',
      onOk: () =>
        readAll.mutateAsync().then(
          (text) => void message.success(text),
          (err: unknown) => reportError(err, message),
        ),
    });
  };

  return (
    <ListPage
      list={list}
      toolbar={{
        extra: (
          <Button type="primary" icon={<CheckOutlined />} onClick={markAll}>
            全部标注已读
          </Button>
        ),
      }}
    >
      <AnnouncementModal item={viewing} onClose={() => setViewing(null)} />
    </ListPage>
  );
}
