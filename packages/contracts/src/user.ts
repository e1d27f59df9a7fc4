import { z } from 'zod';
import { requiredError } from './zod-zh';
import { auditFieldsSchema, editVersionField } from './common/envelope';
import { newPasswordSchema } from './common/password';
import { MOBILE_PATTERN, USERNAME_PATTERN, departBriefSchema } from './auth';
import { MSG, PHONE_MSG } from './messages';

export const USER_MSG = {
  usernameRequired: '请输入用户账号！',
  usernameFormat: PHONE_MSG.usernameFormat,
  usernameTaken: PHONE_MSG.usernameTaken,
  realnameRequired: PHONE_MSG.realnameRequired,
  realnameTooLong: '用户姓名最多 100 个字符',
  workNoTaken: '工号已存在！',
  workNoTooLong: '工号最多 64 个字符',
  emailFormat: PHONE_MSG.emailFormat,
  emailTaken: PHONE_MSG.emailTaken,
  phoneFormat: PHONE_MSG.mobileFormat,
  phoneTaken: PHONE_MSG.phoneTaken,
  telephoneFormat: '请输入正确的座机号码',
  birthdayFormat: '请输入正确的生日日期（YYYY-MM-DD）',
  sexInvalid: '性别只能是 1（男）或 2（女）',
  avatarInvalid: '头像地址不正确',
  postTooLong: '职务最多 100 个字符',
  badIdList: (label: string) => `所选${label}的 id 不正确`,
  roleNotFound: '所选角色不存在，请刷新后重新选择',
  departNotFound: '所选部门不存在，请刷新后重新选择',
  userNotFound: MSG.userNotFound,
  /** Deleting the admin account (or any change it refuses). */
  adminProtected: '管理员账号不允许此操作！',
  /** Freezing the admin account. */
  adminFreeze: '管理员账号不允许此操作,请重新选择！',
  selfDelete: '不能删除当前登录的账号！',
  /** A verifier stays on the laboratory's record (ISO/IEC 17025): such a user can be frozen, not deleted. */
  verifierKept: (names: string) => `${names} 已复核过检测结果，不能删除，可改为冻结！`,
  selfFreeze: '不能冻结当前登录的账号！',
  idsRequired: '请选择一条记录！',
  /** The grant rule: nobody grants or touches what they do not hold. */
  roleAssignDenied: '没有分配角色的权限，不能修改用户的角色',
  roleBeyondActor: (names: string) => `不能分配或移除超出本人权限的角色：${names}`,
  userBeyondActor: (names: string) => `不能操作权限超出本人的用户：${names}`,
  statusInvalid: '状态只能是 1（正常）或 2（冻结）',
  frozenOk: '操作成功！',
  added: '添加成功！',
  edited: '修改成功！',
  deleted: '删除成功！',
  passwordReset: MSG.passwordChanged,
  checkFieldRequired: '请提供要校验的账号、工号、手机号或邮箱',
  valueAvailable: '该值可用！',
} as const;

/** Letters, digits, `_ . : -`: the ids the list engine accepts. */
export const RECORD_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,64}$/;
export const TELEPHONE_PATTERN = /^0\d{2,3}-[1-9]\d{6,7}$/;
/** A stored upload path (relative, no `..`, no scheme) or an http(s) URL. */
export const AVATAR_PATTERN = /^(https?:\/\/[^\s"'<>]+|(?!.*\.\.)[A-Za-z0-9_-][A-Za-z0-9_./-]*)$/;

export const recordIdSchema = z.string().trim().regex(RECORD_ID_PATTERN, '参数 id 不正确');

/** A blank value ('' or null) is null; an absent one stays undefined ("leave as it is" on edit). */
const blankToNull = (v: unknown) =>
  v === '' || v === null ? null : typeof v === 'string' && v.trim() === '' ? null : v;

const optionalText = (max: number, message: string, pattern?: RegExp, patternMessage?: string) => {
  let text = z.string().trim().max(max, message);
  if (pattern) text = text.regex(pattern, patternMessage ?? message);
  return z.preprocess(blankToNull, text.nullable()).optional();
};

/**
 * A stored image path. The original JeecgBoot client sends its picture list instead: [] (none) or
 * [path]; both are taken. Anything else that is no path is refused with the avatar message.
 */
const avatarSchema = z
  .preprocess(
    (v) => blankToNull(Array.isArray(v) && v.length <= 1 ? (v[0] ?? null) : v),
    z
      .string({ error: USER_MSG.avatarInvalid })
      .trim()
      .max(255, USER_MSG.avatarInvalid)
      .regex(AVATAR_PATTERN, USER_MSG.avatarInvalid)
      .nullable(),
  )
  .optional();

const birthdaySchema = z
  .preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/, USER_MSG.birthdayFormat)
      .transform((s) => s.slice(0, 10))
      .refine((s) => {
        const d = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && s >= '1900-01-01';
      }, USER_MSG.birthdayFormat)
      .nullable(),
  )
  .optional();

