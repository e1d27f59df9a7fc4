import { z } from 'zod';
import { recordIdField } from './business-fields';
import { reasonField } from './lims';

/**
 * 检测报告 (certificate of analysis): generated as a draft for a project (all its analyses verified)
 * or for chosen samples of it (each fully verified), then 草稿 → 已审批 → 已发布; an amendment of a
 * published report is a new version with a new number that makes the old one 已作废 when published.
 */

export const REPORT_MSG = {
  notFound: '检测报告不存在或无权查看！',
  projectRequired: '请选择检测项目！',
  projectNotFound: '检测项目不存在或无权查看！',
  projectClosed: '项目已归档或已取消，不能生成报告！',
  noAnalyses: '所选样品还没有检测任务，不能生成报告！',
  notVerified: (labels: string) => `以下样品还有未复核的检测结果：${labels}，全部复核后才能生成报告！`,
  sampleNotInProject: '所选样品不属于该项目！',
  samplesTooMany: '一次最多选择 1000 个样品！',
  notDraft: '只有草稿状态的报告可以审批！',
  notApproved: '只有已审批的报告可以发布！',
  notPublished: '只有已发布的报告可以修订！',
  deleteDraftOnly: '只有草稿状态的报告可以删除！',
  alreadyAmended: '该报告已有修订版本，请修订最新版本！',
  approverEnteredResult: '审批人不能是报告中检测结果的录入人！',
  changedMeanwhile: '报告状态已被他人更改，请刷新后重试！',
  resultsChanged: '报告中的检测结果已被修改，请重新生成报告！',
} as const;

/** One row of the 检测报告 list. */
export const reportRecordSchema = z.object({
  id: z.string(),
  reportNo: z.string(),
  projectId: z.string(),
  projectNo: z.string().nullable().optional(),
  projectName: z.string().nullable().optional(),
  customerUnitName: z.string().nullable().optional(),
  versionNo: z.number().int(),
  previousId: z.string().nullable(),
  /** The number of the report this one amends. */
  previousNo: z.string().nullable().optional(),
  status: z.string(),
  status_dictText: z.string().optional(),
  sampleCount: z.number().int().optional(),
  createBy: z.string().nullable(),
  createByName: z.string().nullable().optional(),
  createTime: z.string().nullable(),
  approvedByName: z.string().nullable().optional(),
  approvedAt: z.string().nullable(),
  publishedByName: z.string().nullable().optional(),
  publishedAt: z.string().nullable(),
  amendReason: z.string().nullable(),
  remark: z.string().nullable(),
  /** A stored PDF exists (download renders a missing one). */
  hasFile: z.boolean().optional(),
  version: z.number().int().optional(),
});
export type ReportRecord = z.infer<typeof reportRecordSchema>;

/** One sample of a report as queryById answers it. */
export const reportSampleSchema = z.object({
  id: z.string(),
  sampleNo: z.string(),
  name: z.string(),
  condition_dictText: z.string().nullable(),
  analysisCount: z.number().int(),
  outOfSpecCount: z.number().int(),
});
export type ReportSample = z.infer<typeof reportSampleSchema>;

export const reportDetailSchema = reportRecordSchema.extend({ samples: z.array(reportSampleSchema) });
export type ReportDetail = z.infer<typeof reportDetailSchema>;

/** A sample of a project as the 生成报告 dialog offers it: can it go into a report now? */
export const reportCandidateSchema = z.object({
  id: z.string(),
  sampleNo: z.string(),
  name: z.string(),
  status: z.string(),
  status_dictText: z.string().optional(),
  analysisCount: z.number().int(),
  verifiedCount: z.number().int(),
  /** Every analysis verified (and at least one). */
  ready: z.boolean(),
});
export type ReportCandidate = z.infer<typeof reportCandidateSchema>;

/** POST generate: a project (all its samples with analyses) or chosen samples of it. */
export const reportGenerateSchema = z.object({
  projectId: recordIdField(REPORT_MSG.projectRequired),
  sampleIds: z.array(recordIdField(REPORT_MSG.sampleNotInProject)).max(1000, REPORT_MSG.samplesTooMany).optional(),
  remark: z.string().trim().max(500, '备注最多 500 个字符！').optional(),
});
export type ReportGenerateForm = z.infer<typeof reportGenerateSchema>;

/** POST approve / publish: the report and the version the user saw. */
export const reportActionSchema = z.object({
  id: recordIdField(REPORT_MSG.notFound),
  version: z.number().int().optional(),
});
export type ReportActionForm = z.infer<typeof reportActionSchema>;

/** POST amend: a published report and why it is amended (required). */
export const reportAmendSchema = reportActionSchema.extend({ reason: reasonField });
export type ReportAmendForm = z.infer<typeof reportAmendSchema>;
