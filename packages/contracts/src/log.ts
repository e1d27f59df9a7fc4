import { z } from 'zod';
import { auditFieldsSchema } from './common/envelope';

/** 1 登录日志, 2 操作日志. */
export const LOG_TYPES = [1, 2] as const;
/** 1 查询, 2 添加, 3 修改, 4 删除, 5 导入, 6 导出. */
export const OPERATE_TYPES = [1, 2, 3, 4, 5, 6] as const;

export const LOG_MSG = {
  keyWordTooLong: '搜索内容过长（最多 100 个字符）',
} as const;

/**
 * GET /sys/log/list record. `userid` is the account, `username` the real name (the ancestor's
 * naming); `requestParam` is JSON with secrets already masked when it was written. Every field is
 * optional because `field` may narrow them.
 */
export const logRecordSchema = auditFieldsSchema.partial().extend({
  logType: z.number().int().optional(),
  logType_dictText: z.string().optional(),
  logContent: z.string().optional(),
  operateType: z.number().int().nullable().optional(),
  operateType_dictText: z.string().optional(),
  userid: z.string().nullable().optional(),
  username: z.string().nullable().optional(),
  ip: z.string().nullable().optional(),
  method: z.string().nullable().optional(),
  requestUrl: z.string().nullable().optional(),
  requestParam: z.string().nullable().optional(),
  requestType: z.string().nullable().optional(),
  costTime: z.number().int().nullable().optional(),
  success: z.boolean().nullable().optional(),
});
export type LogRecord = z.infer<typeof logRecordSchema>;
