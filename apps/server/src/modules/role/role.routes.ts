import { asc } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  PERM,
  ROLE_MSG,
  envelopeSchema,
  pageSchema,
  roleAddSchema,
  roleEditSchema,
  roleOptionSchema,
  roleTreeListSchema,
} from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { permissions, roles, userRoles } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { insertRecord, uniqueOr409, updateRecord } from '../../platform/crud';
import { deleteById, deleteByIds, findById, runList } from '../../platform/list-query';
import { deleteUnlessReferenced, referencedRecords } from '../../platform/record-checks';
import { conflict, notFound, ok } from '../../platform/reply';
import { roleList, roleRecordSchema, roleScope } from './role.entities';
import { buildRoleTree } from './role-tree';
import { registerRoleExcel } from './role.excel';

const tags = ['角色管理'];
const listQuery = z.record(z.string(), z.unknown());
const idQuery = z.object({ id: z.string().max(64).optional() });
const idsQuery = z.object({ ids: z.string().max(40_000).optional() });

/** Refuses (409) to delete roles that users still hold, saying how many users. */
async function refuseHeldRoles(db: DbOrTx, ids: string[]): Promise<void> {
  const held = await referencedRecords(
    db,
    { childKey: userRoles.roleId, parentId: roles.id, parentName: roles.roleName },
    ids,
  );
  if (held.length === 0) return;
  const users = held.reduce((sum, r) => sum + r.count, 0);
  if (ids.length === 1) throw conflict(ROLE_MSG.inUse(users));
  throw conflict(ROLE_MSG.inUseBatch(held.map((r) => `「${r.name}」`).join('、'), users));
}

/**
 * 角色管理: list, add, edit, delete (refused while users hold the role), all roles, authorisation
 * tree. The list and the routes changing existing roles are narrowed by the user's data rules;
 * `queryall` (the user form's role select) is not.
 */
export const roleRoutes: FastifyPluginAsyncZod = async (app) => {
  const changed = () => app.permissionCache.invalidate();

  app.get(
    '/sys/role/list',
    {
      config: { permission: PERM.role.list, dataScope: roleScope },
      schema: {
        tags,
        summary: '角色列表（roleName、roleCode、createTime_begin/_end 等列表查询规则）',
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(roleRecordSchema)) },
      },
    },
    async (req) => ok(await runList(app.db, roleList, req.query, { where: req.dataScope })),
  );

  app.get(
    '/sys/role/queryById',
    {
      config: { permission: PERM.role.list, dataScope: roleScope },
      schema: {
        tags,
        summary: '按 id 查询角色',
        querystring: idQuery,
        response: { 200: envelopeSchema(roleRecordSchema) },
      },
    },
    async (req) => {
      const record = await findById(app.db, roleList, req.query.id, { where: req.dataScope });
      if (!record) throw notFound(ROLE_MSG.roleNotFound);
      return ok(record, MSG.queryOk);
    },
  );

  app.post(
    '/sys/role/add',
    {
      config: { permission: PERM.role.add, logTitle: '角色管理-添加' },
      schema: { tags, summary: '添加角色', body: roleAddSchema, response: { 200: envelopeSchema(z.string()) } },
    },
    async (req) => {
      const id = await uniqueOr409(ROLE_MSG.codeTaken, () =>
        insertRecord(app.db, roles, req.body, requireUser(req).username),
      );
      return ok(id, ROLE_MSG.added);
    },
  );

  app.put(
    '/sys/role/edit',
    {
      config: { permission: PERM.role.edit, logTitle: '角色管理-编辑', dataScope: roleScope },
      schema: {
        tags,
        summary: '编辑角色（角色编码创建后不可修改，提交的 roleCode 被忽略）',
        body: roleEditSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const { id, ...values } = req.body;
      await updateRecord(app.db, roles, id, values, requireUser(req).username, ROLE_MSG.roleNotFound, req.dataScope);
      return ok(null, ROLE_MSG.edited);
    },
  );

  app.delete(
    '/sys/role/delete',
    {
      config: { permission: PERM.role.delete, logTitle: '角色管理-删除', dataScope: roleScope },
      schema: {
        tags,
        summary: '删除角色（仍有用户时拒绝，409）',
        querystring: idQuery,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const n = await deleteUnlessReferenced(app.db, refuseHeldRoles, (check) =>
        deleteById(app.db, roleList, req.query.id, { where: req.dataScope, before: check }),
      );
      if (n === 0) throw notFound(ROLE_MSG.roleNotFound);
      changed();
      return ok(n, ROLE_MSG.deleted);
    },
  );

  app.delete(
    '/sys/role/deleteBatch',
    {
      config: { permission: PERM.role.delete, logTitle: '角色管理-批量删除', dataScope: roleScope },
      schema: {
        tags,
        summary: '批量删除角色（任一角色仍有用户时整批拒绝，409）',
        querystring: idsQuery,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const n = await deleteUnlessReferenced(app.db, refuseHeldRoles, (check) =>
        deleteByIds(app.db, roleList, req.query.ids, { where: req.dataScope, before: check }),
      );
      changed();
      return ok(n, `${ROLE_MSG.deleted}共 ${n} 条`);
    },
  );

  app.get(
    '/sys/role/queryall',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '全部角色（用户表单的角色选择）',
        response: { 200: envelopeSchema(z.array(roleOptionSchema)) },
      },
    },
    async () => {
      const rows = await app.db
        .select({ id: roles.id, roleName: roles.roleName, roleCode: roles.roleCode, description: roles.description })
        .from(roles)
        .orderBy(asc(roles.createTime), asc(roles.roleCode));
      return ok(rows, MSG.queryOk);
    },
  );

  app.get(
    '/sys/role/queryTreeList',
    {
      config: { permission: PERM.role.authorize },
      schema: {
        tags,
        summary: '授权用的菜单与按钮树 { treeList, ids }（按排序号）',
        response: { 200: envelopeSchema(roleTreeListSchema) },
      },
    },
    async () => {
      const rows = await app.db
        .select({
          id: permissions.id,
          parentId: permissions.parentId,
          name: permissions.name,
          icon: permissions.icon,
          menuType: permissions.menuType,
          ruleFlag: permissions.ruleFlag,
        })
        .from(permissions)
        .orderBy(asc(permissions.sortNo), asc(permissions.createTime), asc(permissions.id));
      return ok(buildRoleTree(rows), MSG.queryOk);
    },
  );

  await registerRoleExcel(app);
};
