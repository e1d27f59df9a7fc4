import { z } from 'zod';
import {
  BUSINESS_EMAIL_PATTERN,
  BUSINESS_FIELD_MSG,
  BUSINESS_PHONE_PATTERN,
  dictTextField,
  optionalCreditCode,
  optionalDictValue,
  optionalEmail,
  optionalPhone,
  optionalText,
  recordIdField,
  requiredText,
} from './business-fields';
import { auditFieldsSchema, editVersionField } from './common/envelope';

export const UNIT_MSG = {
  codeRequired: '请输入单位编码！',
  codeTaken: '单位编码已存在！',
  nameRequired: '请输入单位名称！',
  typeInvalid: '单位类型不正确',
  statusInvalid: '单位状态不正确',
  notFound: '客户单位不存在',
  onePrimary: '只能有一个主要联系人',
  tooManyContacts: '联系人最多 100 个',
  contactNameRequired: (row: number) => `联系人第 ${row} 行：请输入姓名`,
  contactPhoneFormat: (row: number) => `联系人第 ${row} 行：${BUSINESS_FIELD_MSG.phoneFormat}`,
  contactEmailFormat: (row: number) => `联系人第 ${row} 行：${BUSINESS_FIELD_MSG.emailFormat}`,
  /** Refusal to delete one unit still referenced by projects. */
  inUse: (projects: number) => `该单位下还有 ${projects} 个检测项目，不能删除`,
  /** Refusal of a batch delete: the units still referenced, with their project counts. */
  inUseBatch: (units: { name: string; count: number }[]) =>
    `以下单位还有检测项目，不能删除：${units.map((u) => `${u.name}（${u.count} 个）`).join('、')}`,
} as const;

/** One contact row of the unit form's editable table (`id` kept for rows already saved). */
export const unitContactFormSchema = z.object({
  id: z.string().trim().max(64).nullish(),
  name: z.string().trim().max(100, BUSINESS_FIELD_MSG.tooLong('联系人姓名', 100)).nullish(),
  phone: z.string().trim().max(32, BUSINESS_FIELD_MSG.phoneFormat).nullish(),
  email: z.string().trim().max(100, BUSINESS_FIELD_MSG.emailFormat).nullish(),
  position: optionalText(100, '职务'),
  isPrimary: z
    .union([
      z.boolean(),
      z.literal(1),
      z.literal(0),
      z.literal('1'),
      z.literal('0'),
      z.literal('true'),
      z.literal('false'),
    ])
    .nullish()
    .transform((v) => v === true || v === 1 || v === '1' || v === 'true'),
});

/**
 * Contacts are checked as a table, so that each message names its row. Absent: the unit's contacts
 * stay as they are (edit) or there are none (add); null or [] removes them all.
 */
const contactsSchema = z
  .array(unitContactFormSchema)
  .max(100, UNIT_MSG.tooManyContacts)
  .nullish()
  .transform((rows) =>
    rows === undefined
      ? undefined
      : (rows ?? []).map((r) => ({
          id: r.id || null,
          name: r.name ?? '',
          phone: r.phone || null,
          email: r.email || null,
          position: r.position,
          isPrimary: r.isPrimary,
        })),
  )
  .superRefine((rows, ctx) => {
    if (!rows) return;
    rows.forEach((r, i) => {
      const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [i, field] });
      if (!r.name) issue('name', UNIT_MSG.contactNameRequired(i + 1));
      else if (r.phone && !BUSINESS_PHONE_PATTERN.test(r.phone)) issue('phone', UNIT_MSG.contactPhoneFormat(i + 1));
      else if (r.email && !BUSINESS_EMAIL_PATTERN.test(r.email)) issue('email', UNIT_MSG.contactEmailFormat(i + 1));
    });
    if (rows.filter((r) => r.isPrimary).length > 1)
      ctx.addIssue({ code: 'custom', message: UNIT_MSG.onePrimary, path: [] });
  });

const unitFields = {
  code: requiredText(64, '单位编码', UNIT_MSG.codeRequired),
  name: requiredText(200, '单位名称', UNIT_MSG.nameRequired),
  creditCode: optionalCreditCode,
  unitType: optionalDictValue,
  address: optionalText(255, '地址'),
  phone: optionalPhone,
  email: optionalEmail,
  bank: optionalText(100, '开户银行'),
  bankAccount: optionalText(64, '银行账号'),
  /** Default 1 合作中. */
  status: optionalDictValue.transform((v) => v ?? '1'),
  remark: optionalText(500, '备注'),
};

/** POST /khgl/unit/add: the unit with its contacts (saved together). */
export const unitFormSchema = z.object({ ...unitFields, contacts: contactsSchema });
export type UnitForm = z.infer<typeof unitFormSchema>;
export type UnitContactForm = NonNullable<UnitForm['contacts']>[number];

/** PUT /khgl/unit/edit: contacts, when sent, replaced by the given list (rows with ids updated, new inserted, missing deleted). */
export const unitEditSchema = unitFormSchema.extend({ id: recordIdField(), version: editVersionField() });
export type UnitEditForm = z.infer<typeof unitEditSchema>;

/** One row of a unit import (units only, no contacts). */
export const unitImportRowSchema = z.object(unitFields);
export type UnitImportRow = z.infer<typeof unitImportRowSchema>;

export const unitContactSchema = auditFieldsSchema.extend({
  unitId: z.string(),
  name: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  position: z.string().nullable(),
  isPrimary: z.boolean(),
  sortNo: z.number().int(),
});
export type UnitContact = z.infer<typeof unitContactSchema>;

export const customerUnitSchema = auditFieldsSchema.extend({
  code: z.string(),
  name: z.string(),
  creditCode: z.string().nullable(),
  unitType: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  bank: z.string().nullable(),
  bankAccount: z.string().nullable(),
  status: z.string().nullable(),
  remark: z.string().nullable(),
});
export type CustomerUnit = z.infer<typeof customerUnitSchema>;

/** A queryUnits record: dictionary texts and the primary contact (for the project form's unit picker). */
export const customerUnitRecordSchema = customerUnitSchema.partial().extend({
  unitType_dictText: dictTextField,
  status_dictText: dictTextField,
  primaryContactName: z.string().nullable().optional(),
  primaryContactPhone: z.string().nullable().optional(),
});
export type CustomerUnitRecord = z.infer<typeof customerUnitRecordSchema>;

/** GET /khgl/unit/queryKhUnit: one unit with its contacts. */
export const customerUnitDetailSchema = customerUnitRecordSchema.extend({ contacts: z.array(unitContactSchema) });
export type CustomerUnitDetail = z.infer<typeof customerUnitDetailSchema>;
