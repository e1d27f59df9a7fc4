import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../storage/storage';
import { ACCESS_TOKEN } from '../storage/storage-keys';
import { apiUrl, fileUrl, http, requestEnvelope } from './api-client';
import { ApiError } from './api-error';
import { bindErrorPresenter, resetErrorPresenter, type FeedbackUi } from './error-presenter';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const envelope = (code: number, result: unknown, message = '', success = code === 200) => ({
  success,
  message,
  code,
  result,
  timestamp: 1,
});

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const ui: FeedbackUi = { notify: vi.fn(), showExpired: vi.fn() };
  const logout = vi.fn(() => Promise.resolve());

  beforeEach(() => {
    vi.clearAllMocks();
    vi.stubGlobal('fetch', fetchMock);
    window.__LIMS_CONFIG__ = { apiBase: '/api' };
    bindErrorPresenter({ ui, logout, reload: vi.fn() });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    resetErrorPresenter();
    vi.useRealTimers();
  });

  it('sends the token header and _t in seconds on GET, and unwraps result', async () => {
    storage.set(ACCESS_TOKEN, 'tok');
    vi.spyOn(Date, 'now').mockReturnValue(1_700_000_123_456);
    fetchMock.mockResolvedValue(json(200, envelope(200, { list: [] })));
    await expect(http.get('/sys/user/getCurrentUserDeparts', { a: 'x', empty: '', none: undefined })).resolves.toEqual({
      list: [],
    });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/sys/user/getCurrentUserDeparts?a=x&_t=1700000123');
    expect((init?.headers as Record<string, string>)['X-Access-Token']).toBe('tok');
  });

  it('posts JSON without _t', async () => {
    fetchMock.mockResolvedValue(json(200, envelope(200, null)));
    await http.post('/sys/logout', { a: 1 });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/sys/logout');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('returns the whole envelope when asked', async () => {
    fetchMock.mockResolvedValue(json(200, envelope(200, { token: 't' }, '登录成功')));
    await expect(requestEnvelope('/sys/login', { method: 'POST', body: {} })).resolves.toMatchObject({
      code: 200,
      message: '登录成功',
    });
  });

  it('turns an error envelope into a typed ApiError and shows the catalogue reaction', async () => {
    fetchMock.mockResolvedValue(json(403, envelope(403, null, '没有权限')));
    const err = await http.get('/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ kind: 'http', status: 403, message: '没有权限' });
    await vi.waitFor(() =>
      expect(ui.notify).toHaveBeenCalledWith({ message: '系统提示', description: '拒绝访问', duration: 4 }),
    );
  });

  it('stays quiet for silent calls', async () => {
    fetchMock.mockResolvedValue(json(401, envelope(401, null, '用户名或密码错误')));
    await expect(http.post('/sys/login', {}, { silent: true })).rejects.toMatchObject({
      status: 401,
      message: '用户名或密码错误',
    });
    // A loud call after it is shown: by then the silent one would have been shown first.
    fetchMock.mockResolvedValue(json(403, envelope(403, null, '拒绝访问')));
    await expect(http.get('/sys/user/list')).rejects.toMatchObject({ status: 403 });
    await vi.waitFor(() => expect(ui.notify).toHaveBeenCalled());
    expect(ui.notify).toHaveBeenCalledTimes(1);
    expect(ui.notify).toHaveBeenCalledWith(expect.objectContaining({ description: '拒绝访问' }));
  });

  it('shows one expired-session modal however many calls fail', async () => {
    storage.set(ACCESS_TOKEN, 'tok');
    fetchMock.mockImplementation(() => Promise.resolve(json(401, envelope(401, null, 'Token失效，请重新登录'))));
    await Promise.allSettled([http.get('/a'), http.get('/b'), http.get('/c')]);
    await vi.waitFor(() => expect(ui.showExpired).toHaveBeenCalledTimes(1));
    expect(ui.showExpired).toHaveBeenCalledWith(
      expect.objectContaining({ title: '登录已过期', content: '很抱歉，登录已过期，请重新登录', okText: '重新登录' }),
    );
  });

  it('aborts after the timeout with a timeout ApiError', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const pending = http.get('/slow', undefined, { silent: true }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(50_000);
    await expect(pending).resolves.toMatchObject({ kind: 'timeout', message: '网络超时' });
  });

  it('builds API and file URLs (token appended for uploads and downloads)', () => {
    storage.set(ACCESS_TOKEN, 'tok');
    expect(apiUrl('sys/x', { a: 1 })).toBe('/api/sys/x?a=1');
    expect(fileUrl('/sys/common/upload')).toBe('/api/sys/common/upload?token=tok');
  });
});
