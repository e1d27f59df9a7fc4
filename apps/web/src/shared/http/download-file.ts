import { feedback } from '../ui/app-feedback';
import { REQUEST_TIMEOUT_MS, apiUrl, fileUrl, getToken, type QueryParams } from './api-client';
import { ApiError } from './api-error';
import { CATALOGUE_TEXT } from './error-catalogue';

/**
 * The one download helper: every file the web fetches (exports, templates, attachments) comes
 * through `fetchFile`, with the session token and a timeout; `downloadFile` and `openDownload` are
 * the attachment buttons' shortcuts.
 */

/** Bytes received so far and the size announced by the server (null while streaming without one). */
export type DownloadProgress = { received: number; total: number | null };
export type DownloadedFile = { blob: Blob; fileName: string | null };
type FetchFileOptions = {
  onProgress?: (p: DownloadProgress) => void;
  signal?: AbortSignal;
  /** How long the server may stay silent, before its answer and between two chunks (default 50 s). */
  timeoutMs?: number;
};

/** The file name of a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameFrom(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      return null;
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1].trim() : null;
}

type EnvelopeLike = { message?: unknown; code?: unknown; result?: unknown };

async function failure(res: Response, type: string): Promise<ApiError> {
  const body = type.includes('json') ? ((await res.json().catch(() => null)) as EnvelopeLike | null) : null;
  return new ApiError({
    kind: 'http',
    status: res.status,
    message: typeof body?.message === 'string' ? body.message : res.statusText,
    code: typeof body?.code === 'number' ? body.code : undefined,
    result: body?.result,
  });
}

/**
 * GET a file under the API base with the session token header, reporting bytes as they stream in.
 * A JSON answer or an error status is an ApiError; so is a server silent for `timeoutMs` (网络超时).
 */
export async function fetchFile(path: string, params: QueryParams, o: FetchFileOptions = {}): Promise<DownloadedFile> {
  const token = getToken();
  const headers: Record<string, string> = token ? { 'X-Access-Token': token } : {};
  const timeout = new AbortController();
  const limit = o.timeoutMs ?? REQUEST_TIMEOUT_MS;
  let timer = setTimeout(() => timeout.abort(), limit);
  const stillAlive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => timeout.abort(), limit);
  };
  const signal = o.signal ? AbortSignal.any([o.signal, timeout.signal]) : timeout.signal;
  const failed = (err: unknown) => {
    if (o.signal?.aborted || err instanceof ApiError) return err;
    return timeout.signal.aborted
      ? new ApiError({ kind: 'timeout', status: 0, message: CATALOGUE_TEXT.timeout })
      : new ApiError({ kind: 'network', status: 0, message: CATALOGUE_TEXT.network });
  };
  try {
    const res = await fetch(apiUrl(path, { ...params, _t: Math.floor(Date.now() / 1000) }), {
      headers,
      signal,
      credentials: 'same-origin',
    });
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || type.includes('application/json')) throw await failure(res, type);
    const total = Number(res.headers.get('content-length')) || null;
    const fileName = fileNameFrom(res.headers.get('content-disposition'));
    if (!res.body) return { blob: await res.blob(), fileName };
    const reader = res.body.getReader();
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    o.onProgress?.({ received, total });
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      stillAlive();
      chunks.push(value);
      received += value.byteLength;
      o.onProgress?.({ received, total });
    }
    return { blob: new Blob(chunks, { type }), fileName };
  } catch (err) {
    throw failed(err);
  } finally {
    clearTimeout(timer);
  }
}

/** Hands a blob to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** 1536 → "1.5 KB". */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** The progress as the export button shows it: a percentage when the size is known, else bytes. */
export function progressText(p: DownloadProgress): string {
  if (p.total) return `${Math.min(100, Math.floor((p.received / p.total) * 100))}%`;
  return formatBytes(p.received);
}

export const UNKNOWN_FILE = '未知的文件';
export const DOWNLOAD_FAILED = '文件下载失败';

/**
 * Downloads an API path (e.g. '/fj/xmfj/downloadFile') with the token header and saves it as
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
