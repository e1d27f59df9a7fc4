import { isIPv4, isIPv6 } from 'node:net';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { queryRows } from '../db/client';
import { authAttempts } from '../db/schema';

export type AttemptBucket = 'login' | 'sms' | 'register' | 'captcha';

/** Expands an IPv6 address to its eight 16-bit groups (undefined when it is not one). */
function ipv6Groups(ip: string): string[] | undefined {
  const bare = ip.replace(/%.*$/, '');
  if (!isIPv6(bare)) return undefined;
  let text = bare;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1].split('.').map(Number);
    text = `${text.slice(0, -v4[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const fill = tail === undefined ? [] : new Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...fill, ...right].map((g) => parseInt(g, 16).toString(16));
}

/**
 * The address a counter is kept for: IPv4 as it is (IPv4-mapped IPv6 too), IPv6 by its /64
 * network — one subscriber usually holds a whole /64, so counting single IPv6 addresses would hand
 * an attacker 2^64 fresh addresses.
 */
export function addressKey(ip: string): string {
  if (isIPv4(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (!groups) return ip.slice(0, 64);
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const n = (parseInt(groups[6], 16) << 16) | parseInt(groups[7], 16);
    return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** Records one attempt (`pending`: a sign-in being checked); answers its row id. */
export async function recordAttempt(
  db: DbOrTx,
  bucket: AttemptBucket,
  addr: string,
  account?: string,
  pending = false,
): Promise<number> {
  const [row] = await db
    .insert(authAttempts)
    .values({ bucket, addr, account: account?.slice(0, 100) ?? null, pending })
    .returning({ id: authAttempts.id });
  return row.id;
}

/** A pending sign-in turned out a failure: answers the failures of its name and address within `windowMs` now. */
export async function settleAttempt(db: DbOrTx, id: number, windowMs: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`
    with settled as (update ${authAttempts} set pending = false where id = ${id} returning account, addr)
    select (select count(*) from ${authAttempts} a, settled s where a.bucket = 'login' and a.account = s.account and a.addr = s.addr
      and not a.pending and a.id <> ${id} and a.at > now() - make_interval(secs => ${windowMs / 1000}))::int + 1 as n`,
  );
  return Number(row.n);
}

/** Forgets attempts by id (a refused or successful attempt is not a failure). */
export async function forgetAttempts(db: DbOrTx, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(authAttempts).where(inArray(authAttempts.id, ids));
}

/** Forgets every failed sign-in of an account name (from `addr` only, when given). */
export async function forgetAccountFailures(db: DbOrTx, account: string, addr?: string): Promise<void> {
  const cond = and(eq(authAttempts.bucket, 'login'), eq(authAttempts.account, account.slice(0, 100)));
  await db.delete(authAttempts).where(addr ? and(cond, eq(authAttempts.addr, addr)) : cond);
}

/**
 * The address's attempts in the window other than `exceptId`, oldest first, with the database's
 * clock (every instance measures against the same one).
 */
export async function addressAttempts(
  db: DbOrTx,
  bucket: AttemptBucket,
  addr: string,
  windowMs: number,
  exceptId: number,
): Promise<{ nowMs: number; times: number[] }> {
  const rows = await queryRows<{ nowMs: number; at: number | null }>(
    db,
    sql`
    select (extract(epoch from now()) * 1000)::float8 as "nowMs", (extract(epoch from a.at) * 1000)::float8 as "at"
    from (select 1) one
    left join ${authAttempts} a on a.bucket = ${bucket} and a.addr = ${addr} and a.id <> ${exceptId}
      and a.at > now() - make_interval(secs => ${windowMs / 1000})
    order by a.at`,
  );
  return { nowMs: Number(rows[0].nowMs), times: rows.filter((r) => r.at !== null).map((r) => Number(r.at)) };
}

export type LoginFailureCounts = {
  nowMs: number;
  /** Failures of the account name from this address within the pair window, oldest first. */
  pair: number[];
  /** Other sign-ins of the account name from this address being checked right now. */
  pairPending: number;
  /** Failures of the account name from every address within the account window. */
  account: number;
  /** Failures of any name from this address within the address window. */
  address: number;
};

/** The failed sign-ins that bear on an attempt (`exceptId`: the attempt itself). */
export async function loginFailureCounts(
  db: DbOrTx,
  q: { account: string; addr: string; exceptId: number; pairMs: number; accountMs: number; addressMs: number },
): Promise<LoginFailureCounts> {
  const account = q.account.slice(0, 100);
  const secs = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;
  const maxMs = Math.max(q.pairMs, q.accountMs, q.addressMs);
  const [row] = await queryRows<{
    nowMs: number;
    account: number;
    address: number;
    pair: string | null;
    pairPending: number;
  }>(
    db,
    sql`
    select (extract(epoch from now()) * 1000)::float8 as "nowMs",
      count(*) filter (where a.account = ${account} and a.at > now() - ${secs(q.accountMs)})::int as "account",
      count(*) filter (where a.addr = ${q.addr} and a.at > now() - ${secs(q.addressMs)})::int as "address",
      string_agg(((extract(epoch from a.at) * 1000)::float8)::text, ',' order by a.at)
        filter (where a.account = ${account} and a.addr = ${q.addr} and a.at > now() - ${secs(q.pairMs)} and not a.pending) as "pair",
      count(*) filter (where a.account = ${account} and a.addr = ${q.addr} and a.pending and a.at > now() - ${secs(q.pairMs)})::int as "pairPending"
    from (select 1) one
    left join ${authAttempts} a on a.bucket = 'login' and a.id <> ${q.exceptId}
      and (a.account = ${account} or a.addr = ${q.addr}) and a.at > now() - ${secs(maxMs)}`,
  );
  return {
    nowMs: Number(row.nowMs),
    pair: row.pair ? row.pair.split(',').map(Number) : [],
    pairPending: Number(row.pairPending),
    account: Number(row.account),
    address: Number(row.address),
  };
}
