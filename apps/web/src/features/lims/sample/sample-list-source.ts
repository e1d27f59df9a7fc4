import { LIMS_DICT } from '@lims/contracts';
import type { ListSource } from '../../../shared/list-page/list-prefetch';
import type { SearchField } from '../../../shared/list-page/search-fields';
import { SAMPLE_URL, sampleKeys } from './sample-api';

export const sampleSearchFields: SearchField[] = [
  { name: 'sampleNo', label: '样品编号', placeholder: '扫码或输入样品编号' },
  { name: 'name', label: '样品名称' },
  { name: 'status', label: '状态', type: 'dict', dictCode: LIMS_DICT.sampleStatus },
  { name: 'sampleType', label: '样品类型', type: 'dict', dictCode: LIMS_DICT.sampleType },
  { name: 'receivedAt', label: '接收日期', type: 'dateRange' },
];

/** 样品管理's list call (pure data): the page uses it, and its route starts the first rows with it. */
export const sampleListSource: ListSource = {
  keys: sampleKeys,
  url: SAMPLE_URL.list,
  searchFields: sampleSearchFields,
  rowDicts: [LIMS_DICT.sampleStatus, LIMS_DICT.sampleType, LIMS_DICT.sampleCondition],
};
