import { useRef, useState } from 'react';
import { Button, App, Dropdown } from 'antd';
import DownOutlined from '@ant-design/icons/DownOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import { isApiError } from '../http/api-error';
import { fetchFile, progressText, saveBlob, type DownloadProgress } from '../http/download-file';
import { LIST_MSG } from './list-messages';
import type { ListParams } from './list-params';
import { isBusinessError, reportError } from './report-error';
import { PRESSABLE } from '../ui/pressable';

export type ExportButtonProps = {
  url: string;
  /** Saved as `<fileName>.xlsx` (default 导出文件). */
  fileName?: string;
  /** The list's current query (sent as `paramsStr`, URI-encoded JSON). */
  params: ListParams;
  /** Selected ids: only these rows are exported. */
  selections?: readonly string[];
  text?: string;
};

/** How often the progress text may change while the file streams in. */
const PROGRESS_EVERY_MS = 150;

/**
 * 导出: streams the .xlsx with the token header, shows the bytes received, saves the file. With rows
 * selected it asks first: 导出选中 N 条 (only those ids) or 导出全部符合条件的记录 (the list's query).
 */
export function ExportButton({ url, fileName, params, selections = [], text = '导出' }: ExportButtonProps) {
  const { message } = App.useApp();
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const abort = useRef<AbortController | null>(null);

  const run = async (only: readonly string[]) => {
    const ctl = new AbortController();
    abort.current = ctl;
    let last = 0;
    setProgress({ received: 0, total: null });
    try {
      const query = {
        paramsStr: encodeURIComponent(JSON.stringify(params)),
        selections: only.length ? only.join(',') : undefined,
      };
      const { blob } = await fetchFile(url, query, {
        signal: ctl.signal,
        onProgress: (p) => {
          const now = Date.now();
          if (now - last >= PROGRESS_EVERY_MS) {
            last = now;
            setProgress(p);
          }
        },
      });
      saveBlob(blob, `${fileName || LIST_MSG.defaultExportName}.xlsx`);
    } catch (err) {
      if (ctl.signal.aborted) return;
      if (isBusinessError(err)) message.error(`${LIST_MSG.downloadFailed}：${err.message}`);
      else {
        message.error(LIST_MSG.downloadFailed);
        if (isApiError(err)) reportError(err, message);
      }
    } finally {
      abort.current = null;
      setProgress(null);
    }
  };

  if (!progress && selections.length > 0) {
    return (
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'selected', label: `导出选中 ${selections.length} 条` },
            { key: 'all', label: '导出全部符合条件的记录' },
          ],
          onClick: ({ key }) => void run(key === 'selected' ? selections : []),
        }}
      >
        <Button icon={<ExportOutlined />}>
          {text} <DownOutlined />
        </Button>
      </Dropdown>
    );
  }
  if (!progress) {
    return (
      <Button icon={<ExportOutlined />} onClick={() => void run([])}>
        {text}
      </Button>
    );
  }
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <Button loading aria-live="polite">{`导出中 ${progressText(progress)}`}</Button>
      <a role="button" {...PRESSABLE} onClick={() => abort.current?.abort()}>
        取消
      </a>
    </span>
  );
}