const sexSchema = z
  .preprocess(
    (v) => {
      const b = blankToNull(v);
      return typeof b === 'string' ? Number(b) : b;
    },
    z.union([z.literal(1), z.literal(2)], { error: USER_MSG.sexInvalid }).nullable(),
  )
  .optional();

/** Comma-joined ids (or an array of ids) → a de-duplicated array; blank → []. Absent stays undefined. */
export const idListSchema = (label: string) =>
  z
    .preprocess(
      (v) => (Array.isArray(v) ? v.join(',') : v === null ? '' : v),
      z
        .string()
        .max(40_000)
        .transform((s) => [
          ...new Set(
            s
              .split(',')
              .map((x) => x.trim())
              .filter(Boolean),
          ),
        ])
        .refine(
          (ids) => ids.length <= 1000 && ids.every((id) => RECORD_ID_PATTERN.test(id)),
          USER_MSG.badIdList(label),
        ),
    )
    .optional();

/** The fields an administrator may set on add and edit (never status, password hash, audit fields). */
const userProfileShape = {
  realname: z
    .string({ error: USER_MSG.realnameRequired })
    .trim()
    .min(1, USER_MSG.realnameRequired)
    .max(100, USER_MSG.realnameTooLong),
  workNo: optionalText(64, USER_MSG.workNoTooLong),
  post: optionalText(100, USER_MSG.postTooLong),
  telephone: optionalText(45, USER_MSG.telephoneFormat, TELEPHONE_PATTERN),
  email: optionalText(100, USER_MSG.emailFormat, /^[^\s@]+@[^\s@]+\.[^\s@]+$/),
  phone: optionalText(32, USER_MSG.phoneFormat, MOBILE_PATTERN),
  birthday: birthdaySchema,
  sex: sexSchema,
  avatar: avatarSchema,
  /** Comma-joined role ids. */
  selectedroles: idListSchema('角色'),
  /** Comma-joined department ids; the first becomes the login department when the current one is not among them. */
  selecteddeparts: idListSchema('部门'),
};

/** POST /sys/user/add. Unknown keys (status, id, createBy …) are dropped. */
export const userAddSchema = z
  .object({
    username: z
      .string({ error: USER_MSG.usernameRequired })
      .trim()
      .min(1, USER_MSG.usernameRequired)
      .regex(USERNAME_PATTERN, USER_MSG.usernameFormat),
    password: newPasswordSchema,
    confirmpassword: z.string(requiredError(MSG.confirmPasswordRequired)).min(1, MSG.confirmPasswordRequired),
    ...userProfileShape,
  })
  .refine((v) => v.password === v.confirmpassword, { message: MSG.passwordMismatch, path: ['confirmpassword'] });
export type UserAddForm = z.infer<typeof userAddSchema>;

/** PUT /sys/user/edit: never the username or the password. An absent field is left as it is. */
export const userEditSchema = z.object({ id: recordIdSchema, version: editVersionField(), ...userProfileShape });
export type UserEditForm = z.infer<typeof userEditSchema>;

