import type { FastifyInstance } from 'fastify';

/** How many unknown usernames are remembered (oldest forgotten first). */
const MAX_NAMES = 10_000;

type Entry = { failures: number; lockedUntil: number };

/**
 * Lockout for usernames that do not exist, counted in memory exactly like the real accounts'
 * lockout in the database: after the Nth failure the name answers "locked" too, so repeating wrong
 * guesses cannot tell an existing account from an unknown one.
 */
function createUnknownAccounts(maxFailures: number, lockMs: number) {
  const names = new Map<string, Entry>();
  return {
    /** Records a failure; answers the minutes of a lock in force (0: not locked). */
    fail(username: string, now = Date.now()): number {
      const key = username.slice(0, 200);
      const entry = names.get(key) ?? { failures: 0, lockedUntil: 0 };
      names.delete(key);
      names.set(key, entry);
      if (names.size > MAX_NAMES) names.delete(names.keys().next().value as string);
      if (entry.lockedUntil > now) return Math.max(1, Math.ceil((entry.lockedUntil - now) / 60_000));
      entry.failures += 1;
      if (entry.failures < maxFailures) return 0;
      entry.failures = 0;
      entry.lockedUntil = now + lockMs;
      return Math.round(lockMs / 60_000);
    },
  };
}

const byApp = new WeakMap<FastifyInstance, ReturnType<typeof createUnknownAccounts>>();

export function unknownAccounts(app: FastifyInstance) {
  let store = byApp.get(app);
  if (!store) {
    store = createUnknownAccounts(app.config.loginMaxFailures, app.config.loginLockMs);
    byApp.set(app, store);
  }
  return store;
}
