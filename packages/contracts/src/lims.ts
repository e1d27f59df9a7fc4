import { z } from 'zod';

/**
 * 实验室 (LIMS) basics shared by the sample, analysis, result, verification and report pages:
 * dictionary codes, states and their moves, the audit trail's shape and the laboratory settings.
 */

/** Dictionaries of the laboratory pages (seeded; values are the stored codes). */
export const LIMS_DICT = {
  sampleType: 'lims_sample_type',
  sampleCondition: 'lims_sample_condition',
  sampleStatus: 'lims_sample_status',
  analysisStatus: 'lims_analysis_status',
  reportStatus: 'lims_report_status',
} as const;

/** 样品状态: 待接收 → 已接收 → 检测中 → 已完成; 已退回 from 待接收 or 已接收 (with a reason). */
export const SAMPLE_STATUS = { pending: '1', received: '2', testing: '3', done: '4', returned: '5' } as const;

/** 检测任务状态: 待录入 → 待复核 → 已复核; a rejection or a changed result goes back to 待录入 / 待复核. */
export const ANALYSIS_STATUS = { open: '1', entered: '2', verified: '3' } as const;

/** 报告状态: 草稿 → 已审批 → 已发布; an amendment makes the published one 已作废. */
export const REPORT_STATUS = { draft: '1', approved: '2', published: '3', void: '4' } as const;

/** Number prefixes of generated numbers: prefix + yyyyMMdd + 4-digit day sequence, never reused. */
export const DOC_NO_PREFIX = { project: 'XM', sample: 'YP', report: 'BG' } as const;

/** Records whose every change the audit trail keeps. */
export const AUDIT_ENTITIES = ['sample', 'analysis', 'report'] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

/** What happened to the record (shown as 操作). */
export const AUDIT_ACTION_TEXT: Readonly<Record<string, string>> = {
  create: '新增',
  update: '修改',
  delete: '删除',
  receive: '接收',
  return: '退回',
  assign: '分配',
  enter: '录入结果',
  change: '修改结果',
  verify: '复核通过',
  reject: '复核退回',
  generate: '生成报告',
  approve: '审批',
  publish: '发布',
  void: '作废',
};

/** One changed field: its label as the page shows it, the value before and after (as text; null = empty). */
export const auditChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  old: z.string().nullable(),
  new: z.string().nullable(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

/** One row of a record's 历史记录: never edited, never deleted (also not with its record). */
export const auditRecordSchema = z.object({
  id: z.string(),
  entity: z.enum(AUDIT_ENTITIES),
  recordId: z.string(),
  /** The record's number or name at that time (readable after the record is gone). */
  recordLabel: z.string().nullable(),
  action: z.string(),
  actionText: z.string(),
  changes: z.array(auditChangeSchema),
  reason: z.string().nullable(),
  username: z.string().nullable(),
  realname: z.string().nullable(),
  /** yyyy-MM-dd HH:mm:ss. */
  at: z.string(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const LIMS_MSG = {
  reasonRequired: '请填写修改原因！',
  reasonTooLong: '修改原因最多 500 个字符！',
  auditEntityInvalid: '记录类型不正确！',
  recordNotFound: '记录不存在或无权查看！',
  labelSizeInvalid: '标签尺寸应为 20–200 毫米之间的整数！',
  verifiersInvalid: '复核人数只能为 1 或 2！',
} as const;

/** A reason the user typed: required for results after entry and for anything after verification. */
export const reasonField = z
  .string({ error: LIMS_MSG.reasonRequired })
  .trim()
  .min(1, LIMS_MSG.reasonRequired)
  .max(500, LIMS_MSG.reasonTooLong);

const labelMm = z
  .number({ error: LIMS_MSG.labelSizeInvalid })
  .int(LIMS_MSG.labelSizeInvalid)
  .min(20, LIMS_MSG.labelSizeInvalid)
  .max(200, LIMS_MSG.labelSizeInvalid);

/** 实验室设置: label size (mm) and how many different users must verify a result. */
export const limsSettingsSchema = z.object({
  labelWidthMm: labelMm,
  labelHeightMm: labelMm,
  verifiersRequired: z.union([z.literal(1), z.literal(2)], { error: LIMS_MSG.verifiersInvalid }),
});
export type LimsSettings = z.infer<typeof limsSettingsSchema>;

export const DEFAULT_LIMS_SETTINGS: LimsSettings = { labelWidthMm: 60, labelHeightMm: 40, verifiersRequired: 1 };
