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
import { diskFullMessage, isDiskFull, lockDataDir } from './data-dir-lock';
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
  listen: (channel: string, onPayload: (payload: string) => void) => Promise<() => Promise<void>>;
  /**
   * Called each time the LISTEN connection is back after a failure (PostgreSQL only): the
   * notifications sent in the gap are lost, so whoever caches must start over.
   */
  onReconnect: (handler: () => void) => void;
  close: () => Promise<void>;
};

/** Timeouts of the PostgreSQL pool (docs/decisions.md, "Database faults"). */
export const DB_TIMEOUTS = {
  /** A new connection (or a free one from a full pool) must come within this. */
  connectMs: 5_000,
  /** The server cancels a statement running longer (exports and imports work in short statements). */
  statementMs: 15_000,
  /** The client gives up on an answer this much after the statement timeout (a hung server cannot cancel), at most the statement timeout itself. */
  answerGraceMs: 5_000,
};

// From apps/server/src/db here, and from apps/server/dist/bundle when `npm start` runs the bundle.
export const migrationsFolder = fileURLToPath(new URL('../../src/db/migrations', import.meta.url));
const MIGRATION_LOCK = 7_240_001;

export type OpenOptions = {
  /** postgres://… for a server; 'memory://' for in-memory PGlite; undefined for PGlite in dataDir. */
  databaseUrl?: string;
  dataDir?: string;
  timeZone: string;
  poolSize?: number;
  /** PostgreSQL statement timeout (default DB_TIMEOUTS.statementMs); the client waits this plus the grace. */
  statementTimeoutMs?: number;
  /** PostgreSQL connection timeout (default DB_TIMEOUTS.connectMs). */
  connectTimeoutMs?: number;
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
  const lock = dataDir ? lockDataDir(dataDir) : undefined;
  try {
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
      onReconnect: () => undefined,
      close: async () => {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (err) {
    lock?.release();
    throw dataDir && isDiskFull(err) ? new Error(diskFullMessage(dataDir), { cause: err }) : err;
  }
}

/** SQLSTATE classes and codes that mean "the database is away or too slow", not "the request is wrong". */
const UNAVAILABLE_SQLSTATES = /^(08|57P0[1-3]|57014|53300|53400)/;
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
const UNAVAILABLE_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection closed|connection timeout/i;

/** Whether an error (or its cause) says the database is unreachable, restarting, or did not answer in time. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_CODES.has(code) || (code.length === 5 && UNAVAILABLE_SQLSTATES.test(code))) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_TEXT.test(e.message)) return true;
  }
  return false;
}

async function openPostgres(url: string, opts: OpenOptions): Promise<Database> {
  const statementMs = opts.statementTimeoutMs ?? DB_TIMEOUTS.statementMs;
  const connectMs = opts.connectTimeoutMs ?? DB_TIMEOUTS.connectMs;
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    options: `-c TimeZone=${opts.timeZone}`,
    connectionTimeoutMillis: connectMs,
    statement_timeout: statementMs,
    query_timeout: statementMs + Math.min(DB_TIMEOUTS.answerGraceMs, statementMs),
    keepAlive: true,
  });
  // An idle connection can fail (server restart, terminated backend, dropped database): the pool
  // discards it and the next query connects anew. Without a listener that error would end the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Several instances may start at once: one migrates, the others wait on the lock.
  const conn = await pool.connect();
  try {
    // Migrations may lock and rewrite big tables: no statement timeout for them.
    await conn.query('set statement_timeout = 0');
    await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(conn, { schema }), { migrationsFolder });
  } finally {
    await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    // The session keeps `statement_timeout = 0`: this connection leaves the pool.
    conn.release(true);
  }
  await db.execute(sql`select 1`);
  const listeners = createPgListener(url, opts.timeZone, connectMs);
  return {
    db,
    kind: 'postgres',
    listen: listeners.listen,
    onReconnect: listeners.onReconnect,
    close: async () => {
      await listeners.close();
      await pool.end();
    },
  };
}

/** Reconnect delays of the LISTEN connection: doubling from the first to the last, then the last. */
const LISTEN_RETRY_MS = { first: 200, max: 5_000 };

/**
 * One long-lived connection for every LISTEN of this process. It never fails its caller: when the
 * connection is lost (restart, outage) it reconnects with a growing delay, LISTENs again, and tells
 * the `onReconnect` handlers, because notifications sent in the gap are lost for good.
 */
function createPgListener(url: string, timeZone: string, connectMs: number) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const reconnectHandlers = new Set<() => void>();
  let client: pg.Client | undefined;
  let connecting: Promise<void> | undefined;
  let retry: NodeJS.Timeout | undefined;
  let delay = LISTEN_RETRY_MS.first;
  let connectedBefore = false;
  let closed = false;

  const quote = (channel: string) => {
    if (!/^[a-z_][a-z0-9_]{0,62}$/.test(channel)) throw new Error(`bad channel ${channel}`);
    return `"${channel}"`;
  };
  const scheduleReconnect = () => {
    if (closed || retry || connecting) return;
    retry = setTimeout(() => {
      retry = undefined;
      connect().catch(() => scheduleReconnect());
    }, delay);
    retry.unref();
    delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
  };
  const drop = (c: pg.Client) => {
    c.end().catch(() => undefined);
    if (client !== c) return;
    client = undefined;
    scheduleReconnect();
  };
  const connect = (): Promise<void> => {
    connecting ??= (async () => {
      const c = new pg.Client({
        connectionString: url,
        options: `-c TimeZone=${timeZone}`,
        connectionTimeoutMillis: connectMs,
        keepAlive: true,
      });
      c.on('notification', (n) => {
        for (const h of handlers.get(n.channel) ?? []) h(n.payload ?? '');
      });
      c.on('error', () => drop(c));
      c.on('end', () => drop(c));
      try {
        await c.connect();
        for (const channel of handlers.keys()) await c.query(`LISTEN ${quote(channel)}`);
      } catch (err) {
        c.end().catch(() => undefined);
        throw err;
      }
      if (closed) {
        await c.end().catch(() => undefined);
        return;
      }
      client = c;
      delay = LISTEN_RETRY_MS.first;
      if (connectedBefore) for (const h of reconnectHandlers) h();
      connectedBefore = true;
    })().finally(() => (connecting = undefined));
    return connecting;
  };

  return {
    listen: async (channel: string, onPayload: (payload: string) => void) => {
      const set = handlers.get(channel) ?? new Set();
      const first = set.size === 0;
      set.add(onPayload);
      handlers.set(channel, set);
      if (first) {
        try {
          if (client) await client.query(`LISTEN ${quote(channel)}`);
          else if (connecting) await connecting;
          else await connect();
        } catch {
          // The connection is away: it LISTENs to every channel when it is back.
          if (client) drop(client);
          else scheduleReconnect();
        }
      }
      return async () => {
        set.delete(onPayload);
        if (set.size === 0) {
          handlers.delete(channel);
          await client?.query(`UNLISTEN ${quote(channel)}`).catch(() => undefined);
        }
      };
    },
    onReconnect: (handler: () => void) => {
      reconnectHandlers.add(handler);
    },
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      await connecting?.catch(() => undefined);
      await client?.end().catch(() => undefined);
    },
  };
}

/** Runs a raw (parameterised) SQL query and returns its rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute<Record<string, unknown>>(query)) as { rows: T[] };
  return result.rows;
}
