import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../reply';
import { FILE_MSG } from './messages';

type QuotaRow = { recent: number; bytes: number; retry: number | null };

export type UploadQuota = { filesPerMinute: number; bytesPerDay: number };

/**
 * Refuses an upload beyond the user's quota, counted from `files` (so every server process counts
 * the same uploads): more than `filesPerMinute` in the last minute → 429 with Retry-After; more than
 * `bytesPerDay` in the last 24 hours, `incoming` included → 413.
 */
export async function checkUploadQuota(db: DbOrTx, username: string, quota: UploadQuota, incoming = 0): Promise<void> {
  const result = (await db.execute<Record<string, unknown>>(sql`
    select count(*) filter (where create_time > now() - interval '1 minute')::int as recent,
           coalesce(sum(size), 0)::float8 as bytes,
           ceil(extract(epoch from min(create_time) filter (where create_time > now() - interval '1 minute') + interval '1 minute' - now()))::int as retry
      from files where create_by = ${username} and create_time > now() - interval '1 day'`)) as {
    rows: QuotaRow[];
  };
  const row = result.rows[0];
  if (Number(row?.recent ?? 0) >= quota.filesPerMinute) {
    const retry = Math.max(1, Number(row?.retry ?? 60));
    throw new AppError(429, FILE_MSG.tooManyUploads(quota.filesPerMinute, retry), null, {
      'retry-after': String(retry),
    });
  }
  if (Number(row?.bytes ?? 0) + incoming > quota.bytesPerDay) {
    throw new AppError(413, FILE_MSG.dailyQuota(Math.round(quota.bytesPerDay / 1024 / 1024)));
  }
}

/** Serialises the final quota check and the insert of one user's uploads (across processes on PostgreSQL). */
export async function lockUserUploads(tx: DbOrTx, username: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`upload:${username}`}))`);
}
