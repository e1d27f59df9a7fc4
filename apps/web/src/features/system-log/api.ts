import type { LogRecord } from '@lims/contracts';
import type { ListParams } from '../../shared/list-page/list-params';

/** 日志管理 reads only (REFERENCE section 6 "LogList"): the server offers no add, edit, delete or export. */
export const LOG_URL = { list: '/sys/log/list' } as const;

/** 1 登录日志, 2 操作日志: one tab each. */
export type LogType = 1 | 2;

/** Query keys: one list per tab, both under `logKeys.all`. */
export const logKeys = {
  all: ['sys-log'] as const,
  tab: (logType: LogType) => ({
    all: ['sys-log', logType] as const,
    list: (params: ListParams) => ['sys-log', logType, params] as const,
  }),
};

export type { LogRecord };
