import { Popconfirm } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import { PERM, type ProjectAttachment } from '@lims/contracts';
import { formatBytes } from '../../shared/http/download-file';
import { LIST_MSG } from '../../shared/list-page/list-messages';
import { ActionSeparator } from '../../shared/list-page/row-actions';
import { Can } from '../../shared/permission/can';
import { imageUrl } from '../../shared/ui/upload-field/upload-types';
import { PRESSABLE } from '../../shared/ui/pressable';

type Actions = {
  download: (a: ProjectAttachment) => void;
  preview: (a: ProjectAttachment) => void;
  remove: (a: ProjectAttachment) => Promise<unknown>;
};

/** The attachment table: 文件名 (images with a thumbnail), 大小, 上传人, 上传时间, 操作 预览 | 下载 | 删除. */
export function attachmentColumns({ download, preview, remove }: Actions): ColumnsType<ProjectAttachment> {
  return [
    {
      title: '文件名',
      dataIndex: 'fileName',
      render: (name: string, a) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          {a.isImage && (
            <img
              alt={`${name} 缩略图`}
              src={imageUrl(a.filePath)}
              style={{ width: 32, height: 32, objectFit: 'cover', borderRadius: 2, cursor: 'zoom-in' }}
              onClick={() => preview(a)}
            />
          )}
          {name}
        </span>
      ),
    },
    { title: '大小', dataIndex: 'fileSize', width: 100, align: 'right', render: (n: number) => formatBytes(n) },
    { title: '上传人', dataIndex: 'createByName', width: 100 },
    { title: '上传时间', dataIndex: 'createTime', width: 170, align: 'center' },
    {
      title: '操作',
      key: 'action',
      width: 150,
      align: 'center',
      render: (_v, a) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          {a.isImage && (
            <>
              <a role="button" {...PRESSABLE} onClick={() => preview(a)}>
                预览
              </a>
              <ActionSeparator />
            </>
          )}
          <a role="button" {...PRESSABLE} onClick={() => download(a)}>
            下载
          </a>
          <Can code={PERM.project.attachmentDelete}>
            <ActionSeparator />
            {/* antd waits for the returned promise (确定 shows loading) though the prop's type says void. */}
            {/* eslint-disable-next-line @typescript-eslint/no-misused-promises */}
            <Popconfirm title={LIST_MSG.deleteConfirm} okText="确定" cancelText="取消" onConfirm={() => remove(a)}>
              <a role="button" {...PRESSABLE} style={{ color: 'var(--ant-color-error, #ff4d4f)' }}>
                删除
              </a>
            </Popconfirm>
          </Can>
        </span>
      ),
    },
  ];
}
