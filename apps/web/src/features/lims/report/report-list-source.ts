import { LIMS_DICT } from '@lims/contracts';
import type { ListSource } from '../../../shared/list-page/list-prefetch';
import type { SearchField } from '../../../shared/list-page/search-fields';
import { REPORT_URL, reportKeys } from './api';

export const reportSearchFields: SearchField[] = [
  { name: 'reportNo', label: '报告编号' },
  { name: 'status', label: '状态', type: 'dict', dictCode: LIMS_DICT.reportStatus },
  { name: 'publishedAt', label: '发布时间', type: 'dateRange' },
];

/** 检测报告's list call (pure data): the page uses it, and its route starts the first rows with it. */
export const reportListSource: ListSource = {
  keys: reportKeys,
  url: REPORT_URL.list,
  searchFields: reportSearchFields,
  rowDicts: [LIMS_DICT.reportStatus],
};
