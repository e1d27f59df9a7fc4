import type { PermissionListNode } from '@lims/contracts';

/** A 上级菜单 choice: menus only (a button holds no children). */
export type ParentOption = { value: string; title: string; disabled?: boolean; children?: ParentOption[] };

/**
 * The 上级菜单 tree: every menu (types 0 and 1); the node being edited and everything below it are
 * disabled, so a menu cannot be moved under itself.
 */
export function parentOptions(
  nodes: readonly PermissionListNode[],
  editingId?: string,
  blocked = false,
): ParentOption[] {
  return nodes
    .filter((n) => n.menuType !== 2)
    .map((n) => {
      const off = blocked || n.id === editingId;
      const children = parentOptions(n.children ?? [], editingId, off);
      return {
        value: n.id,
        title: n.name,
        ...(off ? { disabled: true } : {}),
        ...(children.length ? { children } : {}),
      };
    });
}

/** How many nodes sit below this one (its whole subtree, buttons included). */
export function descendantCount(node: PermissionListNode): number {
  return (node.children ?? []).reduce((sum, c) => sum + 1 + descendantCount(c), 0);
}

/** Keys of the nodes that have children (the table's 展开全部). */
export function branchIds(nodes: readonly PermissionListNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.id, ...branchIds(n.children)] : []));
}
