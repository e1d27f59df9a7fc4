import type { ChannelLike, LocksLike, TabEnv } from '../shared/tabs/tab-env';

type Waiter = { tab: number; grant: () => void; reject: (e: unknown) => void };

/**
 * One browser's BroadcastChannel and Web Locks in memory, for tests with several tabs in one process:
 * a message reaches the other tabs' channels of the same name (not the sender's) in a later task; a
 * lock goes to one holder at a time in request order and is freed when its callback settles or its
 * tab is killed (as the browser frees a closed or crashed tab's locks).
 */
export function fakeBrowser() {
  const channels = new Map<string, Set<{ tab: number; deliver: (data: unknown) => void }>>();
  const holders = new Map<string, number>();
  const queues = new Map<string, Waiter[]>();
  const killed = new Set<number>();
  let nextTab = 0;

  const grantNext = (name: string) => {
    if (holders.has(name)) return;
    const next = queues.get(name)?.shift();
    if (next) next.grant();
  };

  function tab(): { env: TabEnv; kill: () => void } {
    const tabId = ++nextTab;
    const opened = new Set<() => void>();
    const locks: LocksLike = {
      request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T> {
        return new Promise<T>((resolve, reject) => {
          if (killed.has(tabId)) return;
          if (options.signal?.aborted) return reject(new DOMException('aborted', 'AbortError'));
          const waiter: Waiter = {
            tab: tabId,
            reject,
            grant: () => {
              options.signal?.removeEventListener('abort', onAbort);
              holders.set(name, tabId);
              const free = () => {
                if (holders.get(name) === tabId) holders.delete(name);
                grantNext(name);
              };
              callback().then(
                (v) => {
                  free();
                  resolve(v);
                },
                (e: unknown) => {
                  free();
                  reject(e);
                },
              );
            },
          };
          const onAbort = () => {
            const q = queues.get(name) ?? [];
            const i = q.indexOf(waiter);
            if (i >= 0) q.splice(i, 1);
            reject(new DOMException('aborted', 'AbortError'));
          };
          options.signal?.addEventListener('abort', onAbort);
          const q = queues.get(name) ?? [];
          queues.set(name, q);
          q.push(waiter);
          grantNext(name);
        });
      },
    };
    const env: TabEnv = {
      locks,
      openChannel(name) {
        const listeners = new Set<(e: MessageEvent) => void>();
        const member = {
          tab: tabId,
          deliver: (data: unknown) => listeners.forEach((l) => l({ data } as MessageEvent)),
        };
        const set = channels.get(name) ?? new Set();
        channels.set(name, set);
        set.add(member);
        const close = () => set.delete(member);
        opened.add(close);
        const channel: ChannelLike = {
          postMessage(data) {
            if (!set.has(member)) return;
            const copy = structuredClone(data);
            for (const other of [...set])
              if (other !== member) setTimeout(() => set.has(other) && other.deliver(copy), 0);
          },
          addEventListener: (_type, listener) => listeners.add(listener),
          close,
        };
        return channel;
      },
    };
    return {
      env,
      kill() {
        killed.add(tabId);
        opened.forEach((close) => close());
        for (const [name, q] of queues)
          queues.set(
            name,
            q.filter((w) => w.tab !== tabId),
          );
        for (const [name, holder] of [...holders]) {
          if (holder === tabId) {
            holders.delete(name);
            grantNext(name);
          }
        }
      },
    };
  }

  return { tab, holderOf: (name: string) => holders.get(name) };
}
