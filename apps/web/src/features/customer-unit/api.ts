import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomerUnitDetail, CustomerUnitRecord, UnitContact, UnitForm } from '@lims/contracts';
import { http, requestEnvelope } from '../../shared/http/api-client';
import type { ListParams } from '../../shared/list-page/list-params';
import type { ContactRow } from './unit-contact-columns';

/** The customer unit endpoints (SPEC section 7; DESIGN section 5a). */
export const UNIT_URL = {
  list: '/khgl/unit/queryUnits',
  detail: '/khgl/unit/queryKhUnit',
  contacts: '/khgl/unit/listCustomerByMainId',
  add: '/khgl/unit/add',
  edit: '/khgl/unit/edit',
  delete: '/khgl/unit/delete',
  deleteBatch: '/khgl/unit/deleteBatch',
  exportXls: '/khgl/unit/exportXls',
  importExcel: '/khgl/unit/importExcel',
  importTemplate: '/khgl/unit/importTemplate',
} as const;

/** Query keys: everything of the unit page lives under `unitKeys.all`. */
export const unitKeys = {
  all: ['customer-unit'] as const,
  list: (params: ListParams) => ['customer-unit', 'list', params] as const,
  detail: (id: string) => ['customer-unit', 'detail', id] as const,
  contacts: (id: string) => ['customer-unit', 'contacts', id] as const,
};

/** The unit as its form holds it: the list record's fields plus the contacts as editable rows. */
export type UnitFormRecord = CustomerUnitRecord & { contacts: ContactRow[] };
export type UnitFormValues = Partial<Record<Exclude<keyof UnitForm, 'contacts'>, string | null>> & {
  contacts?: ContactRow[];
};

const toRow = (c: UnitContact): ContactRow => ({
  key: c.id,
  id: c.id,
  name: c.name,
  phone: c.phone,
  email: c.email,
  position: c.position,
  isPrimary: c.isPrimary,
});

/** GET queryKhUnit: the unit with its contacts, ready for the form. */
export async function fetchUnitForForm(id: string, signal?: AbortSignal): Promise<UnitFormRecord> {
  const { contacts, ...unit } = await http.get<CustomerUnitDetail>(UNIT_URL.detail, { id }, { silent: true, signal });
  return { ...unit, contacts: contacts.map(toRow) };
}

/** The contacts of one unit (the list's expanded row). */
export function useUnitContacts(id: string) {
  return useQuery({
    queryKey: unitKeys.contacts(id),
    queryFn: ({ signal }) => http.get<UnitContact[]>(UNIT_URL.contacts, { id }, { silent: true, signal }),
  });
}

/** The contacts as the server takes them (a row keeps its id only when the unit keeps it). */
const toContactForm = (rows: ContactRow[] | undefined, keepIds: boolean) =>
  (rows ?? []).map((r) => ({
    id: keepIds ? (r.id ?? null) : null,
    name: r.name ?? '',
    phone: r.phone ?? null,
    email: r.email ?? null,
    position: r.position ?? null,
    isPrimary: r.isPrimary === true,
  }));

/** 添加 / 编辑 the unit and its contacts in one call (one transaction on the server). */
export function useSaveUnit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ values, id }: { values: UnitFormValues; id?: string }) => {
      const body = { ...values, contacts: toContactForm(values.contacts, Boolean(id)) };
      const env = id
        ? await requestEnvelope<null>(UNIT_URL.edit, { method: 'PUT', body: { ...body, id }, silent: true })
        : await requestEnvelope<string>(UNIT_URL.add, { method: 'POST', body, silent: true });
      return env.message;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: unitKeys.all }),
  });
}
