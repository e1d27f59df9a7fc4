import { z } from 'zod';

/**
 * The one Chinese error map of zod, for the web and the server alike (installed when contracts load):
 * zod's zh-CN locale, with our texts for the checks users meet every day. A schema's own message
 * (e.g. 请输入旧密码!) still wins; a check without one reads the same in a form, a 400 and an import.
 */

type RawIssue = z.core.$ZodRawIssue;
type Issue = z.core.$ZodIssue;

/** Our texts of the everyday checks. */
export const ZOD_ZH = {
  required: '不能为空',
  badFormat: '格式不正确',
  badEmail: '邮箱格式不正确',
  badValue: '取值不正确',
  unknownKeys: '含有不允许的字段',
  badNumber: '数值不正确',
  maxLength: (n: number | bigint) => `长度不能超过 ${n} 个字符`,
  minLength: (n: number | bigint) => `长度不能少于 ${n} 个字符`,
  maxItems: (n: number | bigint) => `最多 ${n} 项`,
  minItems: (n: number | bigint) => `至少需要 ${n} 项`,
  max: (n: number | bigint | Date, inclusive = true) => (inclusive ? `不能大于 ${String(n)}` : `必须小于 ${String(n)}`),
  min: (n: number | bigint | Date, inclusive = true) => (inclusive ? `不能小于 ${String(n)}` : `必须大于 ${String(n)}`),
} as const;

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
const zhLocale = z.locales.zhCN();

/** Our text for an issue, or undefined to leave it to zod's zh-CN locale. */
function ourText(issue: RawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      return isBlank(issue.input) ? ZOD_ZH.required : ZOD_ZH.badFormat;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? ZOD_ZH.required : ZOD_ZH.minLength(issue.minimum);
      if (issue.origin === 'array' || issue.origin === 'set') return ZOD_ZH.minItems(issue.minimum);
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return ZOD_ZH.min(issue.minimum, issue.inclusive !== false);
      return undefined;
    case 'too_big':
      if (issue.origin === 'string') return ZOD_ZH.maxLength(issue.maximum);
      if (issue.origin === 'array' || issue.origin === 'set') return ZOD_ZH.maxItems(issue.maximum);
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint')
        return ZOD_ZH.max(issue.maximum, issue.inclusive !== false);
      return undefined;
    case 'invalid_format':
      return issue.format === 'email' ? ZOD_ZH.badEmail : ZOD_ZH.badFormat;
    case 'invalid_value':
      return ZOD_ZH.badValue;
    case 'invalid_union':
      return ZOD_ZH.badFormat;
    case 'unrecognized_keys':
      return ZOD_ZH.unknownKeys;
    case 'not_multiple_of':
      return ZOD_ZH.badNumber;
    default:
      return undefined;
  }
}

/** The Chinese text of an issue that carries no message of its own schema. */
export function zodMessageZh(issue: RawIssue): string {
  const locale = zhLocale.localeError(issue);
  return ourText(issue) ?? (typeof locale === 'string' ? locale : (locale?.message ?? ZOD_ZH.badFormat));
}

z.config({ ...zhLocale, customError: (issue) => ourText(issue) });

/**
 * True when a (finished) issue reads one of this map's texts rather than its schema's own message: a
 * 400 then names the field before it (`name: 长度不能超过 100 个字符`).
 */
export function isStockMessage(issue: Issue): boolean {
  const withInput = (input: unknown) => ({ ...issue, input }) as RawIssue;
  return issue.message === zodMessageZh(withInput(undefined)) || issue.message === zodMessageZh(withInput('-'));
}

/**
 * The `error` param of a required field whose message is only for a missing or mistyped value:
 * `z.string(requiredError('请输入名称')).max(100)`. A schema-level message in zod also becomes
 * the message of every check after it, so a too long name would otherwise say 请输入名称.
 */
export function requiredError(message: string): { error: (issue: RawIssue) => string | undefined } {
  return { error: (issue) => (issue.code === 'invalid_type' ? message : undefined) };
}
