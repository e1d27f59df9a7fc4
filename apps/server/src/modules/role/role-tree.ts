import type { RoleTreeList, RoleTreeNode } from '@lims/contracts';

export type PermissionNodeRow = {
  id: string;
  parentId: string | null;
  name: string;
  icon: string | null;
  menuType: number;
  ruleFlag: boolean;
};

/** True when following parents from `id` comes back to `id` (a broken tree must not loop). */
function inCycle(id: string, parentOf: ReadonlyMap<string, string | null>): boolean {
  const seen = new Set<string>();
  for (let cur = parentOf.get(id) ?? null; cur; cur = parentOf.get(cur) ?? null) {
    if (cur === id) return true;
    if (seen.has(cur)) return false;
    seen.add(cur);
  }
  return false;
}

/**
 * The authorisation tree of menus and buttons, in the rows' order (sorted by the caller). A row
 * whose parent is missing, or that sits in a parent cycle, becomes a root; `isLeaf` reflects
 * actual children. `ids` lists every node (the drawer's 全部勾选).
 */
export function buildRoleTree(rows: readonly PermissionNodeRow[]): RoleTreeList {
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId || null]));
  const nodes = new Map<string, RoleTreeNode>(
    rows.map((r) => [
      r.id,
      {
        key: r.id,
        title: r.name,
        isLeaf: true,
        icon: r.icon || null,
        parentId: r.parentId || null,
        menuType: r.menuType,
        ruleFlag: r.ruleFlag,
      },
    ]),
  );
  const treeList: RoleTreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (parent && !inCycle(r.id, parentOf)) {
      (parent.children ??= []).push(node);
      parent.isLeaf = false;
    } else {
      treeList.push(node);
    }
  }
  return { treeList, ids: rows.map((r) => r.id) };
}
