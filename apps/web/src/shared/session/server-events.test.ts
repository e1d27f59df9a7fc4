import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../storage/storage';
import { ACCESS_TOKEN } from '../storage/storage-keys';
import type { LiveEvent } from '../tabs/live-events';
import { openServerEvents } from './server-events';

/** A streamed answer with these SSE frames (then the stream ends, as a restarting server's does). */
function sse(text: string, status = 200): Response {
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(new TextEncoder().encode(text));
      c.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

describe('openServerEvents', () => {
  afterEach(() => storage.remove(ACCESS_TOKEN));

  it('reads events with their ids and JSON data, and reconnects with Last-Event-ID and the current token', async () => {
    window.__LIMS_CONFIG__ = { apiBase: '/api' };
    storage.set(ACCESS_TOKEN, 'tok-a');
    const calls: Array<{ url: string; headers: Record<string, string> }> = [];
    const answers = [
      sse(
        'retry: 10\n\nid: s1.3\nevent: ready\ndata: {"at":1}\n\n: ping\n\nid: s1.4\nevent: announcement\ndata: {"action":"publish","id":"a1"}\n\n',
      ),
      sse('id: s1.5\nevent: permissions\ndata: {}\n\n'),
    ];
    const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
      calls.push({
        url: url instanceof Request ? url.url : url.toString(),
        headers: init?.headers as Record<string, string>,
      });
      if (calls.length === 1) storage.set(ACCESS_TOKEN, 'tok-b');
      return answers.shift() ?? new Response(null, { status: 401 });
    });
    const events: LiveEvent[] = [];
    const gone = vi.fn();
    const close = openServerEvents((e) => events.push(e), {
      fetch: fetchMock,
      lastEventId: 's1.2',
      onSessionGone: gone,
    });
    await vi.waitFor(() => expect(gone).toHaveBeenCalled(), { timeout: 5_000 });
    close();
    expect(events).toEqual([
      { event: 'ready', data: { at: 1 }, id: 's1.3' },
      { event: 'announcement', data: { action: 'publish', id: 'a1' }, id: 's1.4' },
      { event: 'permissions', data: {}, id: 's1.5' },
    ]);
    expect(calls.map((c) => c.url)).toEqual([
      '/api/sys/annountCement/events',
      '/api/sys/annountCement/events',
      '/api/sys/annountCement/events',
    ]);
    expect(calls.map((c) => c.headers['Last-Event-ID'])).toEqual(['s1.2', 's1.4', 's1.5']);
    expect(calls.map((c) => c.headers['X-Access-Token'])).toEqual(['tok-a', 'tok-b', 'tok-b']);
    expect(calls[0].headers.Accept).toBe('text/event-stream');
  });

  it('does not connect without a token and stops for good on 401', async () => {
    window.__LIMS_CONFIG__ = { apiBase: '/api' };
    const fetchMock = vi.fn(async () => new Response(null, { status: 401 }));
    const gone = vi.fn();
    openServerEvents(() => undefined, { fetch: fetchMock, onSessionGone: gone });
    await vi.waitFor(() => expect(gone).toHaveBeenCalledTimes(1));
    expect(fetchMock).not.toHaveBeenCalled();

    storage.set(ACCESS_TOKEN, 'tok-x');
    const gone2 = vi.fn();
    openServerEvents(() => undefined, { fetch: fetchMock, onSessionGone: gone2 });
    await vi.waitFor(() => expect(gone2).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
