import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { User, UserDetail } from '@lims/contracts';
import { http, requestEnvelope } from '../../shared/http/api-client';
import type { ListParams } from '../../shared/list-page/list-params';
import { userPickerKeys } from '../../shared/ui/user-picker/user-picker-api';

/** The 用户管理 endpoints (SPEC section 7; REFERENCE section 6). */
export const USER_URL = {
  list: '/sys/user/list',
  queryById: '/sys/user/queryById',
  add: '/sys/user/add',
  edit: '/sys/user/edit',
  delete: '/sys/user/delete',
  deleteBatch: '/sys/user/deleteBatch',
  frozenBatch: '/sys/user/frozenBatch',
  changePassword: '/sys/user/changPassword',
  checkOnly: '/sys/user/checkOnlyUser',
  exportXls: '/sys/user/exportXls',
  importExcel: '/sys/user/importExcel',
  importTemplate: '/sys/user/importTemplate',
  roles: '/sys/role/queryall',
} as const;

/** Query keys: everything of the page lives under `userKeys.all`. */
export const userKeys = {
  all: ['sys-user'] as const,
  list: (params: ListParams) => ['sys-user', 'list', params] as const,
  detail: (id: string) => ['sys-user', 'detail', id] as const,
  roles: ['sys-user', 'roles'] as const,
};

/** 1 正常, 2 冻结 (dictionary user_status). */
export const USER_STATUS = { normal: 1, frozen: 2 } as const;

/** The form's values: the profile, roles and departments comma-joined, the password on add. */
export type UserFormValues = {
  username?: string;
  password?: string;
  confirmpassword?: string;
  realname: string;
  workNo?: string | null;
  post?: string | null;
  selectedroles?: string;
  selecteddeparts?: string;
  avatar?: string | null;
  birthday?: string | null;
  sex?: number | string | null;
  email?: string | null;
  phone?: string | null;
  telephone?: string | null;
};

export type RoleOption = { id: string; roleName: string; roleCode: string };

async function send(path: string, method: 'POST' | 'PUT', body: unknown): Promise<string> {
  return (await requestEnvelope<unknown>(path, { method, body, silent: true })).message;
}

/** After a change: the page's lists and every user picker. */
function useInvalidateUsers() {
  const qc = useQueryClient();
  return () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: userKeys.all }),
      qc.invalidateQueries({ queryKey: userPickerKeys.all }),
    ]);
}

/** GET queryById: the record with its role and department ids, for the form. */
export function useFetchUserDetail() {
  const qc = useQueryClient();
  return (id: string) =>
    qc.fetchQuery({
      queryKey: userKeys.detail(id),
      queryFn: ({ signal }) => http.get<UserDetail>(USER_URL.queryById, { id }, { silent: true, signal }),
      staleTime: 0,
    });
}

/** 角色 options of the form (any signed-in user may read them). */
export function useRoleOptions() {
  return useQuery({
    queryKey: userKeys.roles,
    queryFn: ({ signal }) => http.get<RoleOption[]>(USER_URL.roles, undefined, { silent: true, signal }),
    staleTime: 60_000,
  });
}

/** 添加 (no id) or 编辑 (with the id); resolves to the server's message. */
export function useSaveUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ values, id }: { values: UserFormValues; id?: string }) =>
      id ? send(USER_URL.edit, 'PUT', { ...values, id }) : send(USER_URL.add, 'POST', values),
    onSuccess: invalidate,
  });
}

/** 冻结 (2) / 解冻 (1) of one or more users. */
export function useFreezeUsers() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: string[]; status: number }) =>
      send(USER_URL.frozenBatch, 'PUT', { ids: ids.join(','), status }),
    onSuccess: invalidate,
  });
}

/** 重新设定密码 by an administrator. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { username: string; password: string; confirmpassword: string }) =>
      send(USER_URL.changePassword, 'PUT', body),
  });
}

export type { User, UserDetail };
