import type { FastifyInstance } from 'fastify';
import { PERM, ROLE_MSG, roleAddSchema, type RoleAddForm } from '@lims/contracts';
import { roles } from '../../db/schema';
import { insertUniqueRows, registerExcelRoutes, type ExcelColumn } from '../../platform/excel';
import { roleList, roleScope } from './role.entities';

const COLUMNS: ExcelColumn[] = [
  { field: 'roleName', title: '角色名称', type: 'string', required: true },
  { field: 'roleCode', title: '角色编码', type: 'string', required: true, width: 20 },
  { field: 'description', title: '描述', type: 'string', width: 40 },
  { field: 'createTime', title: '创建时间', type: 'datetime' },
];

/** 角色管理 export (the list's filters), import (all rows or none) and template. */
export async function registerRoleExcel(app: FastifyInstance): Promise<void> {
  await registerExcelRoutes(app, {
    base: '/sys/role',
    entity: roleList,
    columns: COLUMNS,
    fileName: '角色信息',
    title: '角色管理',
    tags: ['角色管理'],
    permissions: { export: PERM.role.export, import: PERM.role.import },
    dataScope: roleScope,
    rowSchema: roleAddSchema,
    insertRows: insertUniqueRows(roles, roles.roleCode, {
      value: (r: RoleAddForm) => r.roleCode,
      title: '角色编码',
      message: ROLE_MSG.codeTaken,
    }),
  });
}
