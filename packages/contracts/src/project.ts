import { z } from 'zod';
import {
  dictTextField,
  optionalDate,
  optionalDictValue,
  optionalPhone,
  optionalRecordId,
  optionalText,
  recordIdField,
  requiredText,
} from './business-fields';
import { auditFieldsSchema, editVersionField } from './common/envelope';

/** project_status dictionary values. */
export const PROJECT_STATUS = { pending: '1', active: '2', done: '3', archived: '4', cancelled: '5' } as const;
export const PROJECT_STATUSES = ['1', '2', '3', '4', '5'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

/** Allowed moves: 待受理 → 进行中 → 已完成 → 已归档; 已取消 from 待受理 or 进行中. Staying is always allowed. */
export const PROJECT_TRANSITIONS: Readonly<Record<ProjectStatus, readonly ProjectStatus[]>> = {
  '1': ['2', '5'],
  '2': ['3', '5'],
  '3': ['4'],
  '4': [],
  '5': [],
};

export function canMoveProject(from: string, to: string): boolean {
  return from === to || (PROJECT_TRANSITIONS[from as ProjectStatus] ?? []).includes(to as ProjectStatus);
}

export const PROJECT_MSG = {
  nameRequired: '请输入项目名称！',
  unitRequired: '请选择委托单位！',
  unitNotFound: '委托单位不存在，请重新选择',
  managerNotFound: '项目负责人不存在，请重新选择',
  departNotFound: '承接部门不存在，请重新选择',
  testTypeInvalid: '检测类别不正确',
  statusInvalid: '项目状态不正确',
  dueBeforeStart: '计划完成日期不能早于开始日期',
  amountInvalid: '合同金额应为不小于 0 的数字，最多两位小数',
  notFound: '检测项目不存在',
  tooManyItems: '检测明细最多 500 行',
  itemNameRequired: (row: number) => `检测明细第 ${row} 行：请输入检测项目`,
  codeLinesInvalid: (row: number) => `检测明细第 ${row} 行：数量应为不小于 0 的整数`,
  limitInvalid: (row: number, label: string) => `检测明细第 ${row} 行：${label}应为数字！`,
  limitsReversed: (row: number) => `检测明细第 ${row} 行：下限不能大于上限！`,
  transition: (from: string, to: string) => `项目状态不能从「${from}」改为「${to}」`,
  refGone: '委托单位、项目负责人或承接部门已不存在，请刷新后重试',
  changedMeanwhile: '该项目刚被他人修改，请刷新后重试',
  /** Refusal to delete a project samples were registered under (they and their results stay on record). */
  hasSamples: (samples: number) => `该项目已登记 ${samples} 个样品，不能删除！`,
  hasSamplesBatch: (list: { name: string; count: number }[]) =>
    `以下项目已登记样品，不能删除：${list.map((p) => `${p.name}（${p.count} 个）`).join('、')}！`,
  projectIdRequired: '请先选择检测项目',
  importUnknown: (label: string, text: string) => `${label}「${text}」不存在`,
  importAmbiguous: (label: string, text: string, hint: string) => `${label}「${text}」有重名，请填写${hint}`,
  attachmentNotFound: '附件不存在',
  unknownFile: '未知的文件',
} as const;

/** Amount: a number or numeric text, ≥ 0, at most two decimals, below 10^12 (numeric(14,2)); blank → null. */
const amountField = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((v) => (v === null || v === undefined ? null : String(v).trim() || null))
  .refine((v) => v === null || /^\d{1,12}(\.\d{1,2})?$/.test(v), PROJECT_MSG.amountInvalid);

/** One row of the test items table; rows are checked as a table so that messages name the row. */
export const projectItemFormSchema = z.object({
  id: z.string().trim().max(64).nullish(),
  itemName: z.string().trim().max(200, '检测项目最多 200 个字符').nullish(),
  standard: optionalText(200, '检测标准/方法'),
  codeLines: z.union([z.number(), z.string()]).nullish(),
  /** Result unit and limits (copied to each analysis when a sample is received). */
  unit: optionalText(20, '单位'),
  specMin: z.union([z.number(), z.string()]).nullish(),
  specMax: z.union([z.number(), z.string()]).nullish(),
  specText: optionalText(200, '技术要求'),
  remark: optionalText(500, '备注'),
});

/** A limit as stored (numeric text) or null when blank; NaN text marks a bad value. */
const LIMIT = /^[-+]?(\d{1,14}(\.\d{0,6})?|\.\d{1,6})$/;
const limitText = (v: number | string | null | undefined): string | null => {
  const raw = v === null || v === undefined ? '' : String(v).trim();
  return raw === '' ? null : raw;
};

/** Absent: the project's items stay as they are (edit) or there are none (add); null or [] removes them all. */
const itemsSchema = z
  .array(projectItemFormSchema)
  .max(500, PROJECT_MSG.tooManyItems)
  .nullish()
  .transform((rows) =>
    rows === undefined
      ? undefined
      : (rows ?? []).map((r) => {
          const raw = typeof r.codeLines === 'string' ? r.codeLines.trim() : r.codeLines;
          const codeLines = raw === null || raw === undefined || raw === '' ? 0 : Number(raw);
          return {
            id: r.id || null,
            itemName: r.itemName ?? '',
            standard: r.standard,
            codeLines,
            unit: r.unit,
            specMin: limitText(r.specMin),
            specMax: limitText(r.specMax),
            specText: r.specText,
            remark: r.remark,
          };
        }),
  )
  .superRefine((rows, ctx) =>
    rows?.forEach((r, i) => {
      if (!r.itemName)
        ctx.addIssue({ code: 'custom', message: PROJECT_MSG.itemNameRequired(i + 1), path: [i, 'itemName'] });
      else if (!Number.isInteger(r.codeLines) || r.codeLines < 0 || r.codeLines > 1_000_000_000) {
        ctx.addIssue({ code: 'custom', message: PROJECT_MSG.codeLinesInvalid(i + 1), path: [i, 'codeLines'] });
      } else if (r.specMin !== null && !LIMIT.test(r.specMin)) {
        ctx.addIssue({ code: 'custom', message: PROJECT_MSG.limitInvalid(i + 1, '下限'), path: [i, 'specMin'] });
      } else if (r.specMax !== null && !LIMIT.test(r.specMax)) {
        ctx.addIssue({ code: 'custom', message: PROJECT_MSG.limitInvalid(i + 1, '上限'), path: [i, 'specMax'] });
      } else if (r.specMin !== null && r.specMax !== null && Number(r.specMin) > Number(r.specMax)) {
        ctx.addIssue({ code: 'custom', message: PROJECT_MSG.limitsReversed(i + 1), path: [i, 'specMax'] });
      }
    }),
  );

const projectFields = {
  name: requiredText(200, '项目名称', PROJECT_MSG.nameRequired),
  customerUnitId: recordIdField(PROJECT_MSG.unitRequired),
  /** Blank: the unit's primary contact. */
  contactName: optionalText(100, '联系人'),
  contactPhone: optionalPhone,
  testType: optionalDictValue,
  managerId: optionalRecordId(PROJECT_MSG.managerNotFound),
  departId: optionalRecordId(PROJECT_MSG.departNotFound),
  startDate: optionalDate('开始日期'),
  dueDate: optionalDate('计划完成日期'),
  amount: amountField,
  remark: optionalText(500, '备注'),
};

const datesInOrder = (v: { startDate: string | null; dueDate: string | null }) =>
  !v.startDate || !v.dueDate || v.dueDate >= v.startDate;
const dueIssue = { message: PROJECT_MSG.dueBeforeStart, path: ['dueDate'] };

/** POST add: the number is generated and the status starts 1 待受理 (both ignored when sent). */
export const projectFormSchema = z.object({ ...projectFields, items: itemsSchema }).refine(datesInOrder, dueIssue);
export type ProjectForm = z.infer<typeof projectFormSchema>;
export type ProjectItemForm = NonNullable<ProjectForm['items']>[number];

/** PUT edit: status optional (absent: unchanged), moves limited by PROJECT_TRANSITIONS; items replaced by the list. */
export const projectEditSchema = z
  .object({
    ...projectFields,
    items: itemsSchema,
    id: recordIdField(),
    version: editVersionField(),
    status: z.enum(PROJECT_STATUSES, { error: PROJECT_MSG.statusInvalid }).optional(),
  })
  .refine(datesInOrder, dueIssue);
export type ProjectEditForm = z.infer<typeof projectEditSchema>;

/** One row of a project import: the unit, manager and department by name or code (no items, no number, no status). */
export const projectImportRowSchema = z
  .object({
    name: projectFields.name,
    customerUnitName: requiredText(200, '委托单位', PROJECT_MSG.unitRequired),
    contactName: projectFields.contactName,
    contactPhone: projectFields.contactPhone,
    testType: projectFields.testType,
    managerName: optionalText(100, '项目负责人'),
    departName: optionalText(100, '承接部门'),
    startDate: projectFields.startDate,
    dueDate: projectFields.dueDate,
    amount: projectFields.amount,
    remark: projectFields.remark,
  })
  .refine(datesInOrder, dueIssue);
export type ProjectImportRow = z.infer<typeof projectImportRowSchema>;

export const projectSchema = auditFieldsSchema.extend({
  projectNo: z.string(),
  name: z.string(),
  customerUnitId: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  testType: z.string().nullable(),
  managerId: z.string().nullable(),
  departId: z.string().nullable(),
  startDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  status: z.string(),
  amount: z.number().nullable(),
  remark: z.string().nullable(),
});
export type Project = z.infer<typeof projectSchema>;

/** A list record: dictionary texts and the names of the unit, manager and department. */
export const projectRecordSchema = projectSchema.partial().extend({
  testType_dictText: dictTextField,
  status_dictText: dictTextField,
  customerUnitName: z.string().nullable().optional(),
  managerName: z.string().nullable().optional(),
  departName: z.string().nullable().optional(),
});
export type ProjectRecord = z.infer<typeof projectRecordSchema>;

export const projectItemSchema = auditFieldsSchema.extend({
  projectId: z.string(),
  itemName: z.string(),
  standard: z.string().nullable(),
  codeLines: z.number().int(),
  unit: z.string().nullable(),
  specMin: z.number().nullable(),
  specMax: z.number().nullable(),
  specText: z.string().nullable(),
  remark: z.string().nullable(),
  sortNo: z.number().int(),
});
export type ProjectItem = z.infer<typeof projectItemSchema>;

/** GET queryById: the project with its test items. */
export const projectDetailSchema = projectRecordSchema.extend({ items: z.array(projectItemSchema) });
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/** GET queryProject: one picker option. */
export const projectOptionSchema = z.object({ id: z.string(), projectNo: z.string(), name: z.string() });
export type ProjectOption = z.infer<typeof projectOptionSchema>;

/** A project attachment (`/fj/xmfj/*`). `url`: images through the public image route, other files by download. */
export const projectAttachmentSchema = z.object({
  id: z.string(),
  projectId: z.string(),
  fileName: z.string(),
  filePath: z.string(),
  fileSize: z.number().int(),
  isImage: z.boolean(),
  url: z.string(),
  createTime: z.string().nullable(),
  createBy: z.string().nullable(),
  /** 上传人: the uploader's real name (their account name when none is known). */
  createByName: z.string().nullable(),
});
export type ProjectAttachment = z.infer<typeof projectAttachmentSchema>;
