import { apiUrl, getToken, type QueryParams } from '../http/api-client';
import { ApiError } from '../http/api-error';
import { CATALOGUE_TEXT } from '../http/error-catalogue';

/** Bytes received so far and the size announced by the server (null while streaming without one). */
export type DownloadProgress = { received: number; total: number | null };
export type DownloadedFile = { blob: Blob; fileName: string | null };
type FetchFileOptions = { onProgress?: (p: DownloadProgress) => void; signal?: AbortSignal };

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
 * GET a file under the API base with the session token header (the http client's base URL and
 * token), reporting bytes as they stream in. A JSON answer or an error status is an ApiError.
 */
export async function fetchFile(path: string, params: QueryParams, o: FetchFileOptions = {}): Promise<DownloadedFile> {
  const token = getToken();
  const headers: Record<string, string> = token ? { 'X-Access-Token': token } : {};
  let res: Response;
  try {
    res = await fetch(apiUrl(path, { ...params, _t: Math.floor(Date.now() / 1000) }), {
      headers,
      signal: o.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if (o.signal?.aborted) throw err;
    throw new ApiError({ kind: 'network', status: 0, message: CATALOGUE_TEXT.network });
  }
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
    chunks.push(value);
    received += value.byteLength;
    o.onProgress?.({ received, total });
  }
  return { blob: new Blob(chunks, { type }), fileName };
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
