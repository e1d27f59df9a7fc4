import { z } from 'zod';
import {
  dictTextField,
  optionalCreditCode,
  optionalDate,
  optionalDictValue,
  optionalEmail,
  optionalPhone,
  optionalText,
  recordIdField,
  requiredText,
} from './business-fields';
import { auditFieldsSchema, editVersionField } from './common/envelope';

export const SUPPLIER_MSG = {
  codeRequired: '请输入供应商编码！',
  codeTaken: '供应商编码已存在！',
  nameRequired: '请输入供应商名称！',
  typeInvalid: '供应商类型不正确',
  statusInvalid: '供应商状态不正确',
  notFound: '供应商不存在',
} as const;

/** A qualification expiring within this many days is flagged 'soon' (warning tag); past it 'expired' (red). */
export const SUPPLIER_EXPIRY_SOON_DAYS = 30;
export const EXPIRY_STATES = ['expired', 'soon'] as const;
export type ExpiryState = (typeof EXPIRY_STATES)[number] | null;

/** POST /gysgl/supplier/add (also one row of an import). supplierType/status: values of supplier_type/supplier_status. */
export const supplierFormSchema = z.object({
  code: requiredText(64, '供应商编码', SUPPLIER_MSG.codeRequired),
  name: requiredText(200, '供应商名称', SUPPLIER_MSG.nameRequired),
  creditCode: optionalCreditCode,
  supplierType: optionalDictValue,
  contact: optionalText(100, '联系人'),
  phone: optionalPhone,
  email: optionalEmail,
  address: optionalText(255, '地址'),
  businessScope: optionalText(1000, '经营范围'),
  qualificationExpiry: optionalDate('资质有效期'),
  /** Default 2 待评估: a new supplier has not been evaluated yet. */
  status: optionalDictValue.transform((v) => v ?? '2'),
  remark: optionalText(500, '备注'),
});
export type SupplierForm = z.infer<typeof supplierFormSchema>;

/** PUT /gysgl/supplier/edit: the whole record again, with its id. */
export const supplierEditSchema = supplierFormSchema.extend({ id: recordIdField(), version: editVersionField() });
export type SupplierEditForm = z.infer<typeof supplierEditSchema>;

export const supplierSchema = auditFieldsSchema.extend({
  code: z.string(),
  name: z.string(),
  creditCode: z.string().nullable(),
  supplierType: z.string().nullable(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  businessScope: z.string().nullable(),
  qualificationExpiry: z.string().nullable(),
  status: z.string().nullable(),
  remark: z.string().nullable(),
});
export type Supplier = z.infer<typeof supplierSchema>;

/** A list record: fields may be narrowed by `field`; dictionary texts and the expiry state added. */
export const supplierRecordSchema = supplierSchema.partial().extend({
  supplierType_dictText: dictTextField,
  status_dictText: dictTextField,
  /** 'expired' (red tag), 'soon' (within 30 days: warning tag), null otherwise. */
  expiryState: z.enum(EXPIRY_STATES).nullable().optional(),
});
export type SupplierRecord = z.infer<typeof supplierRecordSchema>;

/** GET /gysgl/supplier/supplierList: one picker option. */
export const supplierOptionSchema = z.object({ id: z.string(), code: z.string(), name: z.string() });
export type SupplierOption = z.infer<typeof supplierOptionSchema>;

/** Field rules the business forms share (re-exported for the web forms). */
export { BUSINESS_EMAIL_PATTERN, BUSINESS_FIELD_MSG, BUSINESS_PHONE_PATTERN } from './business-fields';
