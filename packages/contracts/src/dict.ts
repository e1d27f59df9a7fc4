import { z } from 'zod';
import { requiredError } from './zod-zh';
import { sortOrderField } from './sort-order';
import { auditFieldsSchema, editVersionField } from './common/envelope';

export const DICT_MSG = {
  nameRequired: '请输入字典名称！',
  codeRequired: '请输入字典编码！',
  codeFormat: '字典编码只能包含字母、数字、下划线和短横线',
  codeTaken: '字典编码已存在！',
  itemTextRequired: '请输入名称！',
  itemValueRequired: '请输入数据值！',
  itemValueTaken: '数据值已存在！',
  dictNotFound: '字典不存在',
  itemNotFound: '字典项不存在',
  badTableDict: '字典Code格式不正确！',
  tableDictNotAllowed: (table: string) => `不允许以表 ${table} 作为字典`,
  cacheRefreshed: '刷新缓存完成！',
} as const;

export const DICT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,99}$/;

/** One option of a dictionary select (SPEC section 3). Disabled items stay readable, not offered. */
export const dictOptionSchema = z.object({
  value: z.string(),
  text: z.string(),
  title: z.string(),
  disabled: z.boolean().optional(),
});
export type DictOption = z.infer<typeof dictOptionSchema>;

export const dictSchema = auditFieldsSchema.extend({
  dictName: z.string(),
  dictCode: z.string(),
  description: z.string().nullable(),
  type: z.number().int(),
});
export type Dict = z.infer<typeof dictSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);

export const dictFormSchema = z.object({
  dictName: z.string(requiredError(DICT_MSG.nameRequired)).trim().min(1, DICT_MSG.nameRequired).max(100),
  dictCode: z
    .string({ error: DICT_MSG.codeRequired })
    .trim()
    .min(1, DICT_MSG.codeRequired)
    .regex(DICT_CODE_PATTERN, DICT_MSG.codeFormat),
  description: optionalText(255),
  type: z.coerce.number().int().min(0).max(1).default(0),
});
export type DictForm = z.infer<typeof dictFormSchema>;
export const dictEditSchema = dictFormSchema.extend({ id: z.string().min(1).max(32), version: editVersionField() });

export const dictItemSchema = auditFieldsSchema.extend({
  dictId: z.string(),
  itemText: z.string(),
  itemValue: z.string(),
  description: z.string().nullable(),
  sortOrder: z.number().int(),
  status: z.number().int(),
});
export type DictItem = z.infer<typeof dictItemSchema>;

export const dictItemFormSchema = z.object({
  dictId: z.string().min(1).max(32),
  itemText: z.string(requiredError(DICT_MSG.itemTextRequired)).trim().min(1, DICT_MSG.itemTextRequired).max(100),
  itemValue: z.string(requiredError(DICT_MSG.itemValueRequired)).trim().min(1, DICT_MSG.itemValueRequired).max(100),
  description: optionalText(255),
  sortOrder: sortOrderField('排序值'),
  status: z.coerce.number().int().min(0).max(1).default(1),
});
export type DictItemForm = z.infer<typeof dictItemFormSchema>;
export const dictItemEditSchema = dictItemFormSchema.extend({
  id: z.string().min(1).max(32),
  version: editVersionField(),
});
