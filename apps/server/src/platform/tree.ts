/** Trees of rows that point at their parent: departments, menus and buttons, the role authorisation tree. */
export type TreeRow = { readonly id: string; readonly parentId: string | null };

/**
 * Nests rows under their parents, each level in `compare` order (the rows' own order without one),
 * and builds every node with `toNode(row, children, isRoot)`. A row whose parent is missing is a
 * root, so that it can still be seen and fixed; rows caught in a parent cycle (which the writes
 * refuse) become roots too rather than being lost, and the walk never loops.
 */
export function buildTree<R extends TreeRow, N>(
  rows: readonly R[],
  toNode: (row: R, children: N[], isRoot: boolean) => N,
  compare?: (a: R, b: R) => number,
): N[] {
  const ids = new Set(rows.map((r) => r.id));
  const children = new Map<string | null, R[]>();
  for (const r of compare ? [...rows].sort(compare) : rows) {
    const parent = r.parentId && ids.has(r.parentId) && r.parentId !== r.id ? r.parentId : null;
    const list = children.get(parent);
    if (list) list.push(r);
    else children.set(parent, [r]);
  }
  const seen = new Set<string>();
  const build = (parent: string | null): N[] =>
    (children.get(parent) ?? []).flatMap((r) => {
      if (seen.has(r.id)) return [];
      seen.add(r.id);
      return [toNode(r, build(r.id), parent === null)];
    });
  const tree = build(null);
  for (const r of [...children.values()].flat()) {
    if (!seen.has(r.id)) {
      seen.add(r.id);
      tree.push(toNode(r, build(r.id), true));
    }
  }
  return tree;
}

/** Ids of `rootIds` and everything below them (safe on cycles). */
export function withDescendants(rows: readonly TreeRow[], rootIds: readonly string[]): Set<string> {
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
