import { z } from 'zod';
import { requiredError } from './zod-zh';
import { MSG, PHONE_MSG } from './messages';
import { changePasswordFieldsSchema, newPasswordSchema } from './common/password';

export const loginBodySchema = z.object({
  username: z.string(requiredError(MSG.usernameRequired)).trim().min(1, MSG.usernameRequired).max(64),
  password: z.string(requiredError(MSG.passwordRequired)).min(1, MSG.passwordRequired).max(128),
  remember_me: z.boolean().optional(),
  /** The image captcha's answer and the key its image was fetched with (the original JeecgBoot client sends both). */
  captcha: z.string().max(16).optional(),
  checkKey: z
    .union([z.string().max(64), z.number()])
    .transform(String)
    .optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** A department as the header and the switcher see it (SPEC section 3). */
export const departBriefSchema = z.object({
  id: z.string(),
  orgCode: z.string(),
  departName: z.string(),
});
export type DepartBrief = z.infer<typeof departBriefSchema>;

/** The signed-in user as the web keeps it; never carries a password hash or salt. */
export const userInfoSchema = z.object({
  id: z.string(),
  username: z.string(),
  realname: z.string(),
  avatar: z.string().nullable(),
  orgCode: z.string().nullable(),
  sex: z.number().int().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: z.number().int(),
  mustChangePassword: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;

export const loginResultSchema = z.object({
  token: z.string(),
  userInfo: userInfoSchema,
  departs: z.array(departBriefSchema),
  /** 0 no department, 1 exactly one, 2 several (the user may switch). */
  multi_depart: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type LoginResult = z.infer<typeof loginResultSchema>;

export const menuMetaSchema = z.object({
  title: z.string(),
  icon: z.string().optional(),
  url: z.string().optional(),
  keepAlive: z.boolean(),
  internalOrExternal: z.boolean().optional(),
  permissionList: z.array(z.object({ action: z.string(), type: z.string(), status: z.string() })).optional(),
});

export type MenuEntry = {
  id: string;
  component: string;
  path: string;
  name: string;
  redirect?: string;
  hidden?: boolean;
  alwaysShow?: boolean;
  route: '0' | '1';
  meta: z.infer<typeof menuMetaSchema>;
  children?: MenuEntry[];
};
export const menuEntrySchema: z.ZodType<MenuEntry> = z.lazy(() =>
  z.object({
    id: z.string(),
    component: z.string(),
    path: z.string(),
    name: z.string(),
    redirect: z.string().optional(),
    hidden: z.boolean().optional(),
    alwaysShow: z.boolean().optional(),
    route: z.enum(['0', '1']),
    meta: menuMetaSchema,
    children: z.array(menuEntrySchema).optional(),
  }),
);

/** A button permission: type '1' show/hide, '2' disable; status '1' enforced, '0' not controlled. */
export const authItemSchema = z.object({
  action: z.string(),
  type: z.string(),
  describe: z.string(),
  status: z.string(),
});
export type AuthItem = z.infer<typeof authItemSchema>;

export const userPermissionSchema = z.object({
  menu: z.array(menuEntrySchema),
  auth: z.array(authItemSchema),
  allAuth: z.array(authItemSchema),
  /**
   * Every page path of the system's menu (external links left out), granted or not: a path here that
   * the user's menu lacks is a page he may not open (403); any other unknown path is a 404.
   */
  allPaths: z.array(z.string()),
});
export type UserPermission = z.infer<typeof userPermissionSchema>;

export const currentUserDepartsSchema = z.object({
  list: z.array(departBriefSchema),
  orgCode: z.string().nullable(),
});

export const selectDepartBodySchema = z.object({
  orgCode: z.string().trim().min(1, '请选择部门').max(64),
  username: z.string().trim().max(64).optional(),
});

export const updatePasswordBodySchema = z
  .object({ username: z.string().trim().min(1, MSG.noLoginUser).max(64) })
  .and(changePasswordFieldsSchema);
export type UpdatePasswordBody = z.infer<typeof updatePasswordBodySchema>;

export const MOBILE_PATTERN = /^1[3-9]\d{9}$/;
const mobileSchema = z
  .string({ error: PHONE_MSG.mobileRequired })
  .trim()
  .min(1, PHONE_MSG.mobileRequired)
  .regex(MOBILE_PATTERN, PHONE_MSG.mobileFormat);

/** smsmode: '0' login, '1' register, '2' forgot password. */
export const smsBodySchema = z.object({ mobile: mobileSchema, smsmode: z.enum(['0', '1', '2']).default('0') });

export const phoneLoginBodySchema = z.object({
  mobile: mobileSchema,
  captcha: z
    .string({ error: PHONE_MSG.captchaRequired })
    .trim()
    .min(1, PHONE_MSG.captchaRequired)
    .regex(/^\d{6}$/, PHONE_MSG.captchaFormat),
});

export const USERNAME_PATTERN = /^[A-Za-z0-9_]{4,32}$/;

/** Self-registration: the account is created frozen until an administrator approves it. */
export const registerBodySchema = z
  .object({
    username: z
      .string({ error: MSG.usernameRequired })
      .trim()
      .min(1, MSG.usernameRequired)
      .regex(USERNAME_PATTERN, PHONE_MSG.usernameFormat),
    realname: z.string(requiredError(PHONE_MSG.realnameRequired)).trim().min(1, PHONE_MSG.realnameRequired).max(100),
    password: newPasswordSchema,
    confirmpassword: z.string(requiredError(MSG.confirmPasswordRequired)).min(1, MSG.confirmPasswordRequired),
    phone: z.union([z.literal(''), z.string().trim().regex(MOBILE_PATTERN, PHONE_MSG.mobileFormat)]).optional(),
    email: z.union([z.literal(''), z.string().trim().max(100).pipe(z.email(PHONE_MSG.emailFormat))]).optional(),
  })
  .refine((v) => v.password === v.confirmpassword, { message: MSG.passwordMismatch, path: ['confirmpassword'] });
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** GET /sys/loginfo: visits are successful logins (login log). */
export const loginInfoSchema = z.object({
  totalVisitCount: z.number().int(),
  todayVisitCount: z.number().int(),
  todayIp: z.number().int(),
});
/** GET /sys/visitInfo: the last 7 days, oldest first, days without visits included. */
export const visitInfoSchema = z.array(
  z.object({
    visit: z.number().int(),
    ip: z.number().int(),
    tian: z.string(),
    type: z.string(),
  }),
);
export type LoginInfo = z.infer<typeof loginInfoSchema>;
export type VisitInfo = z.infer<typeof visitInfoSchema>;
