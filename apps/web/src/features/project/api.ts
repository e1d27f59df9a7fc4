import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CustomerUnitRecord,
  Page,
  ProjectAttachment,
  ProjectDetail,
  ProjectRecord,
  UnitContact,
} from '@lims/contracts';
import { http, requestEnvelope } from '../../shared/http/api-client';
import type { ListParams } from '../../shared/list-page/list-params';
import type { PickerParams } from '../../shared/ui/table-picker/table-picker';

/** The project endpoints (SPEC section 7; DESIGN section 5a). */
export const PROJECT_URL = {
  list: '/project/jcXmProject/list',
  queryById: '/project/jcXmProject/queryById',
  add: '/project/jcXmProject/add',
  edit: '/project/jcXmProject/edit',
  delete: '/project/jcXmProject/delete',
  deleteBatch: '/project/jcXmProject/deleteBatch',
  exportXls: '/project/jcXmProject/exportXls',
  importExcel: '/project/jcXmProject/importExcel',
  importTemplate: '/project/jcXmProject/importTemplate',
  units: '/khgl/unit/queryUnits',
  unitContacts: '/khgl/unit/listCustomerByMainId',
  attachmentList: '/fj/xmfj/list',
  attachmentUpload: '/fj/xmfj/upload',
  attachmentDownload: '/fj/xmfj/downloadFile',
  attachmentDelete: '/fj/xmfj/delete',
} as const;

/** Query keys: everything of the project page lives under `projectKeys.all`. */
export const projectKeys = {
  all: ['project'] as const,
  list: (params: ListParams) => ['project', 'list', params] as const,
  detail: (id: string) => ['project', 'detail', id] as const,
  attachments: (projectId: string) => ['project', 'attachments', projectId] as const,
  contacts: (unitId: string) => ['project', 'unit-contacts', unitId] as const,
};

/** One project with its test items (always fresh: the form starts from it). */
export const projectDetailQuery = (id: string) =>
  queryOptions({
    queryKey: projectKeys.detail(id),
    queryFn: ({ signal }) => http.get<ProjectDetail>(PROJECT_URL.queryById, { id }, { signal, silent: true }),
    staleTime: 0,
  });

/** A page of customer units for the 委托单位 picker (the picker shows failures itself). */
export function fetchUnits(params: PickerParams): Promise<Page<CustomerUnitRecord>> {
  return http.get<Page<CustomerUnitRecord>>(PROJECT_URL.units, params, { silent: true });
}

/** The contacts of a unit (the 联系人 suggestions; picking a unit fills in its primary contact). */
export const unitContactsQuery = (unitId: string) =>
  queryOptions({
    queryKey: projectKeys.contacts(unitId),
    queryFn: ({ signal }) =>
      http.get<UnitContact[]>(PROJECT_URL.unitContacts, { id: unitId }, { signal, silent: true }),
    staleTime: 30_000,
    retry: false,
  });

/** 添加 (no id) or 编辑 (with id); resolves to the server's message (添加 names the generated number). */
export function useSaveProject() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: Record<string, unknown>) => {
      const env =
        'id' in body && body.id
          ? await requestEnvelope<null>(PROJECT_URL.edit, { method: 'PUT', body, silent: true })
          : await requestEnvelope<string>(PROJECT_URL.add, { method: 'POST', body, silent: true });
      return env.message;
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

export const attachmentsQuery = (projectId: string) =>
  queryOptions({
    queryKey: projectKeys.attachments(projectId),
    queryFn: ({ signal }) => http.get<ProjectAttachment[]>(PROJECT_URL.attachmentList, { projectId }, { signal }),
  });

export function useDeleteAttachment(projectId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      (
        await requestEnvelope<number>(PROJECT_URL.attachmentDelete, {
          method: 'DELETE',
          params: { id },
          silent: true,
        })
      ).message,
    onSuccess: () => qc.invalidateQueries({ queryKey: projectKeys.attachments(projectId) }),
  });
}

export type { ProjectAttachment, ProjectDetail, ProjectRecord };
