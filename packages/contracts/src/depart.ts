import { z } from 'zod';
import { requiredError } from './zod-zh';
import { sortOrderField } from './sort-order';
import { auditFieldsSchema, editVersionField } from './common/envelope';
import { DEPART_MSG } from './depart-texts';

/** 1 公司 (top level only), 2 部门, 3 岗位 (below a company or department). */
export const ORG_CATEGORIES = ['1', '2', '3'] as const;

/** 电话 / 传真: digits, +, -, brackets and spaces (checked in the form and on the server). */
export const DEPART_PHONE_PATTERN = /^[0-9+\-() ]*$/;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
const phoneText = z
  .string()
  .trim()
  .max(32)
  .regex(DEPART_PHONE_PATTERN, DEPART_MSG.mobileFormat)
  .nullish()
  .transform((v) => v || null);

/** A stored department, camelCase. */
export const departRecordSchema = auditFieldsSchema.extend({
  parentId: z.string().nullable(),
  departName: z.string(),
  departNameEn: z.string().nullable(),
  departNameAbbr: z.string().nullable(),
  departOrder: z.number().int(),
  description: z.string().nullable(),
  orgCategory: z.string(),
  orgType: z.string().nullable(),
  orgCode: z.string(),
  mobile: z.string().nullable(),
  fax: z.string().nullable(),
  address: z.string().nullable(),
  memo: z.string().nullable(),
  status: z.string(),
});
export type DepartRecord = z.infer<typeof departRecordSchema>;
/** A department as paged lists answer it (queryCompanyList2): `field` may narrow it; dictionary texts added. */
export const departListRecordSchema = departRecordSchema.partial().extend({
  orgCategory_dictText: z.string().optional(),
  status_dictText: z.string().optional(),
});

/** GET queryTreeList / searchBy: a department with tree keys; `children` is absent on leaves. */
export type DepartTreeNode = DepartRecord & {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: DepartTreeNode[];
};
export const departTreeNodeSchema: z.ZodType<DepartTreeNode> = z.lazy(() =>
  departRecordSchema.extend({
    key: z.string(),
    value: z.string(),
    title: z.string(),
    isLeaf: z.boolean(),
    children: z.array(departTreeNodeSchema).optional(),
  }),
);

/** GET queryIdTree: ids and names only (tree selects). */
export type DepartIdTreeNode = {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children?: DepartIdTreeNode[];
};
export const departIdTreeNodeSchema: z.ZodType<DepartIdTreeNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    value: z.string(),
    title: z.string(),
    isLeaf: z.boolean(),
    children: z.array(departIdTreeNodeSchema).optional(),
  }),
);

const departFields = z.object({
  departName: z.string(requiredError(DEPART_MSG.nameRequired)).trim().min(1, DEPART_MSG.nameRequired).max(100),
  departNameEn: optionalText(500),
  departNameAbbr: optionalText(500),
  departOrder: sortOrderField('排序'),
  description: optionalText(2000),
  orgCategory: z.enum(ORG_CATEGORIES, { error: DEPART_MSG.orgCategoryRequired }).optional(),
  mobile: phoneText,
  fax: phoneText,
  address: optionalText(100),
  memo: optionalText(500),
  status: z.enum(['0', '1']).default('1'),
});

/** POST add: no parent → a top-level unit (公司). The org code and org type are generated. */
export const departFormSchema = departFields.extend({
  parentId: z
    .string()
    .trim()
    .max(32)
    .nullish()
    .transform((v) => v || null),
});
export type DepartForm = z.infer<typeof departFormSchema>;

/** PUT edit: the parent and the org code cannot change; sent unchanged they are accepted, changed a 400. */
export const departEditSchema = departFields.extend({
  id: z.string(requiredError(DEPART_MSG.idRequired)).min(1, DEPART_MSG.idRequired).max(32),
  version: editVersionField(),
  parentId: z
    .string()
    .trim()
    .max(32)
    .nullish()
    .transform((v) => v || null),
  orgCode: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((v) => v || null),
});
export type DepartEdit = z.infer<typeof departEditSchema>;

/** A user of a department as the department page lists them (never a password hash or counter). */
export const departUserSchema = auditFieldsSchema.partial().extend({
  username: z.string().optional(),
  realname: z.string().optional(),
  avatar: z.string().nullable().optional(),
  sex: z.number().int().nullable().optional(),
  sex_dictText: z.string().optional(),
  email: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  orgCode: z.string().nullable().optional(),
  status: z.number().int().optional(),
  status_dictText: z.string().optional(),
  workNo: z.string().nullable().optional(),
  post: z.string().nullable().optional(),
  telephone: z.string().nullable().optional(),
});
export type DepartUser = z.infer<typeof departUserSchema>;
