import { randomUUID } from 'node:crypto';
import { index, integer, timestamp, varchar, type ExtraConfigColumn } from 'drizzle-orm/pg-core';

/** 32-character ids, as the original system's (a UUID without dashes). */
export function newId(): string {
  return randomUUID().replaceAll('-', '');
}

export const idColumn = () => varchar('id', { length: 32 }).primaryKey().$defaultFn(newId);

/** Timestamps travel as strings in the session time zone (set per connection), sliced to seconds. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'string' });

/** create_time/create_by/update_time/update_by: set by the server, never taken from the client. */
export const auditColumns = () => ({
  createTime: tstz('create_time').notNull().defaultNow(),
  createBy: varchar('create_by', { length: 64 }),
  updateTime: tstz('update_time'),
  updateBy: varchar('update_by', { length: 64 }),
});

/**
 * The edit version (optimistic locking): bumped by every edit in the same UPDATE that compares it,
 * so a form saved from an older version gets 409 instead of overwriting a newer change.
 * (update_time has seconds in the API: two edits in one second would look alike.)
 */
export const versionColumn = () => integer('version').notNull().default(0);

/**
 * A trigram GIN index (pg_trgm): serves the list engine's contains / starts-with / ends-with
 * filters (ILIKE '%term%') on big tables. The extension is created by migration 0001.
 */
export const trigramIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));
