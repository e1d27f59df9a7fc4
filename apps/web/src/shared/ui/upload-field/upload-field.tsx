import { useState } from 'react';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import { Button, Modal, Upload, App } from 'antd';
import type { UploadFile, UploadProps } from 'antd';
import { fileUrl, type QueryParams } from '../../http/api-client';
import { openDownload } from '../../http/download-file';
import {
  UPLOAD_PATH,
  acceptAttribute,
  fileNameOfPath,
  imageUrl,
  joinPaths,
  refusalOf,
  splitPaths,
  type UploadVariant,
} from './upload-types';

export type StoredFile = { id: string; filePath: string; fileName: string; url: string };
type UploadAnswer = { success?: boolean; message?: string; result?: StoredFile | null };

export type UploadFieldProps = {
  /** Stored paths, comma-joined. */
  value?: string;
  onChange?: (value: string) => void;
  /** Upload folder on the server (default there: temp). */
  biz?: string;
  /** At most this many files (1 replaces the file). */
  maxCount?: number;
  /** 'image': picture cards with thumbnails, images only. */
  variant?: UploadVariant;
  text?: string;
  disabled?: boolean;
  id?: string;
  /** Another upload endpoint (default /sys/common/upload), e.g. a record's attachments. */
  uploadPath?: string;
  /** Query params of the upload URL (default { biz }). */
  uploadParams?: QueryParams;
  /** Told of each file the server stored. */
  onUploaded?: (file: StoredFile) => void;
  /** Stored files leave the field's own list (the page lists them itself): only uploads in progress show. */
  transient?: boolean;
};

const pathOf = (f: UploadFile<UploadAnswer>) => f.response?.result?.filePath;

function fromPath(path: string, variant: UploadVariant): UploadFile<UploadAnswer> {
  const thumb = variant === 'image' ? imageUrl(path) : undefined;
  return {
    uid: path,
    name: fileNameOfPath(path),
    status: 'done',
    url: thumb,
    thumbUrl: thumb,
    response: { success: true, result: { id: '', filePath: path, fileName: fileNameOfPath(path), url: '' } },
  };
}

/**
 * Upload to /sys/common/upload (JUpload / JImageUpload): type and size checked before sending,
 * the token in the upload URL, value = the stored paths comma-joined.
 */
export function UploadField(props: UploadFieldProps) {
  const {
    value,
    onChange,
    biz,
    maxCount,
    variant = 'file',
    text,
    disabled,
    id,
    uploadPath,
    uploadParams,
    onUploaded,
    transient,
  } = props;
  const { message } = App.useApp();
  const [list, setList] = useState<UploadFile<UploadAnswer>[]>(() =>
    splitPaths(value).map((p) => fromPath(p, variant)),
  );
  const [preview, setPreview] = useState<string | null>(null);
  /** The value the list shows: a new value from outside (e.g. a form reset) rebuilds the list. */
  const [shown, setShown] = useState(value ?? '');
  if ('value' in props && (value ?? '') !== shown) {
    setShown(value ?? '');
    setList(splitPaths(value).map((p) => fromPath(p, variant)));
  }

  const emit = (next: UploadFile<UploadAnswer>[]) => {
    const joined = joinPaths(
      next
        .filter((f) => f.status === 'done')
        .map(pathOf)
        .filter((p): p is string => Boolean(p)),
    );
    setShown(joined);
    onChange?.(joined);
  };

  const beforeUpload: UploadProps['beforeUpload'] = (file, batch) => {
    const refusal = refusalOf(file, variant);
    const kept = list.filter((f) => f.status !== 'error').length;
    const full = maxCount !== undefined && maxCount > 1 && kept + batch.indexOf(file) >= maxCount;
    if (refusal || full) {
      void message.warning(refusal ?? `最多只能上传 ${maxCount} 个文件`);
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const handleChange: UploadProps<UploadAnswer>['onChange'] = ({ file, fileList }) => {
    const next = fileList.map((f): UploadFile<UploadAnswer> => {
      if (f.status !== 'done' || !f.response || f.response.success === false || !f.response.result) {
        return f.status === 'done' && f.response?.success === false ? { ...f, status: 'error' } : f;
      }
      const thumb = variant === 'image' ? imageUrl(f.response.result.filePath) : undefined;
      return { ...f, name: f.response.result.fileName || f.name, url: thumb, thumbUrl: thumb ?? f.thumbUrl };
    });
    if (file.status === 'done' && file.response?.success === false) {
      void message.error(file.response.message || `${file.name} 上传失败`);
    } else if (file.status === 'error') {
      void message.error(file.response?.message || `${file.name} 上传失败`);
    }
    const stored = file.status === 'done' && file.response?.success !== false ? file.response?.result : undefined;
    if (stored) onUploaded?.(stored);
    setList(transient ? next.filter((f) => f.status === 'uploading') : next);
    if (file.status === 'done' || file.status === 'removed') emit(next);
  };

  const onPreview = (f: UploadFile<UploadAnswer>) => {
    const path = pathOf(f);
    if (variant === 'image' && path) setPreview(imageUrl(path));
    else openDownload(path);
  };

  const full = maxCount !== undefined && maxCount > 1 && list.length >= maxCount;
  const trigger =
    variant === 'image' ? (
      full ? null : (
        <div>
          <PlusOutlined />
          <div style={{ marginTop: 8 }}>{text ?? '上传图片'}</div>
        </div>
      )
    ) : (
      <Button icon={<UploadOutlined />} disabled={disabled || full}>
        {text ?? '点击上传'}
      </Button>
    );

  return (
    <>
      <Upload<UploadAnswer>
        id={id}
        name="file"
        action={() => fileUrl(uploadPath ?? UPLOAD_PATH, uploadParams ?? { biz })}
        accept={acceptAttribute(variant)}
        listType={variant === 'image' ? 'picture-card' : 'text'}
        fileList={list}
        maxCount={maxCount}
        multiple={maxCount !== 1}
        disabled={disabled}
        beforeUpload={beforeUpload}
        onChange={handleChange}
        onPreview={onPreview}
      >
        {disabled && variant === 'image' ? null : trigger}
      </Upload>
      <Modal open={preview !== null} footer={null} onCancel={() => setPreview(null)} title="图片预览">
        {preview && <img alt="预览" src={preview} style={{ width: '100%' }} />}
      </Modal>
    </>
  );
}
