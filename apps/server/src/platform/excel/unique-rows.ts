import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import type { SessionUser } from '../sessions';
import { insertInChunks } from './import-excel';
import type { ImportRowError } from './import-rows';

/** A field of imported rows that must be unique: how to read it, its column title, the row error. */
export type UniqueField<T> = { value: (row: T) => string | null | undefined; title: string; message: string };

/**
 * Row errors for unique values already stored (`taken`) or repeated in the file (the later row
 * names the earlier one: `…（与第 n 行重复）`). Empty values are not checked.
 */
export function duplicateRowErrors<T>(
  rows: readonly T[],
  rowNumbers: readonly number[],
  fields: ReadonlyArray<UniqueField<T> & { taken: ReadonlySet<string> }>,
): ImportRowError[] {
  const errors: ImportRowError[] = [];
  for (const f of fields) {
    const firstRow = new Map<string, number>();
    rows.forEach((r, i) => {
      const value = f.value(r);
      if (!value) return;
      const earlier = firstRow.get(value);
      if (f.taken.has(value)) errors.push({ row: rowNumbers[i], field: f.title, message: f.message });
      else if (earlier !== undefined)
        errors.push({ row: rowNumbers[i], field: f.title, message: `${f.message}（与第 ${earlier} 行重复）` });
      else firstRow.set(value, rowNumbers[i]);
    });
  }
  return errors.sort((a, b) => a.row - b.row);
}

/** The values of `column` among `values` that are already stored. */
export async function storedValues(tx: Tx, column: PgColumn, values: readonly string[]): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const found = await tx
    .select({ v: column })
    .from(column.table)
    .where(inArray(column, [...values]));
  return new Set(found.map((r) => String(r.v)));
}

/**
 * The insert step of an import whose rows carry one unique code: taken or repeated codes are row
 * errors (nothing written); otherwise every row is inserted with `createBy` set.
 */
export function insertUniqueRows<T extends object>(table: PgTable, column: PgColumn, field: UniqueField<T>) {
  return async (tx: Tx, rows: T[], actor: SessionUser, rowNumbers: number[]): Promise<ImportRowError[] | void> => {
    const values = rows.map(field.value).filter((v): v is string => Boolean(v));
    const errors = duplicateRowErrors(rows, rowNumbers, [{ ...field, taken: await storedValues(tx, column, values) }]);
    if (errors.length > 0) return errors;
    await insertInChunks(
      tx,
      table,
      rows.map((r) => ({ ...r, createBy: actor.username })),
    );
  };
}
