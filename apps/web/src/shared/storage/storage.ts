import { STORAGE_PREFIX } from './storage-keys';

/** What is written for every key: the value and its expiry (ms epoch) or null for none. */
type Stored<T> = { value: T; expire: number | null };

export type StorageArea = 'local' | 'session';

function area(kind: StorageArea): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function isStored(x: unknown): x is Stored<unknown> {
  return typeof x === 'object' && x !== null && 'value' in x && 'expire' in x;
}

/**
 * The one storage module: JSON values with an optional lifetime under the `pro__` prefix.
 * An expired or unreadable value reads as absent (and is removed).
 */
export function createStorage(kind: StorageArea = 'local', now: () => number = Date.now) {
  return {
    set<T>(key: string, value: T, ttlMs?: number | null): void {
      const entry: Stored<T> = { value, expire: ttlMs ? now() + ttlMs : null };
      try {
        area(kind)?.setItem(STORAGE_PREFIX + key, JSON.stringify(entry));
      } catch {
        // storage full or disabled: the value simply does not persist
      }
    },
    get<T>(key: string, fallback?: T): T | undefined {
      const raw = area(kind)?.getItem(STORAGE_PREFIX + key);
      if (raw == null) return fallback;
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch {
        return fallback;
      }
      if (!isStored(parsed)) return fallback;
      if (parsed.expire !== null && parsed.expire <= now()) {
        area(kind)?.removeItem(STORAGE_PREFIX + key);
        return fallback;
      }
      return parsed.value as T;
    },
    remove(key: string): void {
      area(kind)?.removeItem(STORAGE_PREFIX + key);
    },
  };
}

export type AppStorage = ReturnType<typeof createStorage>;

/** Local storage (session, settings, permissions). */
export const storage = createStorage('local');
/** Per browser tab storage (open tabs). */
export const tabStorage = createStorage('session');
