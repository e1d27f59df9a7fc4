import type { z } from 'zod';
import { EXCEL_MSG } from './messages';

type Issue = z.core.$ZodIssue;
const CHINESE = /[\u4e00-\u9fa5]/;

/** A Chinese message for a zod issue: the schema's own when it is Chinese, otherwise one by kind. */
export function issueMessage(issue: Issue, input: unknown): string {
  const empty = input === undefined || input === null || input === '';
  // `z.string({ error: '请输入…' })` lends its message to every check of the type, `.max()` included:
  // a length or range problem of a filled cell is described by its kind instead.
  const sized = issue.code === 'too_big' || (issue.code === 'too_small' && !empty && Number(issue.minimum) > 1);
  if (CHINESE.test(issue.message) && !sized) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return empty ? EXCEL_MSG.required : EXCEL_MSG.badFormat;
    case 'too_small':
      if (issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? EXCEL_MSG.required : `长度不能少于 ${issue.minimum} 个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `至少需要 ${issue.minimum} 项`;
      return `不能小于 ${issue.minimum}`;
    case 'too_big':
      if (issue.origin === 'string') return `长度不能超过 ${issue.maximum} 个字符`;
      if (issue.origin === 'array' || issue.origin === 'set') return `最多 ${issue.maximum} 项`;
      return `不能大于 ${issue.maximum}`;
    case 'invalid_format':
      return issue.format === 'email' ? '邮箱格式不正确' : EXCEL_MSG.badFormat;
    case 'invalid_value':
      return '取值不正确';
    default:
      return EXCEL_MSG.badFormat;
  }
}
