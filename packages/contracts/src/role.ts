import { z } from 'zod';
import { requiredError } from './zod-zh';
import { auditFieldsSchema, editVersionField } from './common/envelope';

export const ROLE_MSG = {
  nameRequired: '请输入角色名称！',
  nameLength: '长度在 2 到 30 个字符',
  codeRequired: '请输入角色编码！',
  codeTooLong: '角色编码最多 64 个字符',
  codeChinese: '角色编码不可输入汉字！',
  codeSpaces: '角色编码不能包含空格',
  codeTaken: '角色编码已存在！',
  descriptionTooLong: '描述最多 126 个字符',
  roleNotFound: '角色不存在',
  roleRequired: '请先选择角色',
  usersRequired: '请选择要添加的用户',
  userNotFound: '所选用户不存在，请刷新后重新选择',
  /** Delete refused while users hold the role. */
  inUse: (users: number) => `该角色下还有 ${users} 个用户，请先移除用户`,
  inUseBatch: (roleNames: string, users: number) => `角色 ${roleNames} 下还有 ${users} 个用户，请先移除用户`,
  added: '添加成功！',
  edited: '修改成功！',
  deleted: '删除成功！',
} as const;

const CHINESE = /[\u3400-\u9fff\uf900-\ufaff]/;

export const roleSchema = auditFieldsSchema.extend({
  roleName: z.string(),
  roleCode: z.string(),
  description: z.string().nullable(),
});
export type Role = z.infer<typeof roleSchema>;

const roleNameSchema = z
  .string({ error: ROLE_MSG.nameRequired })
  .trim()
  .min(1, ROLE_MSG.nameRequired)
  .min(2, ROLE_MSG.nameLength)
  .max(30, ROLE_MSG.nameLength);
const descriptionSchema = z
  .string()
  .trim()
  .max(126, ROLE_MSG.descriptionTooLong)
  .nullish()
  .transform((v) => v || null);

/** POST /sys/role/add. */
export const roleAddSchema = z.object({
  roleName: roleNameSchema,
  roleCode: z
    .string({ error: ROLE_MSG.codeRequired })
    .trim()
    .min(1, ROLE_MSG.codeRequired)
    .max(64, ROLE_MSG.codeTooLong)
    .refine((s) => !CHINESE.test(s), ROLE_MSG.codeChinese)
    .refine((s) => !/\s/.test(s), ROLE_MSG.codeSpaces),
  description: descriptionSchema,
});
export type RoleAddForm = z.infer<typeof roleAddSchema>;

/** PUT /sys/role/edit: the role code cannot change after creation (a sent roleCode is ignored). */
export const roleEditSchema = z.object({
  id: z.string().trim().min(1).max(64),
  version: editVersionField(),
  roleName: roleNameSchema,
  description: descriptionSchema,
});
export type RoleEditForm = z.infer<typeof roleEditSchema>;

/** GET /sys/role/queryall: what the user form offers. */
export const roleOptionSchema = roleSchema.pick({ id: true, roleName: true, roleCode: true, description: true });

/** One node of the authorisation tree (menus and buttons). */
export type RoleTreeNode = {
  key: string;
  title: string;
  isLeaf: boolean;
  icon: string | null;
  parentId: string | null;
  /** 0 一级菜单, 1 子菜单, 2 按钮. */
  menuType: number;
  ruleFlag: boolean;
  children?: RoleTreeNode[];
};
export const roleTreeNodeSchema: z.ZodType<RoleTreeNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    title: z.string(),
    isLeaf: z.boolean(),
    icon: z.string().nullable(),
    parentId: z.string().nullable(),
    menuType: z.number().int(),
    ruleFlag: z.boolean(),
    children: z.array(roleTreeNodeSchema).optional(),
  }),
);

/** GET /sys/role/queryTreeList. */
export const roleTreeListSchema = z.object({ treeList: z.array(roleTreeNodeSchema), ids: z.array(z.string()) });
export type RoleTreeList = z.infer<typeof roleTreeListSchema>;

/** POST /sys/user/addSysUserRole. */
export const addUserRoleSchema = z.object({
  roleId: z.string(requiredError(ROLE_MSG.roleRequired)).trim().min(1, ROLE_MSG.roleRequired).max(64),
  userIdList: z
    .array(z.string().trim().min(1).max(64), { error: ROLE_MSG.usersRequired })
    .min(1, ROLE_MSG.usersRequired)
    .max(1000),
});
