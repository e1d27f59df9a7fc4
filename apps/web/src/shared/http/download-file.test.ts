import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../ui/app-feedback';
import { storage } from '../storage/storage';
import { ACCESS_TOKEN } from '../storage/storage-keys';
import { ApiError } from './api-error';
import {
  downloadFile,
  downloadUrl,
  fetchFile,
  fileNameFrom,
  formatBytes,
  openDownload,
  progressText,
} from './download-file';

function answer(body: BodyInit, type: string, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': type } });
}

let warnings: string[];

beforeEach(() => {
  storage.set(ACCESS_TOKEN, 'tok-1');
  warnings = [];
  vi.spyOn(feedback.message, 'warning').mockImplementation((text) => {
    warnings.push(typeof text === 'string' ? text : JSON.stringify(text));
    return Object.assign(() => undefined, Promise.resolve(true));
  });
});

/** URL's blob helpers are static functions (no `this`): the tests replace them, each test ends with the originals. */
type BlobUrls = { createObjectURL: (obj: Blob | MediaSource) => string; revokeObjectURL: (url: string) => void };
const blobUrls: BlobUrls = URL;
const { createObjectURL, revokeObjectURL } = blobUrls;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

/** The address a fetch call asked for. */
const urlOf = (input: RequestInfo | URL): string =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

/** The calls of this module (files), not a late request of another test's form. */
const fileCalls = (fetchMock: { mock: { calls: Parameters<typeof fetch>[] } }) =>
  fetchMock.mock.calls.filter(([url]) => /\/(fj|sys\/common)\//.test(urlOf(url)));

describe('download helpers', () => {
  it('reads the file name of Content-Disposition (filename* first)', () => {
    expect(
      fileNameFrom(`attachment; filename="dict.xlsx"; filename*=UTF-8''${encodeURIComponent('字典信息.xlsx')}`),
    ).toBe('字典信息.xlsx');
    expect(fileNameFrom('attachment; filename="a.xlsx"')).toBe('a.xlsx');
    expect(fileNameFrom(null)).toBeNull();
  });

  it('shows bytes received, or a percentage when the size is known', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(progressText({ received: 2048, total: null })).toBe('2.0 KB');
    expect(progressText({ received: 50, total: 200 })).toBe('25%');
  });
});

describe('fetchFile', () => {
  it('gives up with 网络超时 when the server stays silent longer than the timeout', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const err = await fetchFile('/sys/dict/exportXls', {}, { timeoutMs: 20 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'timeout', message: '网络超时' });
  });

  it('lets the caller cancel: the abort is not a timeout', async () => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const cancel = new AbortController();
    const pending = fetchFile('/sys/dict/exportXls', {}, { signal: cancel.signal }).catch((e: unknown) => e);
    cancel.abort();
    expect(await pending).toMatchObject({ name: 'AbortError' });
  });
});

describe('downloadFile', () => {
  it('warns 未知的文件 without a url or file name and calls nothing', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    expect(await downloadFile('', 'a.txt')).toBe(false);
    expect(await downloadFile('/fj/xmfj/downloadFile', undefined)).toBe(false);
    expect(warnings).toEqual(['未知的文件', '未知的文件']);
    expect(fileCalls(fetchMock)).toEqual([]);
  });

  it('fetches the blob with the token header and saves it under the file name', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockResolvedValue(answer('内容', 'application/octet-stream'));
    const createUrl = vi.fn(() => 'blob:x');
    URL.createObjectURL = createUrl;
    URL.revokeObjectURL = vi.fn();
    const clicks: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });

    expect(await downloadFile('/fj/xmfj/downloadFile', '报告.pdf', { filePath: 'a/b.pdf', fileName: '报告.pdf' })).toBe(
      true,
    );
    const [url, init] = fileCalls(fetchMock)[0];
    expect(urlOf(url)).toContain('/api/fj/xmfj/downloadFile?filePath=a%2Fb.pdf');
    expect((init?.headers as Record<string, string>)['X-Access-Token']).toBe('tok-1');
    expect(clicks).toEqual(['报告.pdf']);
    expect(createUrl).toHaveBeenCalledOnce();
    expect(warnings).toEqual([]);
  });

  it('warns 文件下载失败 when the server answers with an error envelope', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      answer(
        JSON.stringify({ success: false, code: 404, message: '未知的文件', result: null }),
        'application/json',
        404,
      ),
    );
    expect(await downloadFile('/fj/xmfj/downloadFile', 'x.pdf')).toBe(false);
    expect(warnings).toEqual(['文件下载失败']);
  });
});

describe('openDownload', () => {
  it('opens the download route with the token as a query param', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openDownload('temp/202601/ab cd.pdf')).toBe(true);
    expect(open).toHaveBeenCalledWith(
      '/api/sys/common/download/temp/202601/ab%20cd.pdf?token=tok-1',
      '_blank',
      'noopener',
    );
    expect(downloadUrl('f1')).toBe('/api/sys/common/download/f1?token=tok-1');
  });

  it('warns 未知的文件 without a file', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openDownload('  ')).toBe(false);
    expect(warnings).toEqual(['未知的文件']);
    expect(open).not.toHaveBeenCalled();
  });
});
