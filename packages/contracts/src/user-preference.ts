import { z } from 'zod';
import { requiredError } from './zod-zh';

/**
 * A user's own settings kept on the server (a list's column settings, saved advanced queries):
 * one JSON value per key, read and written only by the signed-in user for himself.
 */
export const PREFERENCE_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9:._/-]{0,99}$/;
/** The largest value, as JSON text. */
export const PREFERENCE_MAX_BYTES = 32 * 1024;
/** How many keys one user may keep. */
export const PREFERENCE_MAX_KEYS = 200;

export const PREFERENCE_MSG = {
  keyInvalid: '设置项名称不正确',
  valueRequired: '请提供设置内容',
  tooLarge: '设置内容过大，不能超过 32 KB',
  tooMany: '保存的设置项过多，请先删除不用的设置',
  saved: '保存成功！',
  reset: '已恢复默认设置！',
} as const;

export const preferenceKeySchema = z
  .string(requiredError(PREFERENCE_MSG.keyInvalid))
  .regex(PREFERENCE_KEY_PATTERN, PREFERENCE_MSG.keyInvalid);

/** Any JSON value the body carried (a request body is JSON already), up to PREFERENCE_MAX_BYTES. */
export const preferenceValueSchema = z
  .unknown()
  .refine((v) => v !== undefined, PREFERENCE_MSG.valueRequired)
  .refine((v) => new TextEncoder().encode(JSON.stringify(v)).length <= PREFERENCE_MAX_BYTES, PREFERENCE_MSG.tooLarge);

export const preferenceSaveSchema = z.object({ key: preferenceKeySchema, value: preferenceValueSchema });
export type PreferenceSave = z.infer<typeof preferenceSaveSchema>;
