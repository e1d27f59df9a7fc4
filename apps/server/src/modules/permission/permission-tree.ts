import type { Permission, PermissionListNode, PermissionTreeList, PermissionTreeNode } from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { allMenusAndButtons, type PermissionRow } from '../auth/auth.repo';

/** 'YYYY-MM-DD HH:mm:ss' of a timestamp string as the driver gives it (session time zone). */
export const toDateTime = (v: string | null): string | null => (v ? v.slice(0, 19).replace('T', ' ') : null);

const bySort = (a: PermissionRow, b: PermissionRow) =>
  a.sortNo - b.sortNo || a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * Groups rows under their parents, each level sorted by sortNo (then name). A row whose parent is
 * missing is shown at the top level, so that it can still be seen and fixed.
 */
export function childrenByParent(rows: readonly PermissionRow[]): Map<string | null, PermissionRow[]> {
  const ids = new Set(rows.map((r) => r.id));
  const out = new Map<string | null, PermissionRow[]>();
  for (const r of [...rows].sort(bySort)) {
    const parent = r.parentId && ids.has(r.parentId) && r.parentId !== r.id ? r.parentId : null;
    const list = out.get(parent);
    if (list) list.push(r);
    else out.set(parent, [r]);
  }
  return out;
}

/** Builds a tree with `toNode(row, children)`; cycles (which the writes refuse) are cut. */
function buildTree<N>(rows: readonly PermissionRow[], toNode: (row: PermissionRow, children: N[]) => N): N[] {
  const children = childrenByParent(rows);
  const seen = new Set<string>();
  const build = (parent: string | null): N[] =>
    (children.get(parent) ?? []).flatMap((r) => {
      if (seen.has(r.id)) return [];
      seen.add(r.id);
      return [toNode(r, build(r.id))];
    });
  const tree = build(null);
  // Rows caught in a parent cycle (which the writes refuse) are shown as roots rather than lost.
  for (const r of [...children.values()].flat()) {
    if (!seen.has(r.id)) {
      seen.add(r.id);
      tree.push(toNode(r, build(r.id)));
    }
  }
  return tree;
}

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
  return buildTree<PermissionListNode>(rows, (r, kids) => ({
    ...toPermission(r),
    isLeaf: kids.length === 0,
    key: r.id,
    title: r.name,
    ...(kids.length ? { children: kids } : {}),
  }));
}

/**
 * The authorisation tree `{ treeList, ids }` (key, title, isLeaf, icon, parentId, ruleFlag, menuType,
 * children) used by 菜单管理 and by the role authorisation drawer (/sys/role/queryTreeList).
 */
export function buildPermissionTree(rows: readonly PermissionRow[]): PermissionTreeList {
  const treeList = buildTree<PermissionTreeNode>(rows, (r, kids) => ({
    key: r.id,
    title: r.name,
    isLeaf: kids.length === 0,
    icon: r.icon,
    parentId: r.parentId,
    ruleFlag: r.ruleFlag,
    menuType: r.menuType,
    ...(kids.length ? { children: kids } : {}),
  }));
  return { treeList, ids: rows.map((r) => r.id) };
}

/** Loads every menu and button and builds the authorisation tree. */
export async function loadPermissionTree(db: DbOrTx): Promise<PermissionTreeList> {
  return buildPermissionTree(await allMenusAndButtons(db));
}

/** Ids of `rootIds` and everything below them. */
export function withDescendants(
  rows: readonly Pick<PermissionRow, 'id' | 'parentId'>[],
  rootIds: readonly string[],
): Set<string> {
  const kids = new Map<string, string[]>();
  for (const r of rows) if (r.parentId) kids.set(r.parentId, [...(kids.get(r.parentId) ?? []), r.id]);
  const out = new Set<string>();
  const stack = [...rootIds];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(kids.get(id) ?? []));
  }
  return out;
}
