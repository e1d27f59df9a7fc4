import { z } from 'zod';
import { requiredError } from './zod-zh';
import { auditFieldsSchema, editVersionField } from './common/envelope';
import { DATA_RULE_CONDITIONS } from './data-rule-conditions';

export const PERMISSION_MSG = {
  menuTypeRequired: '请选择菜单类型！',
  titleRequired: '请输入菜单标题！',
  parentRequired: '请选择上级菜单！',
  urlRequired: '请输入菜单路径！',
  componentRequired: '请输入前端组件！',
  permsTypeRequired: '请输入授权策略！',
  sortNo: '请输入正整数！',
  permsFormat: '授权标识只能包含字母、数字和 : _ -，多个用逗号分隔',
  statusInvalid: '状态只能是 0（无效）或 1（有效）',
  notFound: '菜单不存在',
  parentNotFound: '上级菜单不存在',
  parentIsButton: '按钮/权限不能作为上级菜单',
  parentCycle: '不能把菜单移到它自己或它的下级菜单下面',
  unknownPermission: (id: string) => `菜单权限不存在: ${id}`,
  roleRequired: '请选择角色',
  roleNotFound: '角色不存在',
  saved: '保存成功！',
  deleted: (n: number) => `删除成功！共删除 ${n} 个菜单/按钮`,
  ruleNameRequired: '请输入规则名称！',
  ruleColumnRequired: '请输入规则字段！',
  ruleColumnFormat: '规则字段须是列表的字段名（如 createBy）',
  ruleConditionsRequired: '请选择条件规则！',
  ruleValueRequired: '请输入规则值！',
  ruleValuePlaceholder: (name: string) => `不支持的规则值变量: ${name}`,
  ruleNotFound: '数据规则不存在',
  permissionRequired: '请先选择菜单',
  ruleNotOfMenu: '所选数据规则不属于该菜单',
  grantFirst: '请先保存角色菜单权限！',
  /** The grant rule: nobody grants, revokes or re-labels a permission they do not hold. */
  permissionBeyondActor: (names: string) => `不能授予或收回本人未拥有的权限：${names}`,
  roleBeyondActor: (name: string) => `不能修改权限超出本人的角色：${name}`,
  codesBeyondActor: (codes: string) => `不能设置或修改本人未拥有的授权标识：${codes}`,
} as const;

/** 0 一级菜单, 1 子菜单, 2 按钮/权限. */
export const MENU_TYPES = [0, 1, 2] as const;
/** A permission code: letters, digits, `:` `_` `-` (e.g. `user:add`). */
export const PERMISSION_CODE_PATTERN = /^[a-zA-Z0-9:_-]+$/;

/** Variables a rule value may hold, replaced per request. */
export const DATA_RULE_PLACEHOLDERS = {
  '#{sys_user_code}': '当前用户账号',
  '#{sys_user_id}': '当前用户 ID（如检测任务的检测员）',
  '#{sys_user_name}': '当前用户姓名',
  '#{sys_org_code}': '当前登录部门编码',
  '#{sys_depart_id}': '当前登录部门 ID（如检测项目的承接部门）',
  '#{sys_date}': '当前日期（YYYY-MM-DD）',
  '#{sys_time}': '当前时间（YYYY-MM-DD HH:mm:ss）',
} as const;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
/** A switch as forms send it: boolean, 0/1 or '0'/'1'. */
const flag = (fallback: boolean) =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === true || v === 1 || v === '1' || v === 'true'));

