import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { auditColumns, idColumn, trigramIndex, tstz, versionColumn } from './common';
import { users } from './system';
import { files } from './messaging';
import { projectItems, projects } from './business';

/**
 * Per-prefix, per-day counters behind generated numbers (XM projects, YP samples, BG reports:
 * prefix + yyyyMMdd + 4 digits). A number is never handed out twice: the counter only grows.
 */
export const docNoCounters = pgTable(
  'doc_no_counters',
  {
    prefix: varchar('prefix', { length: 8 }).notNull(),
    day: varchar('day', { length: 8 }).notNull(),
    last: integer('last').notNull(),
  },
  (t) => [primaryKey({ columns: [t.prefix, t.day] })],
);

/** 样品: registered under a project; receiving it creates its analyses. */
export const samples = pgTable(
  'samples',
  {
    id: idColumn(),
    sampleNo: varchar('sample_no', { length: 32 }).notNull(),
    projectId: varchar('project_id', { length: 32 })
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 200 }).notNull(),
    /** lims_sample_type. */
    sampleType: varchar('sample_type', { length: 10 }),
    quantity: numeric('quantity', { precision: 14, scale: 3 }),
    unit: varchar('unit', { length: 20 }),
    /** lims_sample_condition: condition on receipt. */
    condition: varchar('condition', { length: 10 }),
    storageLocation: varchar('storage_location', { length: 200 }),
    receivedBy: varchar('received_by', { length: 32 }).references(() => users.id, { onDelete: 'set null' }),
    receivedAt: tstz('received_at'),
    /** lims_sample_status (SAMPLE_STATUS). */
    status: varchar('status', { length: 10 }).notNull().default('1'),
    returnReason: varchar('return_reason', { length: 500 }),
    remark: varchar('remark', { length: 500 }),
    version: versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('samples_sample_no_uq').on(t.sampleNo),
    index('samples_create_time_idx').on(t.createTime, t.id),
    trigramIndex('samples_sample_no_trgm', t.sampleNo),
    trigramIndex('samples_name_trgm', t.name),
    index('samples_project_idx').on(t.projectId),
    index('samples_status_idx').on(t.status),
    index('samples_received_at_idx').on(t.receivedAt),
  ],
);

