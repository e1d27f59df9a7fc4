import { jsonb, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { tstz } from './common';
import { users } from './system';

/**
 * What a user chose for the app, kept on the server so it follows the user to another machine:
 * a list's column settings, saved advanced queries. One JSON value per user and key.
 */
export const userPreferences = pgTable(
  'user_preferences',
  {
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prefKey: varchar('pref_key', { length: 100 }).notNull(),
    value: jsonb('value').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.prefKey] })],
);
