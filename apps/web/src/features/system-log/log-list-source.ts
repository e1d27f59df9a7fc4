import type { ListSource } from '../../shared/list-page/list-prefetch';
import { LOG_URL, logKeys, type LogType } from './api';
import type { SearchField } from '../../shared/list-page/search-fields';

const commonFields: SearchField[] = [
  // The server matches keyWord literally inside the content: no `*` wrapping.
  { name: 'keyWord', label: '搜索日志', placeholder: '请输入搜索关键词', match: 'eq' },
  { name: 'createTime', label: '创建时间', type: 'dateRange' },
];

/** Per tab: the operation log also searches by 操作类型 (dictionary operate_type). */
export const logSearchFields: Record<LogType, SearchField[]> = {
  1: commonFields,
  2: [...commonFields, { name: 'operateType', label: '操作类型', type: 'dict', dictCode: 'operate_type' }],
};

/** The tab a URL shows: `logType=2` 操作日志, else 登录日志. */
export function logTypeOf(params: URLSearchParams): LogType {
  return params.get('logType') === '2' ? 2 : 1;
}

/** One log tab's list call (pure data): the page uses it, and its route starts the first rows with it. */
export function logListSource(logType: LogType): ListSource {
  return {
    keys: logKeys.tab(logType),
    url: LOG_URL.list,
    fixedParams: { logType },
    searchFields: logSearchFields[logType],
  };
}
