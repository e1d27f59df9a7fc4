import type { Permission, PermissionListNode, PermissionTreeList, PermissionTreeNode } from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { buildTree } from '../../platform/tree';
import { toDateTime } from '../../platform/time';
import { allMenusAndButtons, type PermissionRow } from '../auth';

const bySort = (a: PermissionRow, b: PermissionRow) =>
  a.sortNo - b.sortNo || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/** A stored row in the API's camelCase shape (timestamps formatted). */
export function toPermission(r: PermissionRow): Permission {
  return {
    ...r,
    createTime: toDateTime(r.createTime),
    updateTime: toDateTime(r.updateTime),
  };
}

/** GET /sys/permission/list: every menu and button with all columns plus key, title and children. */
export function buildPermissionListTree(rows: readonly PermissionRow[]): PermissionListNode[] {
  return buildTree<PermissionRow, PermissionListNode>(
    rows,
    (r, kids) => ({
      ...toPermission(r),
      isLeaf: kids.length === 0,
      key: r.id,
      title: r.name,
      ...(kids.length ? { children: kids } : {}),
    }),
    bySort,
  );
}

/**
 * The authorisation tree `{ treeList, ids }` (key, title, isLeaf, icon, parentId, ruleFlag, menuType,
 * children) used by 菜单管理 and by the role authorisation drawer (/sys/role/queryTreeList).
 */
export function buildPermissionTree(rows: readonly PermissionRow[]): PermissionTreeList {
  const treeList = buildTree<PermissionRow, PermissionTreeNode>(
    rows,
    (r, kids) => ({
      key: r.id,
      title: r.name,
      isLeaf: kids.length === 0,
      icon: r.icon,
      parentId: r.parentId,
      ruleFlag: r.ruleFlag,
      menuType: r.menuType,
      ...(kids.length ? { children: kids } : {}),
    }),
    bySort,
  );
  return { treeList, ids: rows.map((r) => r.id) };
}

/** Loads every menu and button and builds the authorisation tree. */
export async function loadPermissionTree(db: DbOrTx): Promise<PermissionTreeList> {
  return buildPermissionTree(await allMenusAndButtons(db));
}
