import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SupplierForm, SupplierRecord } from '@lims/contracts';
import { requestEnvelope } from '../../shared/http/api-client';
import type { ListParams } from '../../shared/list-page/list-params';

/** The supplier endpoints (SPEC section 7; DESIGN section 5a). */
export const SUPPLIER_URL = {
  list: '/gysgl/supplier/list',
  queryById: '/gysgl/supplier/queryById',
  add: '/gysgl/supplier/add',
  edit: '/gysgl/supplier/edit',
  delete: '/gysgl/supplier/delete',
  deleteBatch: '/gysgl/supplier/deleteBatch',
  exportXls: '/gysgl/supplier/exportXls',
  importExcel: '/gysgl/supplier/importExcel',
  importTemplate: '/gysgl/supplier/importTemplate',
} as const;

/** Query keys: everything of the supplier page lives under `supplierKeys.all`. */
export const supplierKeys = {
  all: ['supplier'] as const,
  list: (params: ListParams) => ['supplier', 'list', params] as const,
};

/** What the form sends: the contract's form (dates as YYYY-MM-DD strings). */
export type SupplierFormValues = Partial<Record<keyof SupplierForm, string | null>>;

/** 添加 (no id) or 编辑 (with the record's id); resolves to the server's message. */
export function useSaveSupplier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, id }: { values: SupplierFormValues; id?: string }) => {
      const env = id
        ? await requestEnvelope<null>(SUPPLIER_URL.edit, { method: 'PUT', body: { ...values, id }, silent: true })
        : await requestEnvelope<string>(SUPPLIER_URL.add, { method: 'POST', body: values, silent: true });
      return env.message;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: supplierKeys.all }),
  });
}

export type { SupplierRecord };
