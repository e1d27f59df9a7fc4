import { PERM, roleSchema } from '@lims/contracts';
import { roles } from '../../db/schema';
import { defineListEntity } from '../../platform/list-query';
import type { DataScopeSpec } from '../../platform/data-scope';

/** The role list of 角色管理 (roleName, roleCode, description; createTime_begin/_end from the audit fields). */
export const roleList = defineListEntity({
  table: roles,
  fields: { roleName: roles.roleName, roleCode: roles.roleCode, description: roles.description },
});

/** The data rules (数据规则) of 角色管理 narrow every read and write of its records (see data-scope.ts). */
export const roleScope: DataScopeSpec = { entity: roleList, code: PERM.role.list };

/** List records as answered (every field optional because `field` may narrow them). */
export const roleRecordSchema = roleSchema.partial();
