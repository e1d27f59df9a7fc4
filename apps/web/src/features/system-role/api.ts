import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataRule, Role, RoleTreeList, User } from '@lims/contracts';
import { http, requestEnvelope } from '../../shared/http/api-client';
import type { ListParams } from '../../shared/list-page/list-params';

/** The role endpoints (SPEC section 7; REFERENCE section 6 RoleUserList, RoleModal, authorisation drawer). */
export const ROLE_URL = {
  list: '/sys/role/list',
  queryById: '/sys/role/queryById',
  add: '/sys/role/add',
  edit: '/sys/role/edit',
  delete: '/sys/role/delete',
  deleteBatch: '/sys/role/deleteBatch',
  exportXls: '/sys/role/exportXls',
  importExcel: '/sys/role/importExcel',
  importTemplate: '/sys/role/importTemplate',
  tree: '/sys/role/queryTreeList',
  grants: '/sys/permission/queryRolePermission',
  saveGrants: '/sys/permission/saveRolePermission',
  dataRule: '/sys/role/datarule',
  users: '/sys/user/userRoleList',
  addUsers: '/sys/user/addSysUserRole',
  removeUser: '/sys/user/deleteUserRole',
  removeUsers: '/sys/user/deleteUserRoleBatch',
} as const;

/** A user of a role as the list answers it. */
export type RoleUser = Pick<User, 'id' | 'username' | 'realname' | 'status'> & { status_dictText?: string };

/** Query keys: everything of the role page lives under `roleKeys.all`. */
export const roleKeys = {
  all: ['sys-role'] as const,
  list: (params: ListParams) => ['sys-role', 'list', params] as const,
  /** The users of one role (the drawer's list). */
  users: (roleId: string) => ({
    all: ['sys-role', 'users', roleId] as const,
    list: (params: ListParams) => ['sys-role', 'users', roleId, params] as const,
  }),
  tree: ['sys-role', 'tree'] as const,
  grants: (roleId: string) => ['sys-role', 'grants', roleId] as const,
  dataRules: (roleId: string, permissionId: string) => ['sys-role', 'data-rules', roleId, permissionId] as const,
};

/** The user-visible message of a call that succeeded. */
async function send(path: string, method: 'POST' | 'PUT', body: unknown): Promise<string> {
  const env = await requestEnvelope<unknown>(path, { method, body, silent: true });
  return env.message;
}

export type RoleFormValues = { roleName: string; roleCode: string; description?: string | null; version?: number };

/** 角色录入 (no id) or 编辑 (with the record's id: the code stays as it is); resolves to the server's message. */
export function useSaveRole() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ values, id }: { values: RoleFormValues; id?: string }) =>
      id
        ? send(ROLE_URL.edit, 'PUT', {
            id,
            roleName: values.roleName,
            description: values.description,
            version: values.version,
          })
        : send(ROLE_URL.add, 'POST', values),
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

/** 添加已有用户: links the users to the role. */
export function useAddRoleUsers(roleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userIdList: string[]) => send(ROLE_URL.addUsers, 'POST', { roleId, userIdList }),
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.users(roleId).all }),
  });
}

/** The checkable tree of menus and buttons (`{ treeList, ids }`). */
export function useRoleTree(enabled: boolean) {
  return useQuery({
    queryKey: roleKeys.tree,
    enabled,
    queryFn: ({ signal }) => http.get<RoleTreeList>(ROLE_URL.tree, undefined, { signal }),
  });
}

/** The ids of the menus and buttons granted to the role. */
export function useRoleGrants(roleId: string) {
  return useQuery({
    queryKey: roleKeys.grants(roleId),
    queryFn: ({ signal }) => http.get<string[]>(ROLE_URL.grants, { roleId }, { signal }),
  });
}

/** 仅保存 / 保存并关闭: the server applies the difference between `lastpermissionIds` and `permissionIds`. */
export function useSaveGrants(roleId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ next, last }: { next: readonly string[]; last: readonly string[] }) =>
      send(ROLE_URL.saveGrants, 'POST', { roleId, permissionIds: next.join(','), lastpermissionIds: last.join(',') }),
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.grants(roleId) }),
  });
}

export type RoleDataRules = { datarule: DataRule[]; drChecked: string[] };

/** The data rules of a menu and those the role has. */
export function useRoleDataRules(roleId: string, permissionId: string) {
  return useQuery({
    queryKey: roleKeys.dataRules(roleId, permissionId),
    queryFn: ({ signal }) => http.get<RoleDataRules>(ROLE_URL.dataRule, { roleId, permissionId }, { signal }),
  });
}

export function useSaveRoleDataRules(roleId: string, permissionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly string[]) =>
      send(ROLE_URL.dataRule, 'POST', { roleId, permissionId, dataRuleIds: ids.join(',') }),
    onSuccess: () => qc.invalidateQueries({ queryKey: roleKeys.dataRules(roleId, permissionId) }),
  });
}

export type { Role };
