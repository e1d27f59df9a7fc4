import { getTableColumns, is, Param, SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';

// A lone surrogate cannot go through PostgreSQL's JSON (the VALUES path sends U+FFFD for it: so do we).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATE_ALL = new RegExp(LONE_SURROGATE.source, 'g');

/** Rows per statement of the JSON path (one parameter, however many rows). */
export const BULK_ROWS = 5000;

/**
 * The columns and JSON text of one `INSERT … SELECT FROM json_to_recordset($1)`, or undefined when
 * the rows need what only drizzle's VALUES list gives: a database default for a key some rows lack,
 * a SQL value, or a json column. Keys, $defaultFn and mapToDriverValue work as in drizzle's insert.
 */
function jsonBatch(
  table: PgTable,
  rows: readonly Record<string, unknown>[],
): { columns: [string, PgColumn][]; json: string } | undefined {
  const all = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  const columns = all.filter(([key, col]) => col.defaultFn || col.onUpdateFn || rows.some((r) => r[key] !== undefined));
  const out: Record<string, unknown>[] = [];
  for (const row of rows) {
    const item: Record<string, unknown> = {};
    for (const [key, col] of columns) {
      let value = row[key];
      if (value === undefined) {
        if (col.defaultFn) value = col.defaultFn();
        else if (col.onUpdateFn && !col.default) value = col.onUpdateFn();
        else if (col.hasDefault) return undefined;
        else value = null;
      }
      if (is(value, SQL) || is(value, Param) || /^json/.test(col.getSQLType())) return undefined;
      if (value !== null) value = col.mapToDriverValue(value);
      item[col.name] =
        typeof value === 'string' && LONE_SURROGATE.test(value) ? value.replace(LONE_SURROGATE_ALL, '\uFFFD') : value;
    }
    out.push(item);
  }
  return { columns, json: JSON.stringify(out) };
}

/**
 * Inserts many rows fast: one parameter of JSON per BULK_ROWS rows, turned into rows by
 * PostgreSQL (no per-value SQL building in JS, no 65 535-parameter limit), falling back to
 * drizzle's insert in `chunkSize` rows where the JSON path cannot express the rows exactly.
 */
export async function insertInChunks(
  db: DbOrTx,
  table: PgTable,
  values: Record<string, unknown>[],
  chunkSize = 500,
): Promise<void> {
  for (let i = 0; i < values.length; i += BULK_ROWS) {
    const rows = values.slice(i, i + BULK_ROWS);
    const batch = jsonBatch(table, rows);
    if (!batch) {
      for (let j = 0; j < rows.length; j += chunkSize) await db.insert(table).values(rows.slice(j, j + chunkSize));
      continue;
    }
    const names = sql.join(
      batch.columns.map(([, col]) => sql.identifier(col.name)),
      sql`, `,
    );
    const types = sql.join(
      batch.columns.map(([, col]) => sql`${sql.identifier(col.name)} ${sql.raw(col.getSQLType())}`),
      sql`, `,
    );
    await db.execute(
      sql`insert into ${table} (${names}) select ${names} from json_to_recordset(${batch.json}::json) as x(${types})`,
    );
  }
}
