import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepartRecord, DepartTreeNode, DepartUser } from '@lims/contracts';
import { departTreeKeys } from '../../shared/depart/use-depart-tree';
import { http, requestEnvelope } from '../../shared/http/api-client';
import type { ListParams } from '../../shared/list-page/list-params';

/** The department endpoints (SPEC section 7 "Departments"; REFERENCE section 6 "DepartList"). */
const BASE = '/sysdepart/sysDepart';
export const DEPART_URL = {
  tree: `${BASE}/queryTreeList`,
  search: `${BASE}/searchBy`,
  users: `${BASE}/queryDepartUsers`,
  add: `${BASE}/add`,
  edit: `${BASE}/edit`,
  delete: `${BASE}/delete`,
  deleteBatch: `${BASE}/deleteBatch`,
} as const;

/** Query keys: everything of the department page lives under `departKeys.all`. */
export const departKeys = {
  all: ['sys-depart'] as const,
  tree: () => ['sys-depart', 'tree'] as const,
  search: (keyWord: string) => ['sys-depart', 'search', keyWord] as const,
  /** The users of one department (a list-page key factory of its own). */
  users: (departId: string) => ({
    all: ['sys-depart', 'users', departId] as const,
    list: (params: ListParams) => ['sys-depart', 'users', departId, params] as const,
  }),
};

/** The whole tree with every column (queryTreeList). */
/** The whole department tree (the page's first data: its route starts it too). */
export const departTreeQuery = () => ({
  queryKey: departKeys.tree(),
  queryFn: ({ signal }: { signal: AbortSignal }) => http.get<DepartTreeNode[]>(DEPART_URL.tree, undefined, { signal }),
});

export function useDepartTree() {
  return useQuery(departTreeQuery());
}

/** Departments whose name contains `keyWord` (searchBy), a flat list; idle without a keyword. */
export function useDepartSearch(keyWord: string) {
  return useQuery({
    queryKey: departKeys.search(keyWord),
    queryFn: ({ signal }) => http.get<DepartTreeNode[]>(DEPART_URL.search, { keyWord }, { signal }),
    enabled: keyWord !== '',
  });
}

/** What the add modal sends: no parent → a top-level unit (公司); the server generates the code. */
export type DepartAddValues = Pick<DepartRecord, 'departName' | 'orgCategory'> & {
  parentId: string | null;
  departOrder?: number | null;
  mobile?: string | null;
  fax?: string | null;
  address?: string | null;
  memo?: string | null;
};

/** The fields of the 基本信息 form. */
export type DepartEditValues = Omit<DepartAddValues, 'parentId'>;

/** Fields the page does not show but an edit must carry over (the server resets what is left out). */
/** Sent as loaded: fields the form does not show, and the version the edit started from. */
const KEPT_FIELDS = ['departNameEn', 'departNameAbbr', 'description', 'status', 'version'] as const;

/** After any department write: this page's queries and the tree every department picker shares. */
export function useInvalidateDeparts() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: departKeys.all }),
      qc.invalidateQueries({ queryKey: departTreeKeys.all }),
    ]);
}

/** POST add; resolves to the new id and org code plus the server's message. */
export function useAddDepart() {
  const invalidate = useInvalidateDeparts();
  return useMutation({
    mutationFn: async (values: DepartAddValues) => {
      const env = await requestEnvelope<{ id: string; orgCode: string }>(DEPART_URL.add, {
        method: 'POST',
        body: values,
        silent: true,
      });
      return { ...env.result, message: env.message };
    },
    onSuccess: invalidate,
  });
}

/** PUT edit of `record` with the form's values; resolves to the server's message. */
export function useEditDepart() {
  const invalidate = useInvalidateDeparts();
  return useMutation({
    mutationFn: async ({ record, values }: { record: DepartRecord; values: DepartEditValues }) => {
      const kept = Object.fromEntries(KEPT_FIELDS.map((k) => [k, record[k]]));
      const env = await requestEnvelope<null>(DEPART_URL.edit, {
        method: 'PUT',
        body: { ...kept, ...values, id: record.id },
        silent: true,
      });
      return env.message;
    },
    onSuccess: invalidate,
  });
}

export type { DepartRecord, DepartTreeNode, DepartUser };
