import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from '../../testing/fake-tabs';
import { startLiveEvents, type LeaderTask, type LiveEvent } from './live-events';

/** Ten tabs in one fake browser; the leader task records its connections and lets the test push events. */
function tenTabs() {
  const browser = fakeBrowser();
  const connections: Array<{
    tab: number;
    lastEventId: string | undefined;
    emit: (e: LiveEvent) => void;
    open: boolean;
  }> = [];
  const tabs = Array.from({ length: 10 }, (_, i) => {
    const tab = browser.tab();
    const received: LiveEvent[] = [];
    const lead: LeaderTask = (emit, lastEventId) => {
      const c = { tab: i, lastEventId, emit, open: true };
      connections.push(c);
      return () => {
        c.open = false;
      };
    };
    const live = startLiveEvents(tab.env, lead, (e) => received.push(e));
    return { live, received, kill: tab.kill };
  });
  const open = () => connections.filter((c) => c.open);
  return { tabs, connections, open };
}

describe('live events across tabs', () => {
  it('ten tabs open one connection; what the leader receives reaches every tab', async () => {
    const { tabs, open } = tenTabs();
    await vi.waitFor(() => expect(open()).toHaveLength(1));
    expect(tabs.filter((t) => t.live.isLeader())).toHaveLength(1);
    expect(tabs.every((t) => t.live.coordinated)).toBe(true);
    open()[0].emit({ event: 'announcement', data: { action: 'publish', id: 'a1' }, id: 's.1' });
    await vi.waitFor(() => expect(tabs.map((t) => t.received.length)).toEqual(Array(10).fill(1)));
    for (const t of tabs)
      expect(t.received[0]).toEqual({ event: 'announcement', data: { action: 'publish', id: 'a1' }, id: 's.1' });
    tabs.forEach((t) => t.live.stop());
  });

  it('the leader closing hands over to one other tab, which resumes after the last event id', async () => {
    const { tabs, connections, open } = tenTabs();
    await vi.waitFor(() => expect(open()).toHaveLength(1));
    const first = open()[0];
    first.emit({ event: 'ready', data: {}, id: 's.7' });
    first.emit({ event: 'notice', data: { anntMsgTotal: 1 } });
    await vi.waitFor(() => expect(tabs.every((t) => t.received.length === 2)).toBe(true));

    // the browser frees a closed tab's lock (its page, and so its connection, is gone)
    tabs[first.tab].kill();
    first.open = false;
    await vi.waitFor(() => expect(open()).toHaveLength(1));
    const second = open()[0];
    expect(second.tab).not.toBe(first.tab);
    expect(second.lastEventId).toBe('s.7');
    expect(connections).toHaveLength(2);

    // a tab that stops (its page leaves) while leading hands over too, and closes its connection
    tabs[second.tab].live.stop();
    expect(second.open).toBe(false);
    await vi.waitFor(() => expect(connections).toHaveLength(3));
    expect(connections[2].open).toBe(true);
    expect([first.tab, second.tab]).not.toContain(connections[2].tab);
    tabs.forEach((t) => t.live.stop());
  });

  it('where tabs cannot coordinate, every tab keeps its own connection (as before)', () => {
    const lead = vi.fn<LeaderTask>(() => () => undefined);
    const live = startLiveEvents({ openChannel: () => undefined, locks: undefined }, lead, () => undefined);
    expect(live.coordinated).toBe(false);
    expect(lead).toHaveBeenCalledTimes(1);
    live.stop();
  });
});
