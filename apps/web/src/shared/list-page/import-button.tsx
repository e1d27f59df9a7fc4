import { useState } from 'react';
import { App, Button, Dropdown, Space, Upload, type UploadProps } from 'antd';
import DownOutlined from '@ant-design/icons/DownOutlined';
import ImportOutlined from '@ant-design/icons/ImportOutlined';
import { requestEnvelope } from '../http/api-client';
import { isApiError } from '../http/api-error';
import { fetchFile, saveBlob } from '../http/download-file';
import { importErrorsOf, type ImportReport } from './import-report';
import { LIST_MSG } from './list-messages';
import { isBusinessError, reportError } from './report-error';
import { ImportErrorsModal } from './import-errors-modal';

export type ImportButtonProps = {
  url: string;
  /** GET url of the import template (shown as 下载导入模板). */
  templateUrl?: string;
  /** Template file name without suffix, when the server does not name it. */
  templateName?: string;
  /** After a successful import, with the answer's `result` (the page reloads its list). */
  onImported?: (result: unknown) => unknown;
  text?: string;
};

/** Imports may take a while on the server (validation of every row, one transaction). */
const IMPORT_TIMEOUT_MS = 10 * 60_000;
export const IMPORT_ACCEPT = '.xlsx,.csv';

function extensionError(name: string): string | null {
  const lower = name.toLowerCase();
  if (lower.endsWith('.xlsx') || lower.endsWith('.csv')) return null;
  if (lower.endsWith('.xls')) return '请另存为 .xlsx 后再导入';
  return '仅支持导入 .xlsx 或 .csv 文件';
}

/** 导入: uploads the file (field `file`) through the http client; reports rows the server refused. */
export function ImportButton({ url, templateUrl, templateName, onImported, text = '导入' }: ImportButtonProps) {
  const { message } = App.useApp();
  const [uploading, setUploading] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);

  const upload = async (file: File) => {
    const body = new FormData();
    body.append('file', file);
    setUploading(true);
    try {
      const env = await requestEnvelope<unknown>(url, {
        method: 'POST',
        body,
        silent: true,
        timeoutMs: IMPORT_TIMEOUT_MS,
      });
      message.success(LIST_MSG.uploadOk(file.name));
      if (env.message) message.success(env.message);
      await onImported?.(env.result);
    } catch (err) {
      if (!isApiError(err) || err.kind !== 'http') message.error(LIST_MSG.uploadFailed);
      else if (isBusinessError(err)) {
        const errors = importErrorsOf(err.result);
        message.error(err.message);
        if (errors) setReport({ fileName: file.name, message: err.message, errors });
      } else reportError(err, message);
    } finally {
      setUploading(false);
    }
  };

  // antd Upload picks the file (click or drop); the http client sends it (token, timeout, error catalogue).
  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = extensionError(file.name);
    if (!problem) return true;
    message.warning(problem);
    return Upload.LIST_IGNORE;
  };
  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess }) => {
    void upload(file as File).then(() => onSuccess?.(null));
  };

  const downloadTemplate = async () => {
    if (!templateUrl) return;
    try {
      const { blob, fileName } = await fetchFile(templateUrl, {});
      saveBlob(blob, fileName ?? `${templateName ?? '导入模板'}.xlsx`);
    } catch (err) {
      message.error(LIST_MSG.downloadFailed);
      if (isApiError(err) && !isBusinessError(err)) reportError(err, message);
    }
  };

  const button = (
    <Upload
      accept={IMPORT_ACCEPT}
      showUploadList={false}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      disabled={uploading}
    >
      <Button icon={<ImportOutlined />} loading={uploading}>
        {uploading ? '导入中' : text}
      </Button>
    </Upload>
  );
  return (
    <>
      {templateUrl ? (
        <Space.Compact>
          {button}
          <Dropdown
            menu={{ items: [{ key: 'template', label: '下载导入模板' }], onClick: () => void downloadTemplate() }}
          >
            <Button icon={<DownOutlined />} aria-label="导入选项" />
          </Dropdown>
        </Space.Compact>
      ) : (
        button
      )}
      <ImportErrorsModal report={report} onClose={() => setReport(null)} />
    </>
  );
}
