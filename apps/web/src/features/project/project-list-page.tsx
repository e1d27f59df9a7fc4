import { App } from 'antd';
import { useEffect, useEffectEvent, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PERM, type ProjectDetail, type ProjectRecord } from '@lims/contracts';
import { ListPage } from '../../shared/list-page/list-page';
import { reportError } from '../../shared/list-page/report-error';
import { useFormModal } from '../../shared/list-page/use-form-modal';
import { useListPage } from '../../shared/list-page/use-list-page';
import { PROJECT_URL, projectDetailQuery } from './api';
import type { AttachmentProject } from './attachment-drawer';
import { projectColumns } from './project-columns';
import { projectListSource } from './project-list-source';
import { useOpenTask } from '../../shared/menu/task-route';
import { useCan } from '../../shared/permission/use-can';
import { ProjectFormModal } from './project-form-modal';
import { AttachmentDrawer } from './attachment-drawer';

type OpenMode = 'edit' | 'detail' | 'clone';

/** 检测项目 (menu component project/JcXmProjectList). */
export default function ProjectListPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const modal = useFormModal<ProjectDetail>({
    load: (r) => queryClient.fetchQuery({ ...projectDetailQuery(String(r.id)), staleTime: 0 }),
  });
  const [attachmentsOf, setAttachmentsOf] = useState<AttachmentProject | null>(null);

  /** Edit, detail and clone start from the project with its test items (queryById). */
  const open = (mode: OpenMode, r: Pick<ProjectRecord, 'id'>) => {
    if (!r.id) return;
    queryClient.fetchQuery(projectDetailQuery(r.id)).then(
      (detail) => modal[mode](detail),
      (err: unknown) => reportError(err, message),
    );
  };

  // A pending task (首页 我的待办 → 处理) opens its project: editable, or read-only with
  // disableSubmit=true or without the edit permission.
  const { task, done } = useOpenTask();
  const canEdit = useCan(PERM.project.edit);
  const openTask = useEffectEvent((t: NonNullable<typeof task>) => {
    done();
    open(t.disableSubmit || !canEdit ? 'detail' : 'edit', t.record);
  });
  useEffect(() => {
    if (task) openTask(task);
  }, [task]);

  const list = useListPage<ProjectRecord>({
    ...projectListSource,
    deleteUrl: PROJECT_URL.delete,
    deleteBatchUrl: PROJECT_URL.deleteBatch,
    exportUrl: PROJECT_URL.exportXls,
    exportName: '检测项目',
    importUrl: PROJECT_URL.importExcel,
    templateUrl: PROJECT_URL.importTemplate,
    columns: projectColumns,
    inlineActions: 1,
    rowActions: (r, kit) => [
      { key: 'edit', label: '编辑', code: PERM.project.edit, onClick: () => open('edit', r) },
      { key: 'detail', label: '详情', onClick: () => open('detail', r) },
      { key: 'clone', label: '复制新增', code: PERM.project.add, onClick: () => open('clone', r) },
      {
        key: 'attachments',
        label: '附件',
        onClick: () => setAttachmentsOf({ id: String(r.id), projectNo: r.projectNo ?? '', name: r.name ?? '' }),
      },
      kit.deleteAction(r, { code: PERM.project.delete }),
    ],
  });

  return (
    <ListPage
      list={list}
      toolbar={{
        add: { text: '添加项目', code: PERM.project.add, onClick: () => modal.add() },
        export: { code: PERM.project.export },
        import: { code: PERM.project.import, templateName: '检测项目导入模板' },
        batch: { code: PERM.project.delete },
      }}
    >
      <ProjectFormModal modal={modal} />
      <AttachmentDrawer project={attachmentsOf} onClose={() => setAttachmentsOf(null)} />
    </ListPage>
  );
}
