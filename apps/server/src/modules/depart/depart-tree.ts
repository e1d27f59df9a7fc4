import type { DepartIdTreeNode, DepartRecord, DepartTreeNode } from '@lims/contracts';
import { departs } from '../../db/schema';
import { toDateTime } from '../../platform/time';
import { buildTree } from '../../platform/tree';

export type DepartRow = typeof departs.$inferSelect;

export function toDepartRecord(r: DepartRow): DepartRecord {
  return { ...r, createTime: toDateTime(r.createTime), updateTime: toDateTime(r.updateTime) };
}

const byOrder = (a: DepartRow, b: DepartRow) => a.departOrder - b.departOrder || a.orgCode.localeCompare(b.orgCode);

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
  return buildTree<DepartRow, DepartTreeNode>(rows, (r, kids) => toDepartNode(r, kids), byOrder);
}

/** queryIdTree: key / value / title only. */
export function buildDepartIdTree(rows: readonly DepartRow[]): DepartIdTreeNode[] {
  return buildTree<DepartRow, DepartIdTreeNode>(
    rows,
    (r, kids) => ({
      key: r.id,
      value: r.id,
      title: r.departName,
      isLeaf: kids.length === 0,
      ...(kids.length ? { children: kids } : {}),
    }),
    byOrder,
  );
}
