import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, trigramIndex, tstz, versionColumn } from './common';
import { users } from './system';

export const announcements = pgTable(
  'announcements',
  {
    id: idColumn(),
    titile: varchar('titile', { length: 100 }).notNull(),
    msgContent: text('msg_content'),
    startTime: tstz('start_time'),
    endTime: tstz('end_time'),
    sender: varchar('sender', { length: 100 }),
    /** L general, M important, H urgent. */
    priority: varchar('priority', { length: 1 }).notNull().default('L'),
    /** 1 通知公告, 2 系统消息. */
    msgCategory: varchar('msg_category', { length: 1 }).notNull().default('2'),
    /** ALL or USER. */
    msgType: varchar('msg_type', { length: 10 }).notNull().default('ALL'),
    /** 0 unpublished, 1 published, 2 revoked. */
    sendStatus: varchar('send_status', { length: 1 }).notNull().default('0'),
    sendTime: tstz('send_time'),
    cancelTime: tstz('cancel_time'),
    busType: varchar('bus_type', { length: 20 }),
    busId: varchar('bus_id', { length: 50 }),
    openType: varchar('open_type', { length: 20 }),
    openPage: varchar('open_page', { length: 255 }),
    userIds: text('user_ids'),
    version: versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    index('announcements_create_time_idx').on(t.createTime, t.id),
    index('announcements_status_idx').on(t.sendStatus, t.msgType),
  ],
);

/** Per-user delivery and read state of an announcement. */
export const announcementSends = pgTable(
  'announcement_sends',
  {
    id: idColumn(),
    anntId: varchar('annt_id', { length: 32 })
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readFlag: smallint('read_flag').notNull().default(0),
    readTime: tstz('read_time'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('announcement_sends_uq').on(t.anntId, t.userId),
    index('announcement_sends_user_idx').on(t.userId, t.readFlag),
  ],
);

/** Login log (type 1) and operation log (type 2). */
export const logs = pgTable(
  'logs',
  {
    id: idColumn(),
    logType: smallint('log_type').notNull(),
    logContent: varchar('log_content', { length: 1000 }).notNull(),
    /** 1 query, 2 add, 3 edit, 4 delete, 5 import, 6 export. */
    operateType: smallint('operate_type'),
    userid: varchar('userid', { length: 64 }),
    username: varchar('username', { length: 100 }),
    ip: varchar('ip', { length: 100 }),
    method: varchar('method', { length: 500 }),
    requestUrl: varchar('request_url', { length: 255 }),
    requestParam: text('request_param'),
    requestType: varchar('request_type', { length: 10 }),
    costTime: integer('cost_time'),
    /** Login log: whether the attempt succeeded (visits count successful logins only). */
    success: boolean('success'),
    ...auditColumns(),
  },
  (t) => [
    index('logs_type_time_idx').on(t.logType, t.createTime, t.id),
    index('logs_create_time_idx').on(t.createTime, t.id),
    trigramIndex('logs_content_trgm', t.logContent),
  ],
);

/** Opaque session tokens, stored hashed (sha-256). */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: varchar('user_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: tstz('created_at').notNull().defaultNow(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    expiresAt: tstz('expires_at').notNull(),
    revokedAt: tstz('revoked_at'),
    /** Set by the page-unload beacon: the session ends unless it is used again shortly after. */
    logoutRequestedAt: tstz('logout_requested_at'),
    ip: varchar('ip', { length: 100 }),
    userAgent: varchar('user_agent', { length: 255 }),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/** Uploaded files, stored outside any served folder under generated names. */
export const files = pgTable(
  'files',
  {
    id: idColumn(),
    storagePath: varchar('storage_path', { length: 255 }).notNull(),
    originalName: varchar('original_name', { length: 255 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    sha256: varchar('sha256', { length: 64 }).notNull(),
    biz: varchar('biz', { length: 50 }).notNull().default('temp'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('files_storage_path_uq').on(t.storagePath),
    // Per-user upload quotas count a user's recent uploads.
    index('files_create_by_time_idx').on(t.createBy, t.createTime),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Stored file content when files live in the database (the `database` storage driver, the default on
 * PostgreSQL), keyed by the stored path of `files`; every server process reads and deletes the same rows.
 */
export const fileContents = pgTable('file_contents', {
  storagePath: varchar('storage_path', { length: 255 }).primaryKey(),
  content: bytea('content').notNull(),
  size: integer('size').notNull(),
  createTime: tstz('create_time').notNull().defaultNow(),
});

/** Key/value facts about the installation (e.g. which seed version has been applied). */
export const appMeta = pgTable('app_meta', {
  key: varchar('key', { length: 100 }).primaryKey(),
  value: text('value').notNull(),
  updateTime: tstz('update_time').notNull().defaultNow(),
});

/** One-time SMS codes (login, register, password recovery), stored hashed, valid a few minutes. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: idColumn(),
    mobile: varchar('mobile', { length: 32 }).notNull(),
    /** '0' login, '1' register, '2' forgot password. */
    purpose: varchar('purpose', { length: 1 }).notNull(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: tstz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: tstz('consumed_at'),
    ip: varchar('ip', { length: 100 }),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.purpose, t.createdAt)],
);

/** Login captcha answers (the original JeecgBoot client's image captcha), by the client's check key; one use, a few minutes. */
export const loginCaptchas = pgTable(
  'login_captchas',
  {
    checkKey: varchar('check_key', { length: 32 }).primaryKey(),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: tstz('expires_at').notNull(),
  },
  (t) => [index('login_captchas_expires_idx').on(t.expiresAt)],
);
