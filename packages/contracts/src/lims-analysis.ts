import { z } from 'zod';
import { dictTextField } from './business-fields';
import { editVersionField } from './common/envelope';
import { LIMS_MSG } from './lims';

/**
 * 检测任务, 结果录入 and 结果复核: the shapes of the analysis routes, their messages, and the one
 * out-of-limits (超标) judgement the grid and the server share.
 */

export const ANALYSIS_MSG = {
  notFound: '检测任务不存在或无权查看！',
  idsRequired: '请选择检测任务！',
  tooMany: '一次最多处理 500 条检测任务！',
  nothingToAssign: '请填写检测员、计划完成日期或限值！',
  analystUnknown: '检测员不存在或已停用！',
  dueDateInvalid: '计划完成日期格式应为 yyyy-MM-dd！',
  limitInvalid: '限值应为数字！',
  limitsOrder: '下限不能大于上限！',
  specTextTooLong: '技术要求最多 200 个字符！',
  assignVerified: '已复核的检测任务不能再修改分配或限值！',
  resultRequired: '请输入检测结果！',
  resultTooLong: '检测结果最多 100 个字符！',
  resultNotNumber: '该项目有数值限值，结果应为数字！',
  notYourAnalysis: '只能录入分配给您的检测任务！',
  resultUnchanged: '结果未修改！',
  changedMeanwhile: '该检测任务刚被他人处理，请刷新后重试！',
  notWaiting: '该结果不在待复核状态，请刷新后重试！',
  ownResult: '不能复核自己录入的结果！',
  alreadyVerified: '您已复核过该结果，需由另一位复核人复核！',
  rejectReasonRequired: '请填写退回原因！',
} as const;

/** The texts of the analysis and sample states (as the seeded dictionaries have them; for the audit trail). */
export const ANALYSIS_STATUS_TEXT: Readonly<Record<string, string>> = { '1': '待录入', '2': '待复核', '3': '已复核' };
export const SAMPLE_STATUS_TEXT: Readonly<Record<string, string>> = {
  '1': '待接收',
  '2': '已接收',
  '3': '检测中',
  '4': '已完成',
  '5': '已退回',
};

const MAX_IDS = 500;

/** A typed number: optional sign, digits, optional decimals, optional exponent. */
const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** The result as a number, or null when it is not a plain number. */
export function resultNumber(result: string | null | undefined): number | null {
  const text = (result ?? '').trim();
  if (!NUMBER_RE.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

export type AnalysisLimits = {
  specMin?: string | number | null;
  specMax?: string | number | null;
};

/** A stored limit as a number (`'6.000000'` from the database → 6); null when empty. */
export const limitOf = (v: string | number | null | undefined): number | null =>
  v === null || v === undefined || String(v).trim() === '' ? null : Number(v);

/** Whether the analysis has a numeric limit (then its result must be a number). */
export const hasNumericLimits = (limits: AnalysisLimits): boolean =>
  limitOf(limits.specMin) !== null || limitOf(limits.specMax) !== null;

/**
 * 超标: the result lies below the lower or above the upper limit (limits inclusive). Null when it
 * cannot be judged: no result, no numeric limits (a text specification), or a result that is not a
 * number. The one rule of the 结果录入 grid, the server and the reports.
 */
export function isOutOfSpec(result: string | null | undefined, limits: AnalysisLimits): boolean | null {
  const value = resultNumber(result);
  const min = limitOf(limits.specMin);
  const max = limitOf(limits.specMax);
  if (value === null || (min === null && max === null)) return null;
  return (min !== null && value < min) || (max !== null && value > max);
}

/** The limits as one text: `≥ 1`, `≤ 5`, `1 – 5`, or the text specification. */
export function limitsText(a: AnalysisLimits & { specText?: string | null }): string {
  const min = limitOf(a.specMin);
  const max = limitOf(a.specMax);
  if (min !== null && max !== null) return `${min} – ${max}`;
  if (min !== null) return `≥ ${min}`;
  if (max !== null) return `≤ ${max}`;
  return a.specText ?? '';
}

const idsField = z
  .array(z.string().trim().min(1).max(64), { error: ANALYSIS_MSG.idsRequired })
  .min(1, ANALYSIS_MSG.idsRequired)
  .max(MAX_IDS, ANALYSIS_MSG.tooMany);

const limitField = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? v : String(v).trim() || null))
  .refine((v) => v === null || v === undefined || resultNumber(v) !== null, ANALYSIS_MSG.limitInvalid);

