import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { MSG } from '@lims/contracts';
import { AppError } from './reply';

type AuditedTable = PgTable & { id: PgColumn; createBy: PgColumn; updateBy: PgColumn; updateTime: PgColumn };
/** An editable table: audited, with the edit `version` column (optimistic locking). */
export type VersionedTable = AuditedTable & { version: PgColumn };

/** The PostgreSQL unique-violation error, whichever driver raised it. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Runs a write and turns a unique violation into a 409 with the given message. */
export async function uniqueOr409<T>(message: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, message);
    throw err;
  }
}

/** Inserts a record with its audit fields set by the server; returns the new id. */
export async function insertRecord<T extends AuditedTable>(
  db: DbOrTx,
  table: T,
  values: Record<string, unknown>,
  username: string,
): Promise<string> {
  const rows = await db
    .insert(table)
    .values({ ...values, createBy: username } as never)
    .returning({ id: table.id });
  return (rows as { id: string }[])[0].id;
}

/** 409 `记录已被他人修改，请刷新后重试`: an edit started from an older version of the record. */
export const staleEdit = () => new AppError(409, MSG.staleEdit);

/**
 * The WHERE part and SET part of a versioned edit: the row must still be at `version` (when the client
 * sent one; an older client sends none and is not checked), and the update bumps it. Both in one UPDATE,
 * so two edits from the same version cannot both pass, whichever server process runs them.
 */
export function versionGuard(table: VersionedTable, version: number | undefined) {
  return {
    where: version === undefined ? undefined : eq(table.version, version),
    set: { version: sql`${table.version} + 1` },
  };
}

/**
 * After a versioned UPDATE matched no row: 409 when the record is there (within `where`), so someone
 * else's edit came first; otherwise 404 with `notFoundMessage`.
 */
export async function staleOrNotFound(
  db: DbOrTx,
  table: VersionedTable,
  id: string,
  notFoundMessage: string,
  where?: SQL,
): Promise<never> {
  const found = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, id), where))
    .limit(1);
  throw (found as unknown[]).length > 0 ? staleEdit() : new AppError(404, notFoundMessage);
}

/**
 * Updates a record by id with updateBy/updateTime set and its version bumped; 404 with
 * `notFoundMessage` when it does not exist or lies outside `where` (e.g. the user's data scope).
 * A `version` among `values` is the one the edit started from: when the row has moved on, 409.
 */
export async function updateRecord<T extends VersionedTable>(
  db: DbOrTx,
  table: T,
  id: string,
  values: Record<string, unknown>,
  username: string,
  notFoundMessage: string,
  where?: SQL,
): Promise<void> {
  const { version, ...changes } = values as { version?: number };
  const guard = versionGuard(table, version);
  const rows = await db
    .update(table)
    .set({ ...changes, ...guard.set, updateBy: username, updateTime: sql`now()` } as never)
    .where(and(eq(table.id, id), where, guard.where))
    .returning({ id: table.id });
  if ((rows as unknown[]).length === 0) await staleOrNotFound(db, table, id, notFoundMessage, where);
}