/** Comma list of codes: trimmed, de-duplicated, each checked. */
const permsSchema = z
  .string()
  .max(1000)
  .nullish()
  .transform((v, ctx) => {
    const codes = [
      ...new Set(
        (v ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ];
    if (codes.some((c) => !PERMISSION_CODE_PATTERN.test(c))) {
      ctx.addIssue({ code: 'custom', message: PERMISSION_MSG.permsFormat });
      return z.NEVER;
    }
    return codes.length ? codes.join(',') : null;
  });

const permissionFields = z.object({
  menuType: z.coerce
    .number({ error: PERMISSION_MSG.menuTypeRequired })
    .int(PERMISSION_MSG.menuTypeRequired)
    .min(0, PERMISSION_MSG.menuTypeRequired)
    .max(2, PERMISSION_MSG.menuTypeRequired),
  name: z.string(requiredError(PERMISSION_MSG.titleRequired)).trim().min(1, PERMISSION_MSG.titleRequired).max(100),
  parentId: z
    .string()
    .trim()
    .max(32)
    .nullish()
    .transform((v) => v || null),
  url: optionalText(255),
  component: optionalText(255),
  componentName: optionalText(100),
  redirect: optionalText(255),
  perms: permsSchema,
  permsType: z.enum(['1', '2'], { error: PERMISSION_MSG.permsTypeRequired }).default('1'),
  status: z.enum(['0', '1'], { error: PERMISSION_MSG.statusInvalid }).default('1'),
  icon: optionalText(100),
  sortNo: z.coerce
    .number({ error: PERMISSION_MSG.sortNo })
    .int(PERMISSION_MSG.sortNo)
    .min(0, PERMISSION_MSG.sortNo)
    .max(999_999, PERMISSION_MSG.sortNo)
    .default(1),
  isRoute: flag(true),
  hidden: flag(false),
  keepAlive: flag(false),
  alwaysShow: flag(false),
  internalOrExternal: flag(false),
  description: optionalText(255),
});

type PermissionFields = z.infer<typeof permissionFields>;
/** Menus need a path and (sub-menus) a component; sub-menus and buttons need a parent. */
function checkByType(v: PermissionFields, ctx: z.RefinementCtx) {
  if (v.menuType !== 0 && !v.parentId)
    ctx.addIssue({ code: 'custom', path: ['parentId'], message: PERMISSION_MSG.parentRequired });
  if (v.menuType !== 2 && !v.url) ctx.addIssue({ code: 'custom', path: ['url'], message: PERMISSION_MSG.urlRequired });
  if (v.menuType === 1 && !v.component)
    ctx.addIssue({ code: 'custom', path: ['component'], message: PERMISSION_MSG.componentRequired });
}

/** POST /sys/permission/add. The server normalises component, url, parent and is_leaf (see the module). */
export const permissionFormSchema = permissionFields.superRefine(checkByType);
export type PermissionForm = z.infer<typeof permissionFormSchema>;
export const permissionEditSchema = permissionFields
  .extend({ id: z.string().min(1).max(32), version: editVersionField() })
  .superRefine(checkByType);

/** A stored menu/button row, camelCase. */
export const permissionSchema = auditFieldsSchema.extend({
  parentId: z.string().nullable(),
  name: z.string(),
  url: z.string().nullable(),
  component: z.string().nullable(),
  componentName: z.string().nullable(),
  redirect: z.string().nullable(),
  menuType: z.number().int(),
  perms: z.string().nullable(),
  permsType: z.string(),
  sortNo: z.number(),
  alwaysShow: z.boolean(),
  icon: z.string().nullable(),
  isRoute: z.boolean(),
  isLeaf: z.boolean(),
  keepAlive: z.boolean(),
  hidden: z.boolean(),
  description: z.string().nullable(),
  status: z.string(),
  ruleFlag: z.boolean(),
  internalOrExternal: z.boolean(),
});
export type Permission = z.infer<typeof permissionSchema>;

/** GET /sys/permission/list: the whole tree; `children` is absent on leaves. */
export type PermissionListNode = Permission & { key: string; title: string; children?: PermissionListNode[] };
export const permissionListNodeSchema: z.ZodType<PermissionListNode> = z.lazy(() =>
  permissionSchema.extend({
    key: z.string(),
    title: z.string(),
    children: z.array(permissionListNodeSchema).optional(),
  }),
);

/** A node of the authorisation tree (checkable tree of menus and buttons). */
export type PermissionTreeNode = {
  key: string;
  title: string;
  isLeaf: boolean;
  icon: string | null;
  parentId: string | null;
  ruleFlag: boolean;
  menuType: number;
  children?: PermissionTreeNode[];
};
export const permissionTreeNodeSchema: z.ZodType<PermissionTreeNode> = z.lazy(() =>
  z.object({
    key: z.string(),
    title: z.string(),
    isLeaf: z.boolean(),
    icon: z.string().nullable(),
    parentId: z.string().nullable(),
    ruleFlag: z.boolean(),
    menuType: z.number().int(),
    children: z.array(permissionTreeNodeSchema).optional(),
  }),
);
/** `{ treeList, ids }`: the tree and every node id (for 全部勾选). */
export const permissionTreeListSchema = z.object({
  treeList: z.array(permissionTreeNodeSchema),
  ids: z.array(z.string()),
});
export type PermissionTreeList = z.infer<typeof permissionTreeListSchema>;

const idList = z
  .union([z.string().max(40_000), z.array(z.string().max(64)).max(5000)])
  .nullish()
  .transform((v) => (Array.isArray(v) ? v.join(',') : (v ?? '')));

/** POST /sys/permission/saveRolePermission: the diff between the two lists is applied. */
export const saveRolePermissionSchema = z.object({
  roleId: z.string(requiredError(PERMISSION_MSG.roleRequired)).trim().min(1, PERMISSION_MSG.roleRequired).max(32),
  permissionIds: idList,
  lastpermissionIds: idList,
});

export const dataRuleSchema = auditFieldsSchema.extend({
  permissionId: z.string(),
  ruleName: z.string(),
  ruleColumn: z.string(),
  ruleConditions: z.string(),
  ruleValue: z.string(),
  status: z.string(),
});
export type DataRule = z.infer<typeof dataRuleSchema>;

const PLACEHOLDER_RE = /#\{[^}]*\}/g;
export const dataRuleFormSchema = z.object({
  permissionId: z
    .string({ error: PERMISSION_MSG.permissionRequired })
    .trim()
    .min(1, PERMISSION_MSG.permissionRequired)
    .max(32),
  ruleName: z
    .string(requiredError(PERMISSION_MSG.ruleNameRequired))
    .trim()
    .min(1, PERMISSION_MSG.ruleNameRequired)
    .max(50),
  ruleColumn: z
    .string({ error: PERMISSION_MSG.ruleColumnRequired })
    .trim()
    .min(1, PERMISSION_MSG.ruleColumnRequired)
    .max(50)
    .regex(/^[a-z][A-Za-z0-9]*$/, PERMISSION_MSG.ruleColumnFormat),
  ruleConditions: z.enum(DATA_RULE_CONDITIONS, { error: PERMISSION_MSG.ruleConditionsRequired }),
  ruleValue: z
    .string({ error: PERMISSION_MSG.ruleValueRequired })
    .trim()
    .min(1, PERMISSION_MSG.ruleValueRequired)
    .max(300)
    .superRefine((v, ctx) => {
      for (const m of v.match(PLACEHOLDER_RE) ?? []) {
        if (!Object.hasOwn(DATA_RULE_PLACEHOLDERS, m))
          ctx.addIssue({ code: 'custom', message: PERMISSION_MSG.ruleValuePlaceholder(m) });
      }
    }),
  status: z.enum(['0', '1'], { error: PERMISSION_MSG.statusInvalid }).default('1'),
});
export type DataRuleForm = z.infer<typeof dataRuleFormSchema>;
/** The menu of a rule never changes on edit (permissionId is read from the stored rule). */
export const dataRuleEditSchema = dataRuleFormSchema
  .omit({ permissionId: true })
  .extend({ id: z.string().min(1).max(32), version: editVersionField() });

/** POST /sys/role/datarule: which of a menu's rules apply to a role (comma ids; empty clears). */
export const roleDataRuleSchema = z.object({
  permissionId: z
    .string({ error: PERMISSION_MSG.permissionRequired })
    .trim()
    .min(1, PERMISSION_MSG.permissionRequired)
    .max(32),
  roleId: z.string(requiredError(PERMISSION_MSG.roleRequired)).trim().min(1, PERMISSION_MSG.roleRequired).max(32),
  dataRuleIds: idList,
});
/** GET /sys/role/datarule: the menu's rules and those checked for the role. */
export const roleDataRuleResultSchema = z.object({ datarule: z.array(dataRuleSchema), drChecked: z.array(z.string()) });
