import { LIMS_DICT } from '@lims/contracts';
import type { ListSource } from '../../../shared/list-page/list-prefetch';
import type { SearchField } from '../../../shared/list-page/search-fields';
import type { PageData } from '../../../shared/list-page/page-data';
import { ANALYSIS_URL, analysisKeys, myResultsQuery } from './api';

export const analysisSearchFields: SearchField[] = [
  // Exact (indexed on 1 000 000 analyses: names repeat, a contains count visits every match); * for contains.
  { name: 'itemName', label: '检测项目', match: 'eq', placeholder: '项目全称，模糊查询用 *' },
  { name: 'status', label: '状态', type: 'dict', dictCode: LIMS_DICT.analysisStatus },
  {
    name: 'outOfSpec',
    label: '超标',
    type: 'select',
    options: [
      { label: '超标', value: 'true' },
      { label: '合格', value: 'false' },
    ],
  },
  { name: 'dueDate', label: '计划完成日期', type: 'dateRange' },
];

/** 检测任务's list call (pure data): the page uses it, and its route starts the first rows with it. */
export const analysisListSource: ListSource = {
  keys: analysisKeys,
  url: ANALYSIS_URL.list,
  searchFields: analysisSearchFields,
  rowDicts: [LIMS_DICT.analysisStatus],
};

/** 结果复核's rows live beside the other analysis pages (a change refreshes all of them). */
const verifyKeys = {
  all: [...analysisKeys.all, 'verify'] as const,
  list: (params: unknown) => [...analysisKeys.all, 'verify', params] as const,
};

/** 结果复核's list call: results waiting for verification. */
export const verifyListSource: ListSource = {
  keys: verifyKeys,
  url: ANALYSIS_URL.verifyList,
  searchFields: analysisSearchFields.filter((f) => f.name !== 'status'),
  rowDicts: [LIMS_DICT.analysisStatus],
};

/** 结果录入's first request: the analyst's open analyses (the grid is not a paged list). */
export const resultEntryPageData: PageData = () => ({
  queries: [myResultsQuery(false)],
  dicts: [LIMS_DICT.analysisStatus],
  preferences: [],
});
