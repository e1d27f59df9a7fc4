import { App } from 'antd';
import { useState } from 'react';
import { PERM } from '@lims/contracts';
import { ListPage } from '../../shared/list-page/list-page';
import { reportError } from '../../shared/list-page/report-error';
import type { RowAction } from '../../shared/list-page/row-actions';
import { loadById } from '../../shared/list-page/stale-edit';
import { useFormModal } from '../../shared/list-page/use-form-modal';
import { useListPage, type RowKit } from '../../shared/list-page/use-list-page';
import { ANNT_URL, announcementKeys, usePublishing } from './api';
import { announcementColumns, SEND_STATUS, type AnnouncementRecord } from './announcement-columns';
import { announcementListSource } from './announcement-list-source';
import { AnnouncementFormModal } from './announcement-form-modal';
import { AnnouncementModal } from './announcement-modal';

/** 系统通告 (menu component system/SysAnnouncementList): write, publish, revoke and read announcements. */
export default function AnnouncementListPage() {
  const { message } = App.useApp();
  const modal = useFormModal<AnnouncementRecord>({ load: loadById(ANNT_URL.queryById) });
  const [viewing, setViewing] = useState<AnnouncementRecord | null>(null);
  const publishing = usePublishing();

  const publish = (action: 'release' | 'revoke', r: AnnouncementRecord) => {
    publishing.mutateAsync({ action, id: r.id }).then(
      (text) => message.success(text),
      (err: unknown) => reportError(err, message),
    );
  };

  /** 编辑 only while 未发布; 更多 ▸ 删除 (not 已发布), 发布 (未发布), 撤销 (已发布), 查看. */
  const rowActions = (r: AnnouncementRecord, kit: RowKit<AnnouncementRecord>): RowAction[] => {
    const draft = r.sendStatus === SEND_STATUS.draft;
    const published = r.sendStatus === SEND_STATUS.published;
    return [
      ...(draft ? [{ key: 'edit', label: '编辑', code: PERM.announcement.edit, onClick: () => modal.edit(r) }] : []),
      ...(published ? [] : [{ ...kit.deleteAction(r, { code: PERM.announcement.delete }), more: true }]),
      ...(draft
        ? [
            {
              key: 'release',
              label: '发布',
              code: PERM.announcement.release,
              confirm: '确定发布吗?',
              more: true,
              onClick: () => publish('release', r),
            },
          ]
        : []),
      ...(published
        ? [
            {
              key: 'revoke',
              label: '撤销',
              code: PERM.announcement.revoke,
              confirm: '确定撤销吗?',
              more: true,
              onClick: () => publish('revoke', r),
            },
          ]
        : []),
      { key: 'view', label: '查看', more: true, onClick: () => setViewing(r) },
    ];
  };

  const list = useListPage<AnnouncementRecord>({
    ...announcementListSource,
    deleteUrl: ANNT_URL.delete,
    deleteBatchUrl: ANNT_URL.deleteBatch,
    exportUrl: ANNT_URL.exportXls,
    exportName: '系统通告',
    importUrl: ANNT_URL.importExcel,
    templateUrl: ANNT_URL.importTemplate,
    columns: announcementColumns,
    invalidateKeys: [announcementKeys.all],
    rowActions,
  });

  return (
    <ListPage
      list={list}
      toolbar={{
        add: { text: '新增', code: PERM.announcement.add, onClick: () => modal.add() },
        export: { code: PERM.announcement.export },
        import: { code: PERM.announcement.import, templateName: '系统通告导入模板' },
        batch: { code: PERM.announcement.delete },
      }}
    >
      <AnnouncementFormModal modal={modal} />
      <AnnouncementModal item={viewing} onClose={() => setViewing(null)} />
    </ListPage>
  );
}
