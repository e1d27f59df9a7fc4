import { bigint, pgTable, primaryKey, smallint, varchar } from 'drizzle-orm/pg-core';

/**
 * Exact row counts of the big list tables, kept by the database itself: statement-level triggers
 * (installed by `list_counts_install(table)` in migration 0002) add each INSERT's and subtract each
 * DELETE's transition-table count in the same transaction, so a count is exact in every snapshot,
 * rolled back with its transaction. A table's count is the sum over its slots: concurrent writers
 * update different slots (by backend pid), so they do not queue on one hot row. `changes` grows
 * with every insert, delete, truncate or update of create_time (the position cache of deep pages
 * checks it).
 */
export const listCounts = pgTable(
  'list_counts',
  {
    tableName: varchar('table_name', { length: 63 }).notNull(),
    slot: smallint('slot').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull().default(0),
    changes: bigint('changes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.slot] })],
);
