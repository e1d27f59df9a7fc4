import type { ListSource } from '../../shared/list-page/list-prefetch';
import { DICT_URL, dictKeys } from './api';

/** 数据字典's list call (pure data): the page uses it, and its route starts the first rows with it. */
export const dictListSource: ListSource = {
  keys: dictKeys,
  url: DICT_URL.list,
  searchFields: [
    { name: 'dictName', label: '字典名称' },
    { name: 'dictCode', label: '字典编号' },
  ],
};
