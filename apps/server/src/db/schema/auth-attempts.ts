import { bigint, boolean, index, pgTable, varchar } from 'drizzle-orm/pg-core';
import { tstz } from './common';

/**
 * Shared sign-in and request counters (every server process reads and writes the same rows):
 * one row per failed sign-in (`bucket` 'login': the name tried and the client address) and per
 * SMS code or self-registration request ('sms', 'register': the address only). Counted over
 * sliding windows; the scheduled clean-up deletes rows older than the longest window.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    bucket: varchar('bucket', { length: 16 }).notNull(),
    /** The account name as typed (unknown names count alike), `tel:<mobile>` for phone login. */
    account: varchar('account', { length: 100 }),
    /** The client address; IPv6 addresses by their /64 network. */
    addr: varchar('addr', { length: 64 }).notNull(),
    at: tstz('at').notNull().defaultNow(),
    /** A sign-in whose password is being checked: a failure once checked, deleted when it succeeds. */
    pending: boolean('pending').notNull().default(false),
  },
  (t) => [
    index('auth_attempts_account_idx').on(t.bucket, t.account, t.at),
    index('auth_attempts_addr_idx').on(t.bucket, t.addr, t.at),
    index('auth_attempts_at_idx').on(t.at),
  ],
);
