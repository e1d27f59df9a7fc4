import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../shared/storage/storage';
import { ACCESS_TOKEN } from '../shared/storage/storage-keys';
import { NOTICE_REFRESH_MS } from '../shared/messages/unread-messages';
import type { LiveEvent } from '../shared/tabs/live-events';
import { leaderTask } from './server-events';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the leader tab', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    storage.remove(ACCESS_TOKEN);
    Reflect.deleteProperty(document, 'visibilityState');
  });

  it('reloads the unread list every 60 s, hidden or not, and hands it to every tab; holds one stream', async () => {
    vi.useFakeTimers();
    window.__LIMS_CONFIG__ = { apiBase: '/api' };
    storage.set(ACCESS_TOKEN, 'tok-leader');
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    const unread = { anntMsgList: [], anntMsgTotal: 2, sysMsgList: [], sysMsgTotal: 1 };
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        urls.push(String(url));
        if (String(url).includes('/sys/annountCement/events')) {
          // a stream that stays open until closed
          return new Response(
            new ReadableStream({
              start(c) {
                init?.signal?.addEventListener('abort', () => c.error(new DOMException('aborted', 'AbortError')));
              },
            }),
            { status: 200 },
          );
        }
        return json({ success: true, code: 200, message: '', result: unread, timestamp: 1 });
      }),
    );
    const emitted: LiveEvent[] = [];
    const stop = leaderTask((e) => emitted.push(e), 'x.1');
    await vi.advanceTimersByTimeAsync(NOTICE_REFRESH_MS - 1);
    expect(emitted.filter((e) => e.event === 'notice')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(emitted.filter((e) => e.event === 'notice')).toHaveLength(1));
    expect(emitted.find((e) => e.event === 'notice')?.data).toEqual(unread);
    await vi.advanceTimersByTimeAsync(NOTICE_REFRESH_MS);
    await vi.waitFor(() => expect(emitted.filter((e) => e.event === 'notice')).toHaveLength(2));
    expect(urls.filter((u) => u.includes('/sys/annountCement/events'))).toHaveLength(1);
    expect(urls.filter((u) => u.includes('/sys/annountCement/listByUser'))).toHaveLength(2);
    stop();
    await vi.advanceTimersByTimeAsync(NOTICE_REFRESH_MS);
    expect(urls.filter((u) => u.includes('/sys/annountCement/listByUser'))).toHaveLength(2);
  });
});