/** A user as lists answer it. No password hash, no login counters, ever. */
export const userSchema = auditFieldsSchema.extend({
  username: z.string(),
  realname: z.string(),
  avatar: z.string().nullable(),
  birthday: z.string().nullable(),
  sex: z.number().int().nullable(),
  sex_dictText: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  orgCode: z.string().nullable(),
  status: z.number().int(),
  status_dictText: z.string(),
  workNo: z.string().nullable(),
  post: z.string().nullable(),
  telephone: z.string().nullable(),
  /** Comma-joined names of the user's departments. */
  departNames: z.string(),
  /** 用户管理's list: the user's role names, comma-joined (e.g. 普通用户,权限管理员). */
  roleNames: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;

/** What pickers answer to any signed-in user (no birthday, no desk phone). */
export const userBriefSchema = userSchema.pick({
  id: true,
  username: true,
  realname: true,
  avatar: true,
  sex: true,
  sex_dictText: true,
  email: true,
  phone: true,
  orgCode: true,
  status: true,
  status_dictText: true,
  workNo: true,
  post: true,
  departNames: true,
  createTime: true,
});
export type UserBrief = z.infer<typeof userBriefSchema>;

/** GET /sys/user/queryById: the record plus the form's role and department ids (comma-joined). */
export const userDetailSchema = userSchema.partial().extend({ selectedroles: z.string(), selecteddeparts: z.string() });
export type UserDetail = z.infer<typeof userDetailSchema>;

/** PUT /sys/user/frozenBatch: ids comma-joined (or an array); status 1 正常 / 2 冻结. */
export const frozenBatchSchema = z.object({
  ids: z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : v),
    z.string(requiredError(USER_MSG.idsRequired)).max(40_000),
  ),
  status: z.coerce
    .number({ error: USER_MSG.statusInvalid })
    .int(USER_MSG.statusInvalid)
    .refine((s) => s === 1 || s === 2, USER_MSG.statusInvalid),
});

/** PUT /sys/user/changPassword: an administrator sets another user's password. */
export const resetPasswordSchema = z
  .object({
    username: z.string(requiredError(USER_MSG.usernameRequired)).trim().min(1, USER_MSG.usernameRequired).max(64),
    password: newPasswordSchema,
    confirmpassword: z.string(requiredError(MSG.confirmPasswordRequired)).min(1, MSG.confirmPasswordRequired),
  })
  .refine((v) => v.password === v.confirmpassword, { message: MSG.passwordMismatch, path: ['confirmpassword'] });

/** GET /sys/user/checkOnlyUser: one of username / workNo / phone / email, `id` excluded (the record being edited). */
export const checkOnlyUserQuerySchema = z.object({
  username: z.string().trim().max(64).optional(),
  workNo: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(32).optional(),
  email: z.string().trim().max(100).optional(),
  id: z.string().trim().max(64).optional(),
  _t: z.string().optional(),
});

/** GET /sys/user/queryAdminDepartAndRole: the signed-in user's departments and roles. */
export const adminDepartAndRoleSchema = z.object({
  departs: z.array(departBriefSchema),
  roles: z.array(z.object({ id: z.string(), roleName: z.string(), roleCode: z.string() })),
  orgCode: z.string().nullable(),
});

/** GET /sys/user/queryUserRoleMap: user id → names of the roles the user holds. */
export const userRoleMapSchema = z.record(z.string(), z.array(z.string()));

/** One row of a user import file: the profile plus role codes and department org codes (comma-joined). */
export const userImportRowSchema = z.object({
  username: z
    .string({ error: USER_MSG.usernameRequired })
    .trim()
    .min(1, USER_MSG.usernameRequired)
    .regex(USERNAME_PATTERN, USER_MSG.usernameFormat),
  realname: userProfileShape.realname,
  workNo: userProfileShape.workNo,
  post: userProfileShape.post,
  telephone: userProfileShape.telephone,
  email: userProfileShape.email,
  phone: userProfileShape.phone,
  birthday: userProfileShape.birthday,
  sex: userProfileShape.sex,
  roleCodes: optionalText(2000, '角色编码最多 2000 个字符'),
  orgCodes: optionalText(2000, '部门编码最多 2000 个字符'),
});
export type UserImportRow = z.infer<typeof userImportRowSchema>;

/** Import answer: how many users, and each one's generated initial password (shown this once only). */
export const userImportResultSchema = z.object({
  count: z.number().int(),
  passwords: z.array(z.object({ username: z.string(), realname: z.string(), password: z.string() })),
});
export type UserImportResult = z.infer<typeof userImportResultSchema>;
