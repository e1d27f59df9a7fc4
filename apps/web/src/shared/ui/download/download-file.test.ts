import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../app-feedback';
import { storage } from '../../storage/storage';
import { ACCESS_TOKEN } from '../../storage/storage-keys';
import { downloadFile, downloadUrl, openDownload } from './download-file';

function answer(body: BodyInit, type: string, status = 200): Response {
  return new Response(body, { status, headers: { 'content-type': type } });
}

let warnings: string[];

beforeEach(() => {
  storage.set(ACCESS_TOKEN, 'tok-1');
  warnings = [];
  vi.spyOn(feedback.message, 'warning').mockImplementation((text) => {
    warnings.push(String(text));
    return Object.assign(() => undefined, Promise.resolve(true));
  });
});

const { createObjectURL, revokeObjectURL } = URL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

/** The calls of this module (files), not a late request of another test's form. */
const fileCalls = (fetchMock: { mock: { calls: Parameters<typeof fetch>[] } }) =>
  fetchMock.mock.calls.filter(([url]) => /\/(fj|sys\/common)\//.test(String(url)));

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
    const [url, init] = fileCalls(fetchMock)[0]!;
    expect(String(url)).toContain('/api/fj/xmfj/downloadFile?filePath=a%2Fb.pdf');
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
