import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows, type Tx } from '../db/client';
import { authAttempts, logs, sessions, smsCodes } from '../db/schema';

/** The advisory lock a clean-up run holds (for its transaction): one instance at a time. */
export const CLEANUP_LOCK = 7_240_002;
/** Rows one statement deletes; a run deletes at most MAX_BATCHES of them per table. */
const BATCH = 10_000;
const MAX_BATCHES = 10;
/** Left-over parts of interrupted uploads older than this are deleted. */
const TEMP_UPLOAD_MAX_AGE_MS = 24 * 3_600_000;
/** SMS codes are kept a day after they were sent (the per-number hourly limit needs one hour). */
const SMS_CODE_KEEP = sql`interval '1 day'`;
/** When a run hit its cap, the next comes this soon (a backlog drains in steps, never in one long transaction). */
const BACKLOG_DELAY_MS = 60_000;

export type CleanupReport = {
  sessions: number;
  smsCodes: number;
  logs: number;
  authAttempts: number;
  tempUploads: number;
};

async function deleteBatched(
  tx: Tx,
  table: SQL,
  idColumn: SQL,
  where: SQL,
): Promise<{ count: number; capped: boolean }> {
  let count = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const rows = await queryRows<{ n: number }>(
      tx,
      sql`
      with gone as (delete from ${table} where ${idColumn} in (select ${idColumn} from ${table} where ${where} limit ${BATCH}) returning 1)
      select count(*)::int as n from gone`,
    );
    const n = Number(rows[0].n);
    count += n;
    if (n < BATCH) return { count, capped: false };
  }
  return { count, capped: true };
}

/** Deletes interrupted uploads' temporary files (`<uploadDir>/.tmp/*.part`) older than a day. */
async function cleanTempUploads(uploadDir: string, now = Date.now()): Promise<number> {
  const dir = path.join(uploadDir, '.tmp');
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    if (!name.endsWith('.part')) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => undefined);
    if (
      info?.isFile() &&
      now - info.mtimeMs > TEMP_UPLOAD_MAX_AGE_MS &&
      (await unlink(file).then(
        () => true,
        () => false,
      ))
    )
      removed++;
  }
  return removed;
}

/**
 * The scheduled clean-up: expired, revoked and idle sessions, old SMS codes, the sign-in and
 * request counters past their longest window, operation and login logs past LOG_RETENTION_DAYS,
 * and left-over temporary upload files. Each run is one transaction that first takes
 * pg_try_advisory_xact_lock: when another instance is cleaning, this one skips its turn (on
 * PGlite, one process, the lock is always free). Deletes go in batches and are capped per run.
 */
export function createCleanup(app: FastifyInstance) {
  const { config } = app;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;

  const attemptsKeepMs = Math.max(
    config.loginLockMs,
    config.loginAccountMax.windowMs,
    ...Object.values(config.rateLimits).map((l) => l.windowMs),
  );
  const secs = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

  async function runOnce(): Promise<(CleanupReport & { capped: boolean }) | null> {
    const tempUploads = await cleanTempUploads(config.uploadDir);
    const db = await app.db.transaction(async (tx) => {
      const [lock] = await queryRows<{ got: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${CLEANUP_LOCK}) as got`,
      );
      if (!lock.got) return null;
      const s = await deleteBatched(
        tx,
        sql`${sessions}`,
        sql`${sessions.id}`,
        sql`${sessions.expiresAt} <= now() or ${sessions.revokedAt} is not null or ${sessions.lastSeenAt} < now() - ${secs(config.sessionIdleMs)}`,
      );
      const c = await deleteBatched(
        tx,
        sql`${smsCodes}`,
        sql`${smsCodes.id}`,
        sql`${smsCodes.createdAt} < now() - ${SMS_CODE_KEEP}`,
      );
      const a = await deleteBatched(
        tx,
        sql`${authAttempts}`,
        sql`${authAttempts.id}`,
        sql`${authAttempts.at} < now() - ${secs(attemptsKeepMs)}`,
      );
      const l =
        config.logRetentionDays > 0
          ? await deleteBatched(
              tx,
              sql`${logs}`,
              sql`${logs.id}`,
              sql`${logs.createTime} < now() - make_interval(days => ${config.logRetentionDays})`,
            )
          : { count: 0, capped: false };
      return {
        sessions: s.count,
        smsCodes: c.count,
        authAttempts: a.count,
        logs: l.count,
        capped: s.capped || c.capped || a.capped || l.capped,
      };
    });
    return db && { ...db, tempUploads };
  }

  function schedule(ms: number): void {
    if (stopped || config.cleanupIntervalMs <= 0) return;
    timer = setTimeout(() => {
      const run = runOnce()
        .then((report) => {
          if (report && Object.values(report).some((v) => v)) app.log.info({ cleanup: report }, 'clean-up');
          schedule(report?.capped ? BACKLOG_DELAY_MS : config.cleanupIntervalMs);
        })
        .catch((err: unknown) => {
          app.log.error({ err }, 'clean-up failed');
          schedule(config.cleanupIntervalMs);
        });
      running = run;
    }, ms);
    timer.unref();
  }

  return {
    runOnce,
    /** First run a minute after start (or the interval, when shorter; tests pass their own), then every interval. */
    start(firstDelayMs = Math.min(60_000, config.cleanupIntervalMs)): void {
      if (timer) clearTimeout(timer);
      schedule(firstDelayMs);
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

export type Cleanup = ReturnType<typeof createCleanup>;
