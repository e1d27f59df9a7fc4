import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { projectNoCounters } from '../../db/schema';

/** XM + yyyyMMdd + the day's sequence (4 digits; a 10 000th project of a day gets 5). */
export const formatProjectNo = (day: string, seq: number): string => `XM${day}${String(seq).padStart(4, '0')}`;

/**
 * Takes `count` consecutive project numbers of today (in the session time zone, which is the
 * configured one) with one atomic upsert of the day's counter: concurrent callers never get the
 * same number, and a number is never handed out again (the counter only grows; deleting a project
 * frees nothing). Called outside a transaction a number is spent even if its insert then fails.
 */
export async function takeProjectNos(db: DbOrTx, count = 1): Promise<string[]> {
  const [row] = await db
    .insert(projectNoCounters)
    .values({ day: sql`to_char(now(), 'YYYYMMDD')`, last: count })
    .onConflictDoUpdate({ target: projectNoCounters.day, set: { last: sql`${projectNoCounters.last} + ${count}` } })
    .returning({ day: projectNoCounters.day, last: projectNoCounters.last });
  return Array.from({ length: count }, (_, i) => formatProjectNo(row.day, row.last - count + 1 + i));
}
