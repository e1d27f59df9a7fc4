import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataRule, DataRuleForm, Page, PermissionListNode } from '@lims/contracts';
import { http, requestEnvelope } from '../../shared/http/api-client';
import type { ListParams } from '../../shared/list-page/list-params';

/** The menu endpoints (SPEC section 7; REFERENCE section 6 PermissionList, PermissionModal). */
export const PERMISSION_URL = {
  list: '/sys/permission/list',
  add: '/sys/permission/add',
  edit: '/sys/permission/edit',
  delete: '/sys/permission/delete',
  deleteBatch: '/sys/permission/deleteBatch',
  rules: '/sys/permission/queryPermissionRule',
  ruleAdd: '/sys/permission/addPermissionRule',
  ruleEdit: '/sys/permission/editPermissionRule',
  ruleDelete: '/sys/permission/deletePermissionRule',
} as const;

/** Query keys: everything of the menu page lives under `permissionKeys.all`. */
export const permissionKeys = {
  all: ['sys-permission'] as const,
  list: (params: ListParams) => ['sys-permission', 'list', params] as const,
  /** The data rules of one menu. */
  rules: (permissionId: string) => ({
    all: ['sys-permission', 'rules', permissionId] as const,
    list: (params: ListParams) => ['sys-permission', 'rules', permissionId, params] as const,
  }),
};

/** The whole menu tree as the list kit takes it (one page holding every top-level node). */
export async function fetchMenuTree(signal: AbortSignal): Promise<Page<PermissionListNode>> {
  const records = await http.get<PermissionListNode[]>(PERMISSION_URL.list, undefined, { silent: true, signal });
  return { records, total: records.length };
}

/** The rules of a menu, searched by 规则名称 / 规则字段 (contains); all of them, paged in the table. */
export async function fetchDataRules(
  permissionId: string,
  params: ListParams,
  signal: AbortSignal,
): Promise<Page<DataRule>> {
  const { ruleName, ruleColumn } = params as Record<string, string | undefined>;
  const records = await http.get<DataRule[]>(
    PERMISSION_URL.rules,
    { permissionId, ruleName, ruleColumn },
    { silent: true, signal },
  );
  return { records, total: records.length };
}

async function send(path: string, method: 'POST' | 'PUT', body: unknown): Promise<string> {
  return (await requestEnvelope<unknown>(path, { method, body, silent: true })).message;
}

/** What the menu drawer submits (the server validates and normalises it). */
export type PermissionFormValues = Record<string, unknown> & { menuType: number; name: string };

/** 新增 / 添加子菜单 (no id) or 编辑 (with id). Every write changes menus, so the page's data reloads. */
export function useSavePermission() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ values, id }: { values: PermissionFormValues; id?: string }) =>
      id ? send(PERMISSION_URL.edit, 'PUT', { ...values, id }) : send(PERMISSION_URL.add, 'POST', values),
    onSuccess: () => qc.invalidateQueries({ queryKey: permissionKeys.all }),
  });
}

export type DataRuleFormValues = Omit<DataRuleForm, 'permissionId'>;

/** A data rule of the menu: add or edit; the tree's data-rule flag changes with it. */
export function useSaveDataRule(permissionId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ values, id }: { values: DataRuleFormValues; id?: string }) =>
      id
        ? send(PERMISSION_URL.ruleEdit, 'PUT', { ...values, id })
        : send(PERMISSION_URL.ruleAdd, 'POST', { ...values, permissionId }),
    onSuccess: () => qc.invalidateQueries({ queryKey: permissionKeys.all }),
  });
}

export type { DataRule, PermissionListNode };
