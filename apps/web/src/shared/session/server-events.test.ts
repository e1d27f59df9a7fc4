import { describe, expect, it } from 'vitest';
import { parseEvents } from './server-events';

describe('parseEvents', () => {
  it('reads complete events, skips comments and keeps the unfinished rest', () => {
    const { events, rest } = parseEvents('event: ready\ndata: {"at":1}\n\n: ping\n\nevent: announcement\ndata: {"action":"publish","id":"a1"}\n\nevent: annou');
    expect(events).toEqual([
      { event: 'ready', data: { at: 1 } },
      { event: 'announcement', data: { action: 'publish', id: 'a1' } },
    ]);
    expect(rest).toBe('event: annou');
  });

  it('keeps non-JSON data as text', () => {
    expect(parseEvents('data: hello\n\n').events).toEqual([{ event: 'message', data: 'hello' }]);
  });
});
