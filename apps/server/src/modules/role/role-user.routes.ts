import { and, eq, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  PERM,
  RECORD_ID_PATTERN,
  ROLE_MSG,
  addUserRoleSchema,
  envelopeSchema,
  pageSchema,
  requiredError,
} from '@lims/contracts';
import { roles, userRoles, users } from '../../db/schema';
import { parseIdList, runList } from '../../platform/list-query';
import { badRequest, notFound, ok } from '../../platform/reply';
import { requireUser } from '../../plugins/auth';
import { assertRolesWithin, assertUsersWithin } from '../../platform/grant-rule';
import type { SessionUser } from '../../platform/sessions';
import { userHasRole, userList, userRecordSchema, userScope, withDepartNames } from '../user';
import { roleScope } from './role.entities';

const tags = ['角色管理'];
const roleIdSchema = z
  .string({ error: ROLE_MSG.roleRequired })
  .trim()
  .min(1, ROLE_MSG.roleRequired)
  .regex(RECORD_ID_PATTERN, '参数 roleId 不正确');
const LINK_NOT_FOUND = '该用户不在此角色下';

/**
 * The users of a role (角色管理's right-hand panel): list, add existing users, remove. A role outside
 * the user's 角色管理 data rules is not found; the listed users follow 用户管理's rules as well.
 */
export const roleUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const requireRole = async (roleId: string, scope: SQL | undefined) => {
    const [role] = await app.db
      .select({ id: roles.id })
      .from(roles)
      .where(and(eq(roles.id, roleId), scope))
      .limit(1);
    if (!role) throw notFound(ROLE_MSG.roleNotFound);
  };
  /** The grant rule: the role and every user concerned lie within the actor's own permissions. */
  const mayChange = async (actor: SessionUser, roleId: string, userIds: string[]) => {
    await assertRolesWithin(app, actor, [roleId]);
    await assertUsersWithin(app, actor, userIds);
  };
  const unlink = async (actor: SessionUser, roleId: string, userIds: string[], scope: SQL | undefined) => {
    if (scope) await requireRole(roleId, scope);
    await mayChange(actor, roleId, userIds);
    const removed = await app.db
      .delete(userRoles)
      .where(and(eq(userRoles.roleId, roleId), inArray(userRoles.userId, userIds)))
      .returning({ userId: userRoles.userId });
    app.permissionCache.invalidate(removed.map((r) => r.userId));
    return removed.length;
  };

  app.get(
    '/sys/user/userRoleList',
    {
      config: { permission: PERM.role.list, dataScope: roleScope },
      schema: {
        tags,
        summary: '角色（roleId）下的用户，分页；username 等按列表规则查询',
        querystring: z.object({ roleId: roleIdSchema }).catchall(z.unknown()),
        response: { 200: envelopeSchema(pageSchema(userRecordSchema)) },
      },
    },
    async (req) => {
      const { roleId, ...params } = req.query;
      await requireRole(roleId, req.dataScope);
      const users = await app.dataScope(requireUser(req), userScope);
      const page = await runList(app.db, userList, params, {
        where: and(userHasRole(roleId), users),
        loadDict: app.dictCache.textMap,
      });
      return ok({ records: await withDepartNames(app.db, page.records), total: page.total }, MSG.queryOk);
    },
  );

  app.post(
    '/sys/user/addSysUserRole',
    {
      config: { permission: PERM.role.edit, logTitle: '角色管理-添加已有用户', dataScope: roleScope },
      schema: {
        tags,
        summary: '把已有用户加入角色（已在角色中的忽略）',
        body: addUserRoleSchema,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const { roleId } = req.body;
      const userIds = [...new Set(req.body.userIdList)];
      await requireRole(roleId, req.dataScope);
      const found = await app.db.select({ id: users.id }).from(users).where(inArray(users.id, userIds));
      if (found.length !== userIds.length) throw badRequest(ROLE_MSG.userNotFound);
      await mayChange(requireUser(req), roleId, userIds);
      const added = await app.db
        .insert(userRoles)
        .values(userIds.map((userId) => ({ userId, roleId })))
        .onConflictDoNothing()
        .returning({ userId: userRoles.userId });
      app.permissionCache.invalidate(userIds);
      return ok(added.length, ROLE_MSG.added);
    },
  );

  app.delete(
    '/sys/user/deleteUserRole',
    {
      config: { permission: PERM.role.edit, logTitle: '角色管理-移除用户', dataScope: roleScope },
      schema: {
        tags,
        summary: '把用户（userId）移出角色（roleId）',
        querystring: z.object({
          roleId: roleIdSchema,
          userId: z.string(requiredError('请选择用户')).trim().regex(RECORD_ID_PATTERN, '参数 userId 不正确'),
        }),
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const n = await unlink(requireUser(req), req.query.roleId, [req.query.userId], req.dataScope);
      if (n === 0) throw notFound(LINK_NOT_FOUND);
      return ok(n, ROLE_MSG.deleted);
    },
  );

  app.delete(
    '/sys/user/deleteUserRoleBatch',
    {
      config: { permission: PERM.role.edit, logTitle: '角色管理-批量移除用户', dataScope: roleScope },
      schema: {
        tags,
        summary: '把多个用户（userIds 逗号分隔）移出角色（roleId）',
        querystring: z.object({ roleId: roleIdSchema, userIds: z.string().max(40_000).optional() }),
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const userIds = parseIdList(req.query.userIds, 'userIds');
      if (userIds.length === 0) throw badRequest('请选择一条记录！');
      const n = await unlink(requireUser(req), req.query.roleId, userIds, req.dataScope);
      return ok(n, `${ROLE_MSG.deleted}共 ${n} 条`);
    },
  );
};
