import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Repositories take either the database or a transaction. */
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** LISTEN on a channel (a dedicated connection on PostgreSQL); returns the unlisten function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

// From apps/server/src/db here, and from apps/server/dist/bundle when `npm start` runs the bundle.
const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));
const MIGRATION_LOCK = 7_240_001;

export type OpenOptions = {
  /** postgres://… for a server; 'memory://' for in-memory PGlite; undefined for PGlite in dataDir. */
  databaseUrl?: string;
  dataDir?: string;
  timeZone: string;
  poolSize?: number;
  /** PGlite only: start from a dumped data directory (tests load a migrated, seeded snapshot). */
  pgliteSnapshot?: Blob;
};

/** Opens the database, sets the session time zone and applies pending migrations. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (!/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/.test(opts.timeZone)) throw new Error(`bad time zone ${opts.timeZone}`);
  const url = opts.databaseUrl;
  if (url && /^postgres(ql)?:\/\//.test(url)) return openPostgres(url, opts);
  return openPglite(url === 'memory://' ? undefined : opts.dataDir, opts.timeZone, opts.pgliteSnapshot);
}

async function openPglite(dataDir: string | undefined, timeZone: string, snapshot?: Blob): Promise<Database> {
  // The options-object form: `new PGlite(undefined, opts)` would drop the extensions.
  const client = new PGlite({ dataDir, extensions: { pg_trgm }, ...(snapshot ? { loadDataDir: snapshot } : {}) });
  await client.waitReady;
  await client.exec(`SET TIME ZONE '${timeZone}'`);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    listen: (channel, onPayload) => client.listen(channel, onPayload),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, opts: OpenOptions): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    options: `-c TimeZone=${opts.timeZone}`,
  });
  // An idle connection can fail (server restart, terminated backend, dropped database): the pool
  // discards it and the next query connects anew. Without a listener that error would end the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Several instances may start at once: one migrates, the others wait on the lock.
  const conn = await pool.connect();
  try {
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    conn.release();
  }
  await db.execute(sql`select 1`);
  const listeners = createPgListener(url, opts.timeZone);
  return {
    db,
    kind: 'postgres',
    listen: listeners.listen,
    close: async () => {
      await listeners.close();
      await pool.end();
    },
  };
}

/** One long-lived connection for every LISTEN of this process, reconnecting after a failure. */
function createPgListener(url: string, timeZone: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;

  const connect = (): Promise<pg.Client> => {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString: url, options: `-c TimeZone=${timeZone}` });
      c.on('notification', (n) => {
        for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
      });
      c.on('error', () => {
        client = undefined;
        connecting = undefined;
        if (!closed) setTimeout(() => void resubscribe(), 1000).unref();
      });
      await c.connect();
      client = c;
      return c;
    })();
    connecting.catch(() => (connecting = undefined));
    return connecting;
  };
  const quote = (channel: string) => {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad channel ${channel}`);
    return `"${channel}"`;
  };
  async function resubscribe(): Promise<void> {
    if (closed || handlers.size === 0) return;
    const c = await connect();
    for (const channel of handlers.keys()) await c.query(`LISTEN ${quote(channel)}`);
  }

  return {
    async listen(channel: string, onPayload: (payload: string) => void) {
      const set = handlers.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(onPayload);
      handlers.set(channel, set);
      if (first) await (await connect()).query(`LISTEN ${quote(channel)}`);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
        }
      };
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
    },
  };
}

/** Runs a raw (parameterised) SQL query and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
