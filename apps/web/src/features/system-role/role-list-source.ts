import type { ListSource } from '../../shared/list-page/list-prefetch';
import { ROLE_URL, roleKeys } from './api';

/** 角色管理's list call (pure data): the page uses it, and its route starts the first rows with it. */
export const roleListSource: ListSource = {
  keys: roleKeys,
  url: ROLE_URL.list,
  searchFields: [
    { name: 'roleName', label: '角色名称' },
    { name: 'createTime', label: '创建时间', type: 'dateRange' },
  ],
};