/**
 * 分配: analyst, due date and limits of one or many analyses. A field left out stays as it is;
 * null clears it. Changing anything of an analysis with a result needs a reason.
 */
export const analysisAssignSchema = z
  .object({
    ids: idsField,
    analystId: z.string().trim().max(64).nullish(),
    dueDate: z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, ANALYSIS_MSG.dueDateInvalid)
      .nullish()
      .or(z.literal('').transform(() => null)),
    specMin: limitField,
    specMax: limitField,
    specText: z.string().trim().max(200, ANALYSIS_MSG.specTextTooLong).nullish(),
    reason: z.string().trim().max(500).nullish(),
  })
  .refine(
    (v) => ['analystId', 'dueDate', 'specMin', 'specMax', 'specText'].some((k) => v[k as keyof typeof v] !== undefined),
    ANALYSIS_MSG.nothingToAssign,
  )
  .refine((v) => v.specMin == null || v.specMax == null || Number(v.specMin) <= Number(v.specMax), {
    message: ANALYSIS_MSG.limitsOrder,
    path: ['specMax'],
  });
export type AnalysisAssign = z.infer<typeof analysisAssignSchema>;

/** 录入 one row of the grid: the result, and the reason when it changes an entered one. */
export const resultSaveSchema = z.object({
  id: z.string().trim().min(1).max(64),
  result: z
    .string({ error: ANALYSIS_MSG.resultRequired })
    .trim()
    .min(1, ANALYSIS_MSG.resultRequired)
    .max(100, ANALYSIS_MSG.resultTooLong),
  reason: z.string().trim().max(500).nullish(),
  version: editVersionField(),
});
export type ResultSave = z.infer<typeof resultSaveSchema>;

/** 复核通过. */
export const verifySchema = z.object({ id: z.string().trim().min(1).max(64), version: editVersionField() });
export type VerifyInput = z.infer<typeof verifySchema>;

/** 退回 (back to 待录入) with a reason the analyst is sent. */
export const rejectSchema = z.object({
  id: z.string().trim().min(1).max(64),
  reason: z
    .string({ error: ANALYSIS_MSG.rejectReasonRequired })
    .trim()
    .min(1, ANALYSIS_MSG.rejectReasonRequired)
    .max(500, LIMS_MSG.reasonTooLong),
  version: editVersionField(),
});
export type RejectInput = z.infer<typeof rejectSchema>;

/** One analysis as the lists show it (with its sample, project and people by name). */
export const analysisRecordSchema = z.object({
  id: z.string(),
  sampleId: z.string(),
  sampleNo: z.string().nullable().optional(),
  sampleName: z.string().nullable().optional(),
  projectId: z.string().nullable().optional(),
  projectNo: z.string().nullable().optional(),
  projectName: z.string().nullable().optional(),
  itemName: z.string(),
  standard: z.string().nullable().optional(),
  unit: z.string().nullable().optional(),
  specMin: z.number().nullable().optional(),
  specMax: z.number().nullable().optional(),
  specText: z.string().nullable().optional(),
  analystId: z.string().nullable().optional(),
  analystName: z.string().nullable().optional(),
  dueDate: z.string().nullable().optional(),
  result: z.string().nullable().optional(),
  outOfSpec: z.boolean().nullable().optional(),
  enteredBy: z.string().nullable().optional(),
  enteredByName: z.string().nullable().optional(),
  enteredAt: z.string().nullable().optional(),
  status: z.string(),
  status_dictText: dictTextField,
  rejectReason: z.string().nullable().optional(),
  resultRound: z.number().optional(),
  /** The verifiers of the current round, by name. */
  verifierNames: z.array(z.string()).optional(),
  /** The export's texts: verifiers joined, limits as one text, 超标/合格. */
  verifierText: z.string().optional(),
  limitsText: z.string().optional(),
  outOfSpecText: z.string().optional(),
  /** Whether the user asking may verify it now (not theirs, not yet verified by them). */
  canVerify: z.boolean().optional(),
  version: z.number().optional(),
  createTime: z.string().nullable().optional(),
});
export type AnalysisRecord = z.infer<typeof analysisRecordSchema>;
