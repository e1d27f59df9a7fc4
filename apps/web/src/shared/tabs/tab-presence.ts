import { newTabId, type TabEnv } from './tab-env';

const CHANNEL = 'lims-tabs';
const TAB_LOCK = 'lims-tab:';

type PresenceMessage = { type: 'hello' | 'here' | 'bye'; tab: string };

export type TabPresence = {
  /** No other tab of the app is known to be open (true where tabs cannot coordinate). */
  isLastTab(): boolean;
  /** How many other tabs are known to be open. */
  others(): number;
  /** Tells the others this tab is going (pagehide); a page shown again from the cache says hello again. */
  leave(): void;
  rejoin(): void;
  dispose(): void;
};

/**
 * Which other tabs of the app are open. Each tab holds the lock `lims-tab:<id>` for its life and
 * says hello on the channel (after it holds the lock); the others answer `here`. A tab that is told
 * about another asks for that tab's lock: it is granted when that tab is gone, even without a `bye`
 * (crash, killed process), and the tab is forgotten. `bye` (pagehide) forgets it at once.
 */
export function createTabPresence(env: TabEnv): TabPresence {
  const channel = env.openChannel(CHANNEL);
  const locks = env.locks;
  if (!channel || !locks) {
    channel?.close();
    return {
      isLastTab: () => true,
      others: () => 0,
      leave: () => undefined,
      rejoin: () => undefined,
      dispose: () => undefined,
    };
  }
  const id = newTabId();
  const peers = new Set<string>();
  const watching = new Map<string, AbortController>();
  const stop = new AbortController();
  let releaseOwn: (() => void) | undefined;
  let disposed = false;

  const post = (type: PresenceMessage['type']) => {
    if (!disposed) channel.postMessage({ type, tab: id } satisfies PresenceMessage);
  };
  const forget = (tab: string) => {
    peers.delete(tab);
    watching.get(tab)?.abort();
    watching.delete(tab);
  };
  const know = (tab: string) => {
    peers.add(tab);
    if (watching.has(tab)) return;
    const watch = new AbortController();
    watching.set(tab, watch);
    // Granted once that tab has released its lock: it is gone.
    locks
      .request(TAB_LOCK + tab, { signal: watch.signal }, async () => {
        if (watching.get(tab) === watch) {
          peers.delete(tab);
          watching.delete(tab);
        }
      })
      .catch(() => undefined);
  };

  channel.addEventListener('message', (e: MessageEvent) => {
    const m = e.data as Partial<PresenceMessage> | null;
    if (disposed || !m || typeof m.tab !== 'string' || m.tab === id) return;
    if (m.type === 'hello') {
      know(m.tab);
      post('here');
    } else if (m.type === 'here') {
      know(m.tab);
    } else if (m.type === 'bye') {
      forget(m.tab);
    }
  });

  locks
    .request(
      TAB_LOCK + id,
      { signal: stop.signal },
      () =>
        new Promise<void>((release) => {
          releaseOwn = release;
          post('hello');
        }),
    )
    .catch(() => undefined);

  return {
    isLastTab: () => peers.size === 0,
    others: () => peers.size,
    leave: () => post('bye'),
    rejoin: () => post('hello'),
    dispose() {
      if (disposed) return;
      post('bye');
      disposed = true;
      stop.abort();
      releaseOwn?.();
      for (const w of watching.values()) w.abort();
      watching.clear();
      peers.clear();
      channel.close();
    },
  };
}
