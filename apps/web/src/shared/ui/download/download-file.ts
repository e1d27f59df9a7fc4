import { fileUrl, type QueryParams } from '../../http/api-client';
import { fetchFile, saveBlob } from '../../list-page/download-file';
import { feedback } from '../app-feedback';

export const UNKNOWN_FILE = '未知的文件';
export const DOWNLOAD_FAILED = '文件下载失败';

/**
 * Downloads an API path (e.g. '/fj/xmfj/downloadFile') as a Blob with the token header and saves it as
 * `fileName`. Warns 未知的文件 without a url or name and 文件下载失败 when the call or the file fails.
 * Resolves true when the file was saved.
 */
export async function downloadFile(
  url: string | null | undefined,
  fileName: string | null | undefined,
  params?: QueryParams,
): Promise<boolean> {
  if (!url || !fileName) {
    void feedback.message.warning(UNKNOWN_FILE);
    return false;
  }
  try {
    const { blob } = await fetchFile(url, params ?? {});
    if (blob.size === 0) {
      void feedback.message.warning(DOWNLOAD_FAILED);
      return false;
    }
    saveBlob(blob, fileName);
    return true;
  } catch {
    void feedback.message.warning(DOWNLOAD_FAILED);
    return false;
  }
}

/** The download URL of a stored file (id or stored path), with the token as a query param. */
export function downloadUrl(ref: string): string {
  const path = ref.replace(/^\/+/, '').split('/').map(encodeURIComponent).join('/');
  return fileUrl(`/sys/common/download/${path}`);
}

/** Opens `/sys/common/download/<id or path>` in a new window (token as a query param); 未知的文件 without one. */
export function openDownload(ref: string | null | undefined): boolean {
  if (!ref || !ref.trim()) {
    void feedback.message.warning(UNKNOWN_FILE);
    return false;
  }
  window.open(downloadUrl(ref.trim()), '_blank', 'noopener');
  return true;
}
