/**
 * What the tabs of one browser coordinate with: a BroadcastChannel (messages to the app's other tabs)
 * and the Web Locks API (a lock is held until its tab releases it or goes away). Both are injected so
 * the logic is tested with several "tabs" in one process.
 */
export type ChannelLike = {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (e: MessageEvent) => void): void;
  close(): void;
};

export type LocksLike = {
  request<T>(name: string, options: { signal?: AbortSignal }, callback: () => Promise<T>): Promise<T>;
};

export type TabEnv = {
  /** A channel to the app's other tabs, or undefined where the browser has none. */
  openChannel(name: string): ChannelLike | undefined;
  locks: LocksLike | undefined;
};

/** The real browser's, where it has both (else each tab stands alone, as before). */
export function browserTabEnv(win: Window = window): TabEnv {
  const Channel = (win as Window & { BroadcastChannel?: typeof BroadcastChannel }).BroadcastChannel;
  const locks = (win.navigator as Navigator & { locks?: LockManager }).locks;
  return {
    openChannel: (name) => (Channel ? new Channel(name) : undefined),
    locks: locks && typeof locks.request === 'function' ? locks : undefined,
  };
}

/** A random id for this tab. */
export function newTabId(): string {
  return Math.random().toString(36).slice(2, 10) + Date.now().toString(36);
}
