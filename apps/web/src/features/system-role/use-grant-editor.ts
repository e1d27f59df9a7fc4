import { App } from 'antd';
import { useMemo, useState } from 'react';
import { reportError } from '../../shared/list-page/report-error';
import { useRoleGrants, useRoleTree, useSaveGrants } from './api';
import { indexTree, sameKeys, toggleGrant } from './grant-tree';

/**
 * The authorisation drawer's state: the tree, the checked keys (exactly what will be granted), the
 * grants as last saved (the base of the diff the server applies), linkage and expansion.
 */
export function useGrantEditor(roleId: string) {
  const { message } = App.useApp();
  const tree = useRoleTree(true);
  const grants = useRoleGrants(roleId);
  const save = useSaveGrants(roleId);
  const index = useMemo(() => indexTree(tree.data?.treeList ?? []), [tree.data]);
  const [edit, setEdit] = useState<{ checked: string[]; base: string[] } | null>(null);
  const [linked, setLinked] = useState(true);
  const [expanded, setExpanded] = useState<string[] | null>(null);

  const ready = Boolean(tree.data && grants.data);
  if (ready && edit === null) {
    const known = new Set(index.allKeys);
    setEdit({ checked: grants.data!.filter((k) => known.has(k)), base: grants.data! });
  }
  const checked = edit?.checked ?? [];
  const setChecked = (next: string[]) => setEdit((e) => (e ? { ...e, checked: next } : e));

  return {
    loading: tree.isLoading || grants.isLoading,
    error: tree.error ?? grants.error,
    treeList: tree.data?.treeList ?? [],
    checked,
    linked,
    setLinked,
    expanded: expanded ?? index.branchKeys,
    setExpanded,
    dirty:
      edit !== null &&
      !sameKeys(
        edit.checked,
        edit.base.filter((k) => index.parentOf.has(k)),
      ),
    saving: save.isPending,
    toggle: (key: string, on: boolean) => setChecked(toggleGrant(checked, key, on, linked, index)),
    checkAll: () => setChecked([...index.allKeys]),
    uncheckAll: () => setChecked([]),
    expandAll: () => setExpanded([...index.branchKeys]),
    collapseAll: () => setExpanded([]),
    /** Saves; resolves true when the server took it (its message shown), false otherwise. */
    save: async (): Promise<boolean> => {
      if (!edit) return false;
      try {
        const text = await save.mutateAsync({ next: edit.checked, last: edit.base });
        setEdit({ checked: edit.checked, base: edit.checked });
        message.success(text);
        return true;
      } catch (err) {
        reportError(err, message);
        return false;
      }
    },
  };
}

export type GrantEditor = ReturnType<typeof useGrantEditor>;
