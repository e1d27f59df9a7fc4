import type { ListSource } from '../../shared/list-page/list-prefetch';
import type { PermissionListNode } from '@lims/contracts';
import { fetchMenuTree, permissionKeys } from './api';

/** 菜单管理's list call (pure data): the whole menu tree in the server's order. */
export const permissionListSource: ListSource<PermissionListNode> = {
  keys: permissionKeys,
  fetcher: (_params, signal) => fetchMenuTree(signal),
  defaultSort: null,
};
