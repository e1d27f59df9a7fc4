import { useQuery } from '@tanstack/react-query';
import type { DepartTreeNode } from '@lims/contracts';
import { http } from '../http/api-client';

/** The department tree as tree controls use it: id, name and org code. */
export type DepartOption = { key: string; value: string; title: string; orgCode: string; children?: DepartOption[] };

/** Query keys of the department tree: department edits invalidate `all`. */
export const departTreeKeys = {
  all: ['depart-tree'] as const,
};

export const DEPART_TREE_URL = '/sysdepart/sysDepart/queryTreeList';

/** Departments change rarely: the tree is shared by every picker for 5 minutes. */
const STALE_MS = 5 * 60_000;
const NONE: DepartOption[] = [];

export function toDepartOptions(nodes: readonly DepartTreeNode[]): DepartOption[] {
  return nodes.map((n) => ({
    key: n.id,
    value: n.id,
    title: n.departName,
    orgCode: n.orgCode,
    ...(n.children?.length ? { children: toDepartOptions(n.children) } : {}),
  }));
}

/** id → department name, over the whole tree. */
export function departNames(options: readonly DepartOption[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (list: readonly DepartOption[]) =>
    list.forEach((o) => {
      out.set(o.value, o.title);
      if (o.children) walk(o.children);
    });
  walk(options);
  return out;
}

/** GET /sysdepart/sysDepart/queryTreeList (any signed-in user) as tree options. */
export function useDepartTree() {
  const query = useQuery({
    queryKey: departTreeKeys.all,
    queryFn: async ({ signal }) =>
      toDepartOptions(await http.get<DepartTreeNode[]>(DEPART_TREE_URL, undefined, { silent: true, signal })),
    staleTime: STALE_MS,
  });
  return { options: query.data ?? NONE, isLoading: query.isLoading, isError: query.isError, error: query.error };
}
