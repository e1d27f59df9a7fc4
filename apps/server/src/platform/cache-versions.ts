import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';

/**
 * The per-request check that keeps every instance's caches correct without relying on
 * notifications: one read of the `cache_versions` rows (bumped by triggers in the writer's
 * transaction); a version that moved since the last read drops that cache here. A change answered
 * to its writer is therefore enforced by every instance from its next request on.
 */
export function createCacheVersionCheck(db: Db, flush: Record<'permissions' | 'dicts', () => void>) {
  const seen = new Map<string, number>();
  return {
    async sync(): Promise<void> {
      const rows = await queryRows<{ name: string; version: string | number }>(
        db,
        sql`select name, version from cache_versions`,
      );
      for (const { name, version } of rows) {
        const v = Number(version);
        if (seen.get(name) === v) continue;
        // First read too: whatever was cached before it is dropped.
        if (name === 'permissions' || name === 'dicts') flush[name]();
        seen.set(name, v);
      }
    },
  };
}

export type CacheVersionCheck = ReturnType<typeof createCacheVersionCheck>;
