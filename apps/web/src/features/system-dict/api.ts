import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dict, DictForm, DictItem, DictItemForm } from '@lims/contracts';
import { requestEnvelope } from '../../shared/http/api-client';
import { dictOptionKeys } from '../../shared/dict/use-dict-options';
import type { ListParams } from '../../shared/list-page/list-params';

/** The dictionary endpoints (SPEC section 7; REFERENCE section 6). */
export const DICT_URL = {
  list: '/sys/dict/list',
  queryById: '/sys/dict/queryById',
  add: '/sys/dict/add',
  edit: '/sys/dict/edit',
  delete: '/sys/dict/delete',
  deleteBatch: '/sys/dict/deleteBatch',
  exportXls: '/sys/dict/exportXls',
  importExcel: '/sys/dict/importExcel',
  importTemplate: '/sys/dict/importTemplate',
  refreshCache: '/sys/dict/refleshCache',
  itemList: '/sys/dictItem/list',
  itemAdd: '/sys/dictItem/add',
  itemEdit: '/sys/dictItem/edit',
  itemDelete: '/sys/dictItem/delete',
  itemDeleteBatch: '/sys/dictItem/deleteBatch',
} as const;

/** A dictionary item row as the list answers it (status also as text). */
export type DictItemRecord = DictItem & { status_dictText?: string };

/** Query keys: everything of the dictionary page lives under `dictKeys.all`. */
export const dictKeys = {
  all: ['sys-dict'] as const,
  list: (params: ListParams) => ['sys-dict', 'list', params] as const,
  /** The item list of one dictionary (a key factory of its own for the drawer's list). */
  items: (dictId: string) => ({
    all: ['sys-dict', 'items', dictId] as const,
    list: (params: ListParams) => ['sys-dict', 'items', dictId, params] as const,
  }),
};

/** The user-visible message of a call that succeeded. */
async function send(path: string, method: 'POST' | 'PUT' | 'GET', body?: unknown): Promise<string> {
  const env = await requestEnvelope<unknown>(path, { method, body, silent: true });
  return env.message;
}

/** Everything a dictionary edit can change: the lists and every cached option list. */
function useInvalidateDicts() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: dictKeys.all }),
      qc.invalidateQueries({ queryKey: dictOptionKeys.all }),
    ]);
}

export type DictFormValues = Pick<DictForm, 'dictName' | 'dictCode'> & { description?: string | null };

/** 添加 (no id) or 编辑 (with the record's id); resolves to the server's message. */
export function useSaveDict() {
  const invalidate = useInvalidateDicts();
  return useMutation({
    mutationFn: ({ values, id }: { values: DictFormValues; id?: string }) =>
      id ? send(DICT_URL.edit, 'PUT', { ...values, id }) : send(DICT_URL.add, 'POST', values),
    onSuccess: invalidate,
  });
}

export type DictItemFormValues = Omit<DictItemForm, 'dictId'>;

export function useSaveDictItem(dictId: string) {
  const invalidate = useInvalidateDicts();
  return useMutation({
    mutationFn: ({ values, id }: { values: DictItemFormValues; id?: string }) => {
      const body = { ...values, dictId };
      return id ? send(DICT_URL.itemEdit, 'PUT', { ...body, id }) : send(DICT_URL.itemAdd, 'POST', body);
    },
    onSuccess: invalidate,
  });
}

/** 刷新缓存: the server drops its dictionary cache; so do we. */
export function useRefreshDictCache() {
  const invalidate = useInvalidateDicts();
  return useMutation({ mutationFn: () => send(DICT_URL.refreshCache, 'GET'), onSuccess: invalidate });
}

export type { Dict };
