import { z } from 'zod';
import { optionalDictValue, optionalText, recordIdField, requiredText } from './business-fields';
import { auditFieldsSchema, editVersionField } from './common/envelope';
import { reasonField } from './lims';

/** 样品管理 (`/lims/sample/*`): batch registration, receipt, return, edits after receipt, labels. */
export const SAMPLE_MSG = {
  projectRequired: '请选择检测项目！',
  projectNotFound: '检测项目不存在或无权查看！',
  projectClosed: (status: string) => `检测项目为「${status}」，不能再登记样品！`,
  rowsRequired: '请至少登记一个样品！',
  tooManyRows: '一次最多登记 200 个样品！',
  nameRequired: (row: number) => `第 ${row} 行：请输入样品名称！`,
  quantityInvalid: (row: number) => `第 ${row} 行：数量应为不小于 0 的数字，最多三位小数！`,
  quantityInvalidOne: '数量应为不小于 0 的数字，最多三位小数！',
  sampleTypeInvalid: '样品类型不正确！',
  conditionInvalid: '接收状态不正确！',
  notFound: '样品不存在或无权查看！',
  idsRequired: '请选择样品！',
  tooManyIds: '一次最多处理 200 个样品！',
  wrongState: (sampleNo: string, status: string, action: string) =>
    `样品 ${sampleNo} 当前为「${status}」，不能${action}！`,
  hasResults: (sampleNo: string) => `样品 ${sampleNo} 已录入检测结果，不能退回！`,
  noItems: (projectNo: string) => `检测项目 ${projectNo} 没有检测明细，请先在检测项目中添加检测明细再接收！`,
  changedMeanwhile: '样品刚被他人修改，请刷新后重试！',
} as const;

/** At most this many samples in one registration, receipt, return, delete or label sheet. */
export const SAMPLE_BATCH_MAX = 200;

const QUANTITY = /^\d{1,11}(\.\d{1,3})?$/;
/** Quantity: a number or numeric text ≥ 0 with at most three decimals (numeric(14,3)); blank → null. */
const quantityText = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v).trim() || null));

const sampleFields = {
  sampleType: optionalDictValue,
  unit: optionalText(20, '单位'),
  remark: optionalText(500, '备注'),
};

/** One row of the registration form (rows are checked as a table so that messages name the row). */
export const sampleRowSchema = z.object({
  name: z.string().trim().max(200, '样品名称最多 200 个字符！').nullish(),
  quantity: quantityText,
  ...sampleFields,
});

/** POST add: N samples of one project (numbers YP + yyyyMMdd + 4 digits, status 待接收). */
export const sampleAddSchema = z.object({
  projectId: recordIdField(SAMPLE_MSG.projectRequired),
  samples: z
    .array(sampleRowSchema, { error: SAMPLE_MSG.rowsRequired })
    .min(1, SAMPLE_MSG.rowsRequired)
    .max(SAMPLE_BATCH_MAX, SAMPLE_MSG.tooManyRows)
    .superRefine((rows, ctx) =>
      rows.forEach((r, i) => {
        if (!r.name) ctx.addIssue({ code: 'custom', message: SAMPLE_MSG.nameRequired(i + 1), path: [i, 'name'] });
        else if (r.quantity !== null && !QUANTITY.test(r.quantity))
          ctx.addIssue({ code: 'custom', message: SAMPLE_MSG.quantityInvalid(i + 1), path: [i, 'quantity'] });
      }),
    ),
});
export type SampleAddForm = z.infer<typeof sampleAddSchema>;

/** PUT edit: a 待接收 sample freely; after receipt (any other state) only with a reason. */
export const sampleEditSchema = z.object({
  id: recordIdField(),
  version: editVersionField(),
  name: requiredText(200, '样品名称', '请输入样品名称！'),
  quantity: quantityText.refine((v) => v === null || QUANTITY.test(v), SAMPLE_MSG.quantityInvalidOne),
  ...sampleFields,
  condition: optionalDictValue,
  storageLocation: optionalText(200, '存放位置'),
  /** Required once the sample has been received (checked on the server). */
  reason: optionalText(500, '修改原因'),
});
export type SampleEditForm = z.infer<typeof sampleEditSchema>;

const idsField = z
  .array(recordIdField(), { error: SAMPLE_MSG.idsRequired })
  .min(1, SAMPLE_MSG.idsRequired)
  .max(SAMPLE_BATCH_MAX, SAMPLE_MSG.tooManyIds);

/** POST receive: one or many 待接收 samples; received by/at = the user/now; creates their analyses. */
export const sampleReceiveSchema = z.object({
  ids: idsField,
  condition: optionalDictValue,
  storageLocation: optionalText(200, '存放位置'),
});
export type SampleReceiveForm = z.infer<typeof sampleReceiveSchema>;

/** POST return (退回): from 待接收, or 已接收 while no result has been entered; the reason is required. */
export const sampleReturnSchema = z.object({ ids: idsField, reason: reasonField });
export type SampleReturnForm = z.infer<typeof sampleReturnSchema>;

export const sampleSchema = auditFieldsSchema.extend({
  sampleNo: z.string(),
  projectId: z.string(),
  name: z.string(),
  sampleType: z.string().nullable(),
  quantity: z.number().nullable(),
  unit: z.string().nullable(),
  condition: z.string().nullable(),
  storageLocation: z.string().nullable(),
  receivedBy: z.string().nullable(),
  receivedAt: z.string().nullable(),
  status: z.string(),
  returnReason: z.string().nullable(),
  remark: z.string().nullable(),
});
export type Sample = z.infer<typeof sampleSchema>;

/** A list record: dictionary texts, the project's number and name, the receiver's name. */
export const sampleRecordSchema = sampleSchema.partial().extend({
  sampleType_dictText: z.string().optional(),
  condition_dictText: z.string().optional(),
  status_dictText: z.string().optional(),
  projectNo: z.string().nullable().optional(),
  projectName: z.string().nullable().optional(),
  receivedByName: z.string().nullable().optional(),
});
export type SampleRecord = z.infer<typeof sampleRecordSchema>;

/** POST add answer: the new samples' ids and numbers in form order. */
export const sampleAddResultSchema = z.object({ ids: z.array(z.string()), sampleNos: z.array(z.string()) });
export type SampleAddResult = z.infer<typeof sampleAddResultSchema>;
