import type { TabEnv } from './tab-env';

const CHANNEL = 'lims-live-events';
const LEADER_LOCK = 'lims-live-events-leader';

/** One event as the tabs see it: `id` is the server's event id (resume point), when it has one. */
export type LiveEvent = { event: string; data: unknown; id?: string };

/**
 * What the leader tab runs: the one connection of the browser (resuming after `lastEventId`) plus
 * whatever else only one tab should do (the 60 s notice refresh). `emit` hands an event to every tab.
 * Returns the function that stops it.
 */
export type LeaderTask = (emit: (e: LiveEvent) => void, lastEventId: string | undefined) => () => void;

export type LiveEvents = {
  isLeader(): boolean;
  /** Tabs coordinate (else this tab runs the task itself, as every tab did before). */
  coordinated: boolean;
  stop(): void;
};

/**
 * One live-event connection per browser, not per tab (over HTTP/1.1 a browser opens at most six
 * connections to a host: six tabs each holding a stream left none for the seventh tab's requests).
 * The tabs elect a leader with the Web Lock `lims-live-events-leader`: the first tab to ask holds it
 * and runs `lead`; every event it emits is handled in its own tab and posted to the others over a
 * BroadcastChannel. The other tabs wait in the lock's queue and open nothing. When the leader goes
 * (closed, reloaded, crashed) the browser frees the lock and the next tab takes over, resuming after
 * the last event id any tab saw.
 */
export function startLiveEvents(env: TabEnv, lead: LeaderTask, onEvent: (e: LiveEvent) => void): LiveEvents {
  const channel = env.openChannel(CHANNEL);
  const locks = env.locks;
  let lastEventId: string | undefined;
  const seen = (e: LiveEvent) => {
    if (e.id) lastEventId = e.id;
    onEvent(e);
  };
  if (!channel || !locks) {
    channel?.close();
    const stopTask = lead(seen, undefined);
    return { isLeader: () => true, coordinated: false, stop: stopTask };
  }

  let leader = false;
  let stopped = false;
  const stop = new AbortController();
  channel.addEventListener('message', (m: MessageEvent) => {
    const e = m.data as LiveEvent | null;
    if (!stopped && e && typeof e.event === 'string') seen(e);
  });
  locks
    .request(
      LEADER_LOCK,
      { signal: stop.signal },
      () =>
        new Promise<void>((release) => {
          if (stopped) return release();
          leader = true;
          const stopTask = lead((e) => {
            if (stopped) return;
            seen(e);
            channel.postMessage(e);
          }, lastEventId);
          stop.signal.addEventListener('abort', () => {
            leader = false;
            stopTask();
            release();
          });
        }),
    )
    .catch(() => undefined);

  return {
    isLeader: () => leader,
    coordinated: true,
    stop() {
      if (stopped) return;
      stopped = true;
      stop.abort();
      channel.close();
    },
  };
}
