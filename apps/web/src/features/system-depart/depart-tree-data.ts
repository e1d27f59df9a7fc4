import type { DepartTreeNode } from '@lims/contracts';

/** Pure helpers over the department tree the server answers (queryTreeList / searchBy). */

/** A node as antd's Tree shows it: the name, the children. */
export type TreeItem = { key: string; title: string; children?: TreeItem[] };

/** Every department by id, from the whole tree. */
export function indexTree(tree: readonly DepartTreeNode[] | undefined): Map<string, DepartTreeNode> {
  const out = new Map<string, DepartTreeNode>();
  const walk = (nodes: readonly DepartTreeNode[]) => {
    for (const n of nodes) {
      out.set(n.id, n);
      if (n.children) walk(n.children);
    }
  };
  walk(tree ?? []);
  return out;
}

/** The tree for antd: names only; `flat` drops the children (a search result is a flat list). */
export function toTreeItems(nodes: readonly DepartTreeNode[] | undefined, flat = false): TreeItem[] {
  return (nodes ?? []).map((n) => ({
    key: n.id,
    title: n.departName,
    ...(!flat && n.children?.length ? { children: toTreeItems(n.children) } : {}),
  }));
}

/** Keys of the nodes that have children (expanded by default: the tree opens fully). */
export function parentKeys(items: readonly TreeItem[]): string[] {
  return items.flatMap((i) => (i.children?.length ? [i.key, ...parentKeys(i.children)] : []));
}

/** 排序 of a new department: after its siblings (the tree orders by 排序, then by code). */
export function nextOrder(siblings: readonly DepartTreeNode[] | undefined): number {
  return (siblings ?? []).reduce((max, n) => Math.max(max, n.departOrder), 0) + 1;
}
