import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_MSG,
  IMAGE_UPLOAD_EXTENSIONS,
  USER_MSG,
  type AccountProfileForm,
  type UserInfo,
} from '@lims/contracts';
import { users } from '../../db/schema';
import { isUniqueViolation, updateRecord } from '../../platform/crud';
import { extensionOf, findFileByPath } from '../../platform/files';
import { badRequest, conflict, notFound } from '../../platform/reply';
import type { SessionUser } from '../../platform/sessions';
import { findUserById, toUserInfo } from '../auth';
import { takenMessage, uniqueViolationMessage } from '../user';

const IMAGES: readonly string[] = IMAGE_UPLOAD_EXTENSIONS;

/**
 * A new avatar must be an image this user uploaded (an upload path of someone else's file, an
 * outside URL or another file type is refused); the current avatar may stay as it is.
 */
async function assertOwnImage(app: FastifyInstance, user: SessionUser, avatar: string, current: string | null) {
  if (avatar === current) return;
  const file = await findFileByPath(app.db, avatar);
  if (!file || file.createBy !== user.username || !IMAGES.includes(extensionOf(file.storagePath)))
    throw badRequest(ACCOUNT_MSG.avatarNotImage);
}

/**
 * 个人设置 › 基本信息: the signed-in user changes their own real name, avatar, mobile and email —
 * nothing else (the schema has dropped every other key). Mobile and email must be free, as in 用户管理.
 */
export async function updateOwnProfile(
  app: FastifyInstance,
  user: SessionUser,
  form: AccountProfileForm,
): Promise<UserInfo> {
  const current = await findUserById(app.db, user.id);
  if (!current) throw notFound(USER_MSG.userNotFound);
  const { realname, avatar, phone, email } = form;
  if (typeof avatar === 'string') await assertOwnImage(app, user, avatar, current.avatar);
  const taken = await takenMessage(app.db, { phone, email }, user.id);
  if (taken) throw conflict(taken);
  try {
    await updateRecord(
      app.db,
      users,
      user.id,
      { realname, avatar, phone, email },
      user.username,
      USER_MSG.userNotFound,
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(uniqueViolationMessage(err));
    throw err;
  }
  const saved = await findUserById(app.db, user.id);
  if (!saved) throw notFound(USER_MSG.userNotFound);
  return toUserInfo(saved);
}
