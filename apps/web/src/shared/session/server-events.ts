import { createEventSource } from 'eventsource-client';
import { apiUrl, getToken } from '../http/api-client';
import type { LiveEvent } from '../tabs/live-events';

export const EVENTS_PATH = '/sys/annountCement/events';
/** The longest extra pause between attempts while the server cannot be reached. */
const MAX_BACKOFF_MS = 30_000;

function parseData(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });
}

export type ServerEventsOptions = {
  /** Where the last connection stopped: the server sends what came after it. */
  lastEventId?: string;
  /** The session is gone (no token, 401/403): the stream stays closed. */
  onSessionGone?: () => void;
  fetch?: typeof fetch;
};

/**
 * The server's event stream (announcements published or revoked, permissions changed) through
 * eventsource-client: the token in a header (EventSource cannot send headers), the `Last-Event-ID`
 * of the last event seen sent again on every reconnect (the server replays what was missed).
 * Each attempt takes the current token; failed attempts wait longer and longer (up to 30 s more);
 * no token or 401/403 closes it for good. Returns the function that closes it.
 */
export function openServerEvents(onEvent: (e: LiveEvent) => void, options: ServerEventsOptions = {}): () => void {
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  let failures = 0;
  const client = createEventSource({
    url: apiUrl(EVENTS_PATH),
    initialLastEventId: options.lastEventId,
    async fetch(url, init) {
      if (failures > 0)
        await pause(Math.min(1_000 * 2 ** failures, MAX_BACKOFF_MS), init?.signal as AbortSignal | undefined);
      const token = getToken();
      const gone = () => {
        options.onSessionGone?.();
        // 204 is the stream's "no more": the client closes and does not reconnect.
        return new Response(null, { status: 204 });
      };
      if (!token) return gone();
      let res: Response;
      try {
        res = await fetchImpl(url, {
          ...(init as RequestInit),
          headers: { ...init?.headers, 'X-Access-Token': token },
        });
      } catch (err) {
        failures += 1;
        throw err;
      }
      if (res.status === 401 || res.status === 403) return gone();
      if (!res.ok || !res.body) {
        failures += 1;
        throw new Error(`stream ${res.status}`);
      }
      failures = 0;
      return res;
    },
    onMessage: (m) => onEvent({ event: m.event ?? 'message', data: parseData(m.data), ...(m.id ? { id: m.id } : {}) }),
  });
  return () => client.close();
}
