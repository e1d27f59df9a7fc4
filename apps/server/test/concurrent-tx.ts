import { sql } from 'drizzle-orm';
import { queryRows, type Db, type DbOrTx } from '../src/db/client';
import { eventually } from './eventually';

/**
 * Another person's write caught in mid-flight (PostgreSQL): runs `work` in a transaction and leaves
 * it open, holding its locks, until `commit` is called; `commit` resolves once it is committed.
 */
async function openTransaction(
  db: Db,
  work: (tx: DbOrTx) => Promise<unknown>,
): Promise<{ commit: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  let failed!: (err: unknown) => void;
  const ready = new Promise<void>((resolve, reject) => ((started = resolve), (failed = reject)));
  const done = db.transaction(async (tx) => {
    await work(tx);
    started();
    await released;
  });
  done.catch(failed);
  await ready;
  return {
    commit: async () => {
      release();
      await done;
    },
  };
}

/** Whether, within 5 s, a session of this database waits on a lock (a request blocked by an open transaction). */
function waitsOnALock(db: DbOrTx): Promise<boolean> {
  return eventually(async () => {
    const [waiting] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
    );
    return waiting.n > 0;
  });
}

/**
 * Sends `request` while another person's write (`work`, in a transaction of its own) is in mid-flight:
 * once the request waits on that write's locks, the write commits. Resolves with the request's answer
 * and whether it waited (false: it did not touch what the write was changing).
 */
export async function sendDuring<T>(
  db: Db,
  work: (tx: DbOrTx) => Promise<unknown>,
  request: () => Promise<T>,
): Promise<{ answer: T; waited: boolean }> {
  const write = await openTransaction(db, work);
  const sent = request();
  const waited = await waitsOnALock(db);
  await write.commit();
  return { answer: await sent, waited };
}
