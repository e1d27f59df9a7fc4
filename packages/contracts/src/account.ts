import { z } from 'zod';
import { userEditSchema } from './user';
import { IMAGE_UPLOAD_EXTENSIONS } from './uploads';

/** 个人设置 (/account/settings/base): the signed-in user's own profile and login devices. */
export const ACCOUNT_MSG = {
  profileSaved: '保存成功！',
  avatarNotImage: `头像只能是本人上传的图片（${IMAGE_UPLOAD_EXTENSIONS.join('、')}）`,
  sessionNotFound: '该登录设备不存在或已下线',
  currentSession: '不能下线当前设备，请使用“退出登录”',
  sessionRevoked: '该设备已下线',
  othersRevoked: (n: number) => (n === 0 ? '没有其他登录设备' : `已退出其他 ${n} 个设备`),
} as const;

/**
 * PUT /sys/account/profile: only the real name, avatar, mobile and email of the signed-in user.
 * Every other key (username, status, roles, departments …) is dropped; an absent optional field is
 * left as it is, a blank one is cleared.
 */
export const accountProfileSchema = userEditSchema.pick({ realname: true, avatar: true, phone: true, email: true });
export type AccountProfileForm = z.infer<typeof accountProfileSchema>;

/** One live session of the signed-in user (never its token or the token's hash). */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** Sign-in time, 'YYYY-MM-DD HH:mm:ss'. */
  createdAt: z.string(),
  /** Last request seen (written at most once a minute), 'YYYY-MM-DD HH:mm:ss'. */
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The session of this very request. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const revokeOthersResultSchema = z.object({ count: z.number().int() });
