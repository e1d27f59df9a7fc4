import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { AppError } from './reply';

type AuditedTable = PgTable & { id: PgColumn; createBy: PgColumn; updateBy: PgColumn; updateTime: PgColumn };

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
  db: DbOrTx, table: T, values: Record<string, unknown>, username: string,
): Promise<string> {
  const rows = await db.insert(table).values({ ...values, createBy: username } as never)
    .returning({ id: table.id });
  return (rows as { id: string }[])[0].id;
}

/**
 * Updates a record by id with updateBy/updateTime set; 404 with `notFoundMessage` when it does not
 * exist or lies outside `where` (e.g. the user's data scope).
 */
export async function updateRecord<T extends AuditedTable>(
  db: DbOrTx, table: T, id: string, values: Record<string, unknown>, username: string, notFoundMessage: string, where?: SQL,
): Promise<void> {
  const rows = await db.update(table).set({ ...values, updateBy: username, updateTime: sql`now()` } as never)
    .where(and(eq(table.id, id), where)).returning({ id: table.id });
  if ((rows as unknown[]).length === 0) throw new AppError(404, notFoundMessage);
}
