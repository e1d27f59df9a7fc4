import type { ListSource } from '../../shared/list-page/list-prefetch';
import { UNIT_URL, unitKeys } from './api';

/** The unit page's dictionaries. */
export const UNIT_TYPE_DICT = 'unit_type';
export const UNIT_STATUS_DICT = 'unit_status';

/** 客户单位's list call (pure data): the page uses it, and its route starts the first rows with it. */
export const unitListSource: ListSource = {
  keys: unitKeys,
  url: UNIT_URL.list,
  searchFields: [
    { name: 'code', label: '单位编码' },
    { name: 'name', label: '单位名称' },
    { name: 'unitType', label: '单位类型', type: 'dict', dictCode: UNIT_TYPE_DICT },
    { name: 'status', label: '状态', type: 'dict', dictCode: UNIT_STATUS_DICT },
  ],
};
