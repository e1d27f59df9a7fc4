import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Drawer, Modal, Table, Typography, App } from 'antd';
import { PERM, type ProjectAttachment } from '@lims/contracts';
import { Can } from '../../shared/permission/can';
import { downloadFile } from '../../shared/http/download-file';
import { UploadField } from '../../shared/ui/upload-field/upload-field';
import { ACCEPTED_UPLOAD_EXTENSIONS, MAX_UPLOAD_BYTES } from '@lims/contracts';
import { imageUrl } from '../../shared/ui/upload-field/upload-types';
import { PROJECT_URL, attachmentsQuery, projectKeys, useDeleteAttachment } from './api';
import { attachmentColumns } from './attachment-columns';

/** The project whose attachments the drawer shows. */
export type AttachmentProject = { id: string; projectNo: string; name: string };

const LIMIT_TEXT = `支持 ${ACCEPTED_UPLOAD_EXTENSIONS.join('、')}，单个文件不超过 ${MAX_UPLOAD_BYTES / 1024 / 1024}MB`;

/** 附件: a project's files: upload (checked by type and size here, by content on the server), download, preview, delete. */
export function AttachmentDrawer({ project, onClose }: { project: AttachmentProject | null; onClose: () => void }) {
  return (
    <Drawer open={project !== null} title="项目附件" size={820} onClose={onClose} destroyOnHidden>
      {project && <AttachmentList key={project.id} project={project} />}
    </Drawer>
  );
}

function AttachmentList({ project }: { project: AttachmentProject }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const attachments = useQuery(attachmentsQuery(project.id));
  const remove = useDeleteAttachment(project.id);
  const [preview, setPreview] = useState<ProjectAttachment | null>(null);

  /** Through /fj/xmfj/downloadFile?filePath=&fileName= (未知的文件 without a stored path). */
  const download = (a: ProjectAttachment) =>
    void downloadFile(a.filePath ? PROJECT_URL.attachmentDownload : null, a.fileName, {
      filePath: a.filePath,
      fileName: a.fileName,
      projectId: project.id,
    });
  const onDelete = (a: ProjectAttachment) =>
    remove.mutateAsync(a.id).then(
      (text) => {
        void message.success(text);
      },
      (err: unknown) => {
        void message.error(err instanceof Error && err.message ? err.message : '删除失败');
      },
    );

  return (
    <>
      <Typography.Paragraph>
        <Typography.Text strong>{project.projectNo}</Typography.Text> {project.name}
      </Typography.Paragraph>
      <Can code={PERM.project.attachmentUpload}>
        <div style={{ marginBottom: 16 }}>
          <UploadField
            uploadPath={PROJECT_URL.attachmentUpload}
            uploadParams={{ projectId: project.id }}
            transient
            text="上传附件"
            onUploaded={(file) => {
              void message.success(`${file.fileName} 上传成功`);
              void queryClient.invalidateQueries({ queryKey: projectKeys.attachments(project.id) });
            }}
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {LIMIT_TEXT}
          </Typography.Text>
        </div>
      </Can>
      <Table<ProjectAttachment>
        rowKey="id"
        size="middle"
        bordered
        loading={attachments.isFetching}
        dataSource={attachments.data ?? []}
        columns={attachmentColumns({ download, preview: setPreview, remove: onDelete })}
        pagination={false}
        locale={{ emptyText: attachments.isError ? '附件加载失败' : '暂无附件' }}
      />
      <Modal open={preview !== null} title="图片预览" footer={null} onCancel={() => setPreview(null)} width={720}>
        {preview && <img alt={preview.fileName} src={imageUrl(preview.filePath)} style={{ width: '100%' }} />}
      </Modal>
    </>
  );
}
