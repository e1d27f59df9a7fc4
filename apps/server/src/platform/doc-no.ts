import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { docNoCounters } from '../db/schema';

/** Prefix + yyyyMMdd + the day's sequence (4 digits; a 10 000th number of a day gets 5). */
export const formatDocNo = (prefix: string, day: string, seq: number): string =>
  `${prefix}${day}${String(seq).padStart(4, '0')}`;

/**
 * Takes `count` consecutive numbers of today (in the session time zone, which is the configured
 * one) for `prefix` (DOC_NO_PREFIX: XM projects, YP samples, BG reports) with one atomic upsert of
 * the day's counter: concurrent callers never get the same number, and a number is never handed out
 * again (the counter only grows; deleting a record frees nothing). Called outside a transaction a
 * number is spent even if its insert then fails.
 */
export async function takeDocNos(db: DbOrTx, prefix: string, count = 1): Promise<string[]> {
  const [row] = await db
    .insert(docNoCounters)
    .values({ prefix, day: sql`to_char(now(), 'YYYYMMDD')`, last: count })
    .onConflictDoUpdate({
      target: [docNoCounters.prefix, docNoCounters.day],
      set: { last: sql`${docNoCounters.last} + ${count}` },
    })
    .returning({ day: docNoCounters.day, last: docNoCounters.last });
  return Array.from({ length: count }, (_, i) => formatDocNo(prefix, row.day, row.last - count + 1 + i));
}

/**
 * Moves counters up to numbers written without takeDocNos (demo data), so later generated numbers
 * continue after them. Numbers not of the form prefix + yyyyMMdd + digits are ignored.
 */
export async function keepDocNosAhead(tx: DbOrTx, prefix: string, numbers: string[]): Promise<void> {
  const counters = new Map<string, number>();
  for (const no of numbers) {
    const m = new RegExp(`^${prefix}(\\d{8})(\\d{4,})$`).exec(no);
    if (m) counters.set(m[1], Math.max(counters.get(m[1]) ?? 0, Number(m[2])));
  }
  if (counters.size === 0) return;
  await tx
    .insert(docNoCounters)
    .values([...counters].map(([day, last]) => ({ prefix, day, last })))
    .onConflictDoUpdate({
      target: [docNoCounters.prefix, docNoCounters.day],
      set: { last: sql`greatest(${docNoCounters.last}, excluded.last)` },
    });
}
