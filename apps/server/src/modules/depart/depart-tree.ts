import type { DepartIdTreeNode, DepartRecord, DepartTreeNode } from '@lims/contracts';
import { departs } from '../../db/schema';
import { toDateTime } from '../permission/permission-tree';

export type DepartRow = typeof departs.$inferSelect;

export function toDepartRecord(r: DepartRow): DepartRecord {
  return { ...r, createTime: toDateTime(r.createTime), updateTime: toDateTime(r.updateTime) };
}

const byOrder = (a: DepartRow, b: DepartRow) => a.departOrder - b.departOrder || a.orgCode.localeCompare(b.orgCode);

/** Rows under their parents, each level by departOrder then org code; a row whose parent is missing is top level. */
function childrenByParent(rows: readonly DepartRow[]): Map<string | null, DepartRow[]> {
  const ids = new Set(rows.map((r) => r.id));
  const out = new Map<string | null, DepartRow[]>();
  for (const r of [...rows].sort(byOrder)) {
    const parent = r.parentId && ids.has(r.parentId) && r.parentId !== r.id ? r.parentId : null;
    out.set(parent, [...(out.get(parent) ?? []), r]);
  }
  return out;
}

function buildTree<N>(rows: readonly DepartRow[], toNode: (row: DepartRow, children: N[]) => N): N[] {
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

/** A department as a tree node with every column (`children` only when it has some). */
export function toDepartNode(r: DepartRow, children: DepartTreeNode[], isLeaf = children.length === 0): DepartTreeNode {
  return {
    ...toDepartRecord(r),
    key: r.id,
    value: r.id,
    title: r.departName,
    isLeaf,
    ...(children.length ? { children } : {}),
  };
}

/** queryTreeList: the whole tree with all columns. */
export function buildDepartTree(rows: readonly DepartRow[]): DepartTreeNode[] {
  return buildTree<DepartTreeNode>(rows, (r, kids) => toDepartNode(r, kids));
}

/** queryIdTree: key / value / title only. */
export function buildDepartIdTree(rows: readonly DepartRow[]): DepartIdTreeNode[] {
  return buildTree<DepartIdTreeNode>(rows, (r, kids) => ({
    key: r.id,
    value: r.id,
    title: r.departName,
    isLeaf: kids.length === 0,
    ...(kids.length ? { children: kids } : {}),
  }));
}
