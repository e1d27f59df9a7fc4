import type { RoleTreeList, RoleTreeNode } from '@lims/contracts';
import { buildTree } from '../../platform/tree';

export type PermissionNodeRow = {
  id: string;
  parentId: string | null;
  name: string;
  icon: string | null;
  menuType: number;
  ruleFlag: boolean;
};

/**
 * The authorisation tree of menus and buttons, in the rows' order (sorted by the caller); orphans and
 * rows in a parent cycle become roots (platform/tree). `ids` lists every node (the drawer's 全部勾选).
 */
export function buildRoleTree(rows: readonly PermissionNodeRow[]): RoleTreeList {
  const treeList = buildTree<PermissionNodeRow, RoleTreeNode>(rows, (r, children) => ({
    key: r.id,
    title: r.name,
    isLeaf: children.length === 0,
    icon: r.icon || null,
    parentId: r.parentId || null,
    menuType: r.menuType,
    ruleFlag: r.ruleFlag,
    ...(children.length ? { children } : {}),
  }));
  return { treeList, ids: rows.map((r) => r.id) };
}
