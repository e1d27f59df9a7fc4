import { z } from 'zod';
import { requiredError } from './zod-zh';
import { isValidCreditCode, normalizeCreditCode } from './credit-code';
import { RECORD_ID_PATTERN } from './user';

/**
 * Field rules shared by the business records (suppliers, customer units, projects).
 * Forms send the whole record: an absent or blank optional field is stored as null.
 */
export const BUSINESS_FIELD_MSG = {
  phoneFormat: '请输入正确的联系电话',
  emailFormat: '请输入正确格式的邮箱！',
  creditCodeInvalid: '统一社会信用代码不正确',
  badId: '参数 id 不正确',
  tooLong: (label: string, max: number) => `${label}最多 ${max} 个字符`,
  badDate: (label: string) => `${label}格式应为 YYYY-MM-DD`,
} as const;

/** Landline (010-62881234, 0510-85161234-801), mobile (13912345678, +86 139…), 400/800 numbers. */
export const BUSINESS_PHONE_PATTERN =
  /^(?:(?:\+\d{1,4}[\s-]?)?(?:\(?0\d{2,3}\)?[\s-]?)?[1-9]\d{6,7}(?:[\s-]\d{1,6})?|(?:\+?86[\s-]?)?1[3-9]\d{9}|[48]00[\s-]?\d{3}[\s-]?\d{4})$/;
export const BUSINESS_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Optional text: trimmed, at most `max` characters, blank or absent → null. */
export const optionalText = (max: number, label: string) =>
  z
    .preprocess(blankToNull, z.string().trim().max(max, BUSINESS_FIELD_MSG.tooLong(label, max)).nullish())
    .transform((v) => v ?? null);

/** Required text: trimmed, not empty. */
export const requiredText = (max: number, label: string, requiredMessage: string) =>
  z
    .string(requiredError(requiredMessage))
    .trim()
    .min(1, requiredMessage)
    .max(max, BUSINESS_FIELD_MSG.tooLong(label, max));

/** Optional text matching a pattern. */
export const optionalPattern = (max: number, pattern: RegExp, message: string) =>
  z
    .preprocess(blankToNull, z.string().trim().max(max, message).regex(pattern, message).nullish())
    .transform((v) => v ?? null);

export const optionalPhone = optionalPattern(32, BUSINESS_PHONE_PATTERN, BUSINESS_FIELD_MSG.phoneFormat);
export const optionalEmail = optionalPattern(100, BUSINESS_EMAIL_PATTERN, BUSINESS_FIELD_MSG.emailFormat);

/**
 * A credit code: trimmed and upper-cased; blank → null; otherwise 18 characters of the right shape
 * ending with their GB 32100-2015 check character.
 */
export const optionalCreditCode = z
  .preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? null : normalizeCreditCode(v)) : v),
    z.string().refine(isValidCreditCode, BUSINESS_FIELD_MSG.creditCodeInvalid).nullish(),
  )
  .transform((v) => v ?? null);

/** True for a real calendar day 'YYYY-MM-DD'. */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s);
}

/** An optional date 'YYYY-MM-DD' (a date-time is cut to its day); blank → null. */
export const optionalDate = (label: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim().slice(0, 10)) : v),
      z.string().refine(isCalendarDay, BUSINESS_FIELD_MSG.badDate(label)).nullish(),
    )
    .transform((v) => v ?? null);

/** A dictionary value (the server checks it belongs to the dictionary); blank → null. */
export const optionalDictValue = optionalText(10, '字典值');

/** A record id (as ids are everywhere): letters, digits, `_ . : -`. */
export const recordIdField = (message: string = BUSINESS_FIELD_MSG.badId) =>
  z.string(requiredError(message)).trim().min(1, message).regex(RECORD_ID_PATTERN, message);

/** An optional reference id; blank → null. */
export const optionalRecordId = (message: string = BUSINESS_FIELD_MSG.badId) =>
  z.preprocess(blankToNull, z.string().trim().regex(RECORD_ID_PATTERN, message).nullish()).transform((v) => v ?? null);

/** Dictionary texts a list record carries beside the values. */
export const dictTextField = z.string().optional();
