import type { RoleTreeNode } from '@lims/contracts';

/** The authorisation tree as lookups: each node's parent and children, every key, keys with children. */
export type GrantTreeIndex = {
  parentOf: ReadonlyMap<string, string | null>;
  childrenOf: ReadonlyMap<string, readonly string[]>;
  allKeys: readonly string[];
  branchKeys: readonly string[];
};

export function indexTree(nodes: readonly RoleTreeNode[]): GrantTreeIndex {
  const parentOf = new Map<string, string | null>();
  const childrenOf = new Map<string, string[]>();
  const allKeys: string[] = [];
  const walk = (list: readonly RoleTreeNode[], parent: string | null) => {
    for (const n of list) {
      parentOf.set(n.key, parent);
      allKeys.push(n.key);
      const kids = n.children ?? [];
      childrenOf.set(
        n.key,
        kids.map((c) => c.key),
      );
      walk(kids, n.key);
    }
  };
  walk(nodes, null);
  return { parentOf, childrenOf, allKeys, branchKeys: allKeys.filter((k) => (childrenOf.get(k)?.length ?? 0) > 0) };
}

function descendants(key: string, index: GrantTreeIndex): string[] {
  const out: string[] = [];
  const stack = [...(index.childrenOf.get(key) ?? [])];
  while (stack.length) {
    const k = stack.pop()!;
    out.push(k);
    stack.push(...(index.childrenOf.get(k) ?? []));
  }
  return out;
}

function ancestors(key: string, index: GrantTreeIndex): string[] {
  const out: string[] = [];
  const seen = new Set<string>([key]);
  for (let p = index.parentOf.get(key) ?? null; p && !seen.has(p); p = index.parentOf.get(p) ?? null) {
    out.push(p);
    seen.add(p);
  }
  return out;
}

/**
 * The checked keys after the user (un)checks `key`. Unlinked (取消关联): only that node. Linked
 * (父子关联): checking takes the node's whole subtree and its ancestors (a button needs its page);
 * unchecking drops the subtree and leaves the ancestors. The tree always shows exactly these keys,
 * so a grant is never added or lost by merely opening and saving.
 */
export function toggleGrant(
  checked: readonly string[],
  key: string,
  on: boolean,
  linked: boolean,
  index: GrantTreeIndex,
): string[] {
  const next = new Set(checked);
  const affected = linked ? [key, ...descendants(key, index), ...(on ? ancestors(key, index) : [])] : [key];
  for (const k of affected) {
    if (on) next.add(k);
    else next.delete(k);
  }
  return index.allKeys.filter((k) => next.has(k));
}

/** Whether two key lists hold the same keys. */
export function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((k) => set.has(k));
}
