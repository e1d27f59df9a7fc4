import { apiUrl, getToken } from '../http/api-client';

export type StreamEvent = { event: string; data: unknown };

/** Splits a Server-Sent Events buffer into complete events and the unfinished rest. */
export function parseEvents(buffer: string): { events: StreamEvent[]; rest: string } {
  const blocks = buffer.split(/\r?\n\r?\n/);
  const rest = blocks.pop() ?? '';
  const events: StreamEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line.startsWith(':')) continue;
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length === 0) continue;
    try {
      events.push({ event, data: JSON.parse(data.join('\n')) });
    } catch {
      events.push({ event, data: data.join('\n') });
    }
  }
  return { events, rest };
}

/**
 * Listens to the server's event stream (announcements published or revoked, permissions changed)
 * with the token in the header (EventSource cannot send headers), reconnecting with a growing
 * delay; stops for good when the session is gone. Returns the function that closes it.
 */
export function openServerEvents(onEvent: (e: StreamEvent) => void): () => void {
  let stopped = false;
  let controller: AbortController | undefined;
  let delay = 2_000;

  const run = async (): Promise<void> => {
    while (!stopped) {
      const token = getToken();
      if (!token) return;
      controller = new AbortController();
      try {
        const res = await fetch(apiUrl('/sys/annountCement/events'), { headers: { 'X-Access-Token': token, Accept: 'text/event-stream' }, signal: controller.signal });
        if (res.status === 401 || res.status === 403) return;
        if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
        delay = 2_000;
        const reader = res.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
          buffer = parsed.rest;
          parsed.events.forEach(onEvent);
        }
      } catch {
        if (stopped) return;
      }
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 30_000);
    }
  };
  void run();
  return () => {
    stopped = true;
    controller?.abort();
  };
}
