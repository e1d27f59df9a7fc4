import { bigint, pgTable, varchar } from 'drizzle-orm/pg-core';

/**
 * One version per in-memory cache ('permissions', 'dicts'), bumped by statement-level triggers on
 * the tables each cache reads, in the writer's own transaction. Every instance reads these rows
 * once per signed-in request and drops its cache when a version moved, so a committed change is
 * seen by every instance on the next request whether or not a notification arrived.
 */
export const cacheVersions = pgTable('cache_versions', {
  name: varchar('name', { length: 32 }).primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
