import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { loginCaptchas } from '../../db/schema';
import { newCaptchaCode, renderCaptchaPng } from '../../platform/captcha-image';
import { badRequest } from '../../platform/reply';

export const CAPTCHA_MSG = {
  badKey: '参数 key 不正确',
  required: '请输入验证码',
  expired: '验证码已失效，请点击图片刷新',
  wrong: '验证码错误',
} as const;
/** How long an image's answer is valid. */
export const CAPTCHA_TTL_SECONDS = 300;
export const CHECK_KEY_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

const hashOf = (key: string, code: string) => createHash('sha256').update(`${key}:${code.toLowerCase()}`).digest('hex');

/** A new image for the client's check key (replacing an earlier one of that key), as a data URL. */
export async function issueCaptcha(db: DbOrTx, checkKey: string): Promise<string> {
  const code = newCaptchaCode();
  const expiresAt = sql`now() + make_interval(secs => ${CAPTCHA_TTL_SECONDS})`;
  await db.delete(loginCaptchas).where(lt(loginCaptchas.expiresAt, sql`now()`));
  await db
    .insert(loginCaptchas)
    .values({ checkKey, codeHash: hashOf(checkKey, code), expiresAt })
    .onConflictDoUpdate({ target: loginCaptchas.checkKey, set: { codeHash: hashOf(checkKey, code), expiresAt } });
  return `data:image/png;base64,${renderCaptchaPng(code).toString('base64')}`;
}

/** Checks (and uses up: one attempt per image) the answer of the image issued for `checkKey`. */
export async function checkCaptcha(db: DbOrTx, checkKey: string | undefined, code: string | undefined): Promise<void> {
  if (!code?.trim()) throw badRequest(CAPTCHA_MSG.required);
  if (!checkKey || !CHECK_KEY_PATTERN.test(checkKey)) throw badRequest(CAPTCHA_MSG.expired);
  const [row] = await db
    .delete(loginCaptchas)
    .where(and(eq(loginCaptchas.checkKey, checkKey), gt(loginCaptchas.expiresAt, sql`now()`)))
    .returning({ codeHash: loginCaptchas.codeHash });
  if (!row) throw badRequest(CAPTCHA_MSG.expired);
  const given = Buffer.from(hashOf(checkKey, code.trim()));
  if (!timingSafeEqual(given, Buffer.from(row.codeHash))) throw badRequest(CAPTCHA_MSG.wrong);
}
