import { asc, count, eq, inArray } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import type { DictCache } from './dict-cache';
import { badRequest } from './reply';

/**
 * Checks the business records (suppliers, customer units, projects) share: dictionary membership,
 * foreign-key violations, deletes refused while other rows reference the records. (The credit code's
 * check character is part of the contract's schema.)
 */

/** One dictionary value to check: [dictionary code, value (null: nothing to check), message when unknown]. */
export type DictCheck = readonly [code: string, value: string | null | undefined, message: string];

/** 400 with the check's message when a value is not an item of its dictionary. */
export async function assertDictValues(dictCache: DictCache, checks: readonly DictCheck[]): Promise<void> {
  for (const [code, value, message] of checks) {
    if (value === null || value === undefined) continue;
    if (!(await dictCache.textMap(code)).has(value)) throw badRequest(message);
  }
}

/** A PostgreSQL foreign-key violation (a referenced row went away, or is still referenced), whichever driver. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23503' || e?.cause?.code === '23503';
}

/** A record that other rows still reference: its name and how many rows. */
export type Referenced = { name: string; count: number };

/** Which rows point at which records: the referencing rows' key column, the records' id and name columns. */
export type Reference = { childKey: PgColumn; parentId: PgColumn; parentName: PgColumn };

/** Those of the records `ids` that rows still reference (by `ref`), each with its number of rows, by name. */
export async function referencedRecords(db: DbOrTx, ref: Reference, ids: readonly string[]): Promise<Referenced[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ name: ref.parentName, count: count() })
    .from(ref.childKey.table)
    .innerJoin(ref.parentId.table, eq(ref.parentId, ref.childKey))
    .where(inArray(ref.childKey, [...ids]))
    .groupBy(ref.parentId, ref.parentName)
    .orderBy(asc(ref.parentName));
  return rows.map((r) => ({ name: String(r.name), count: r.count }));
}

/**
 * A delete refused while other rows reference the records: `remove` deletes, calling `check` in its
 * transaction before the rows go (`refuse` answers 400 there); a reference added meanwhile fails the
 * delete on its foreign key, and `refuse` then gives the same answer.
 */
export async function deleteUnlessReferenced<T>(
  db: DbOrTx,
  refuse: (db: DbOrTx, ids: string[]) => Promise<void>,
  remove: (check: (tx: DbOrTx, ids: string[]) => Promise<void>) => Promise<T>,
): Promise<T> {
  let ids: string[] = [];
  try {
    return await remove(async (tx, list) => {
      ids = list;
      await refuse(tx, list);
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) await refuse(db, ids);
    throw err;
  }
}
