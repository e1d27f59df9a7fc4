import { z } from 'zod';

export const SORT_ORDER_MAX = 999_999;

/** The message of a sort value that is not a whole number from 0 to 999999 (e.g. 排序应为 0 到 999999 之间的整数). */
export const sortOrderMessage = (label: string) => `${label}应为 0 到 ${SORT_ORDER_MAX} 之间的整数`;

/**
 * A sort value (排序, 排序值): a whole number 0…999999, as a number or numeric text; absent or null → `fallback`.
 * Negative or fractional values are refused with the message, never rounded or clamped.
 */
export const sortOrderField = (label: string, fallback = 0) => {
  const message = sortOrderMessage(label);
  return z.preprocess(
    (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(0, message).max(SORT_ORDER_MAX, message).default(fallback),
  );
};