/** 检测任务: one per test item of the sample's project, created when the sample is received. */
export const analyses = pgTable(
  'analyses',
  {
    id: idColumn(),
    sampleId: varchar('sample_id', { length: 32 })
      .notNull()
      .references(() => samples.id, { onDelete: 'restrict' }),
    projectItemId: varchar('project_item_id', { length: 32 }).references(() => projectItems.id, {
      onDelete: 'set null',
    }),
    itemName: varchar('item_name', { length: 200 }).notNull(),
    /** Method / standard (检测标准/方法). */
    standard: varchar('standard', { length: 200 }),
    unit: varchar('unit', { length: 20 }),
    specMin: numeric('spec_min', { precision: 20, scale: 6 }),
    specMax: numeric('spec_max', { precision: 20, scale: 6 }),
    /** A text specification (技术要求) where there are no numeric limits. */
    specText: varchar('spec_text', { length: 200 }),
    analystId: varchar('analyst_id', { length: 32 }).references(() => users.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    /** The result as typed (a number, or text for a text specification). */
    result: varchar('result', { length: 100 }),
    /** 超标: outside its limits (null until a result is entered). */
    outOfSpec: boolean('out_of_spec'),
    enteredBy: varchar('entered_by', { length: 32 }).references(() => users.id, { onDelete: 'set null' }),
    enteredAt: tstz('entered_at'),
    /** lims_analysis_status (ANALYSIS_STATUS). */
    status: varchar('status', { length: 10 }).notNull().default('1'),
    rejectReason: varchar('reject_reason', { length: 500 }),
    /** Grows with every entry of the result: verifications of an earlier round no longer count. */
    resultRound: integer('result_round').notNull().default(0),
    version: versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    index('analyses_create_time_idx').on(t.createTime, t.id),
    index('analyses_sample_idx').on(t.sampleId),
    index('analyses_analyst_status_idx').on(t.analystId, t.status),
    index('analyses_status_due_idx').on(t.status, t.dueDate),
    /** An exact 检测项目 filter (item names repeat: a keyword's count would visit every match). */
    index('analyses_item_name_idx').on(t.itemName, t.createTime, t.id),
    trigramIndex('analyses_item_name_trgm', t.itemName),
  ],
);

/** 复核: who verified which round of a result (two different users when the settings ask for two). */
export const analysisVerifications = pgTable(
  'analysis_verifications',
  {
    id: idColumn(),
    analysisId: varchar('analysis_id', { length: 32 })
      .notNull()
      .references(() => analyses.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    verifierId: varchar('verifier_id', { length: 32 })
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    verifiedAt: tstz('verified_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('analysis_verifications_uq').on(t.analysisId, t.round, t.verifierId)],
);

/** 检测报告 (certificate of analysis): versions of one report share nothing but the link to the previous. */
export const reports = pgTable(
  'reports',
  {
    id: idColumn(),
    reportNo: varchar('report_no', { length: 32 }).notNull(),
    projectId: varchar('project_id', { length: 32 })
      .notNull()
      .references(() => projects.id, { onDelete: 'restrict' }),
    versionNo: integer('version_no').notNull().default(1),
    /** The report this one amends (its status becomes 已作废 when this one is published). */
    previousId: varchar('previous_id', { length: 32 }),
    /** lims_report_status (REPORT_STATUS). */
    status: varchar('status', { length: 10 }).notNull().default('1'),
    /** The PDF of the report as it stands (regenerated at approval and publication). */
    fileId: varchar('file_id', { length: 32 }).references(() => files.id, { onDelete: 'set null' }),
    approvedBy: varchar('approved_by', { length: 32 }).references(() => users.id, { onDelete: 'set null' }),
    approvedAt: tstz('approved_at'),
    publishedBy: varchar('published_by', { length: 32 }).references(() => users.id, { onDelete: 'set null' }),
    publishedAt: tstz('published_at'),
    amendReason: varchar('amend_reason', { length: 500 }),
    /** The contents as issued, frozen at publication (later result changes do not reach a published report). */
    snapshot: jsonb('snapshot'),
    remark: varchar('remark', { length: 500 }),
    version: versionColumn(),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('reports_report_no_uq').on(t.reportNo),
    index('reports_create_time_idx').on(t.createTime, t.id),
    trigramIndex('reports_report_no_trgm', t.reportNo),
    index('reports_project_idx').on(t.projectId),
  ],
);

/** The samples a report covers. */
export const reportSamples = pgTable(
  'report_samples',
  {
    reportId: varchar('report_id', { length: 32 })
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    sampleId: varchar('sample_id', { length: 32 })
      .notNull()
      .references(() => samples.id, { onDelete: 'restrict' }),
  },
  (t) => [primaryKey({ columns: [t.reportId, t.sampleId] }), index('report_samples_sample_idx').on(t.sampleId)],
);

/**
 * The audit trail (历史记录) of samples, analyses and reports: who, when, which fields with old and
 * new values, and the reason typed. No foreign keys (it outlives its records); the database refuses
 * UPDATE, DELETE and TRUNCATE on it (trigger in migration 0010).
 */
export const limsAudit = pgTable(
  'lims_audit',
  {
    id: idColumn(),
    entity: varchar('entity', { length: 20 }).notNull(),
    recordId: varchar('record_id', { length: 32 }).notNull(),
    recordLabel: varchar('record_label', { length: 200 }),
    action: varchar('action', { length: 20 }).notNull(),
    changes: jsonb('changes').notNull().default([]),
    reason: varchar('reason', { length: 500 }),
    userId: varchar('user_id', { length: 32 }),
    username: varchar('username', { length: 64 }),
    realname: varchar('realname', { length: 100 }),
    /** clock_timestamp(): the time of the entry itself, not of its transaction's start. */
    at: tstz('at')
      .notNull()
      .default(sql`clock_timestamp()`),
    /** Write order: two entries within one clock tick (PGlite's clock is coarse) keep their order. */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index('lims_audit_record_idx').on(t.entity, t.recordId, t.at), index('lims_audit_at_idx').on(t.at)],
);

/** 实验室设置: one JSON value per key (see LimsSettings in contracts). */
export const limsSettings = pgTable('lims_settings', {
  key: varchar('key', { length: 50 }).primaryKey(),
  value: jsonb('value').notNull(),
  updateBy: varchar('update_by', { length: 64 }),
  updateTime: tstz('update_time').notNull().defaultNow(),
});
