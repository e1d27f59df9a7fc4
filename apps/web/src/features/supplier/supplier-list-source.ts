import type { ListSource } from '../../shared/list-page/list-prefetch';
import type { SearchField } from '../../shared/list-page/search-fields';
import { SUPPLIER_URL, supplierKeys } from './api';

/** The supplier page's dictionaries. */
export const SUPPLIER_TYPE_DICT = 'supplier_type';
export const SUPPLIER_STATUS_DICT = 'supplier_status';

export const supplierSearchFields: SearchField[] = [
  { name: 'code', label: '供应商编码' },
  { name: 'name', label: '供应商名称' },
  { name: 'supplierType', label: '供应商类型', type: 'dict', dictCode: SUPPLIER_TYPE_DICT },
  { name: 'status', label: '状态', type: 'dict', dictCode: SUPPLIER_STATUS_DICT },
  { name: 'qualificationExpiry', label: '资质有效期', type: 'dateRange' },
];

/** 供应商管理's list call (pure data): the page uses it, and its route starts the first rows with it. */
export const supplierListSource: ListSource = {
  keys: supplierKeys,
  url: SUPPLIER_URL.list,
  searchFields: supplierSearchFields,
};
