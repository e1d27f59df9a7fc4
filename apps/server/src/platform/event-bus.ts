import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

const CHANNEL = 'lims_events';

export type AppEvent =
  | { type: 'announcement'; action: 'publish' | 'revoke'; id: string; userIds: string[] | null }
  | { type: 'permissions-changed'; userIds?: string[] }
  | { type: 'dicts-changed' }
  /** Local only: the LISTEN connection is back after a gap whose events are lost; start over. */
  | { type: 'resync' };

/**
 * Events between all server instances on one database (PostgreSQL NOTIFY/LISTEN; PGlite has the
 * same within its process). Every instance, the sender included, receives each event once.
 */
export function createEventBus(database: Database) {
  const handlers = new Set<(e: AppEvent) => void>();
  let unlisten: (() => Promise<void>) | undefined;

  return {
    async start(): Promise<void> {
      database.onReconnect(() => {
        for (const h of handlers) h({ type: 'resync' });
      });
      unlisten = await database.listen(CHANNEL, (payload) => {
        let event: AppEvent;
        try {
          event = JSON.parse(payload) as AppEvent;
        } catch {
          return;
        }
        for (const h of handlers) h(event);
      });
    },
    async publish(event: AppEvent): Promise<void> {
      await database.db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
    },
    subscribe(handler: (e: AppEvent) => void): () => void {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async stop(): Promise<void> {
      handlers.clear();
      await unlisten?.();
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
