import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  PERM,
  PERMISSION_MSG,
  requiredError,
  envelopeSchema,
  roleDataRuleResultSchema,
  roleDataRuleSchema,
  saveRolePermissionSchema,
} from '@lims/contracts';
import { assertPermissionsWithin, assertRoleWithin } from '../../platform/grant-rule';
import { ok } from '../../platform/reply';
import { requireUser } from '../../plugins/auth';
import { roleScope } from '../role';
import {
  requireRole,
  roleDataRules,
  rolePermissionIds,
  saveRoleDataRules,
  saveRolePermission,
} from './role-permission.service';

const tags = ['角色授权'];
const roleIdQuery = z.object({
  roleId: z.string(requiredError(PERMISSION_MSG.roleRequired)).trim().min(1, PERMISSION_MSG.roleRequired).max(32),
});
const ruleQuery = roleIdQuery.extend({
  permissionId: z
    .string({ error: PERMISSION_MSG.permissionRequired })
    .trim()
    .min(1, PERMISSION_MSG.permissionRequired)
    .max(32),
});

/**
 * Role authorisation: the menus and buttons granted to a role, and the data rules of a granted menu.
 * Guarded by role:authorize, and by the grant rule: only a role within the actor's own permissions,
 * and only permissions the actor holds, can be granted or revoked. Every save drops the cached
 * codes of the role's holders (on every instance, through the event bus), so a revoked code is
 * refused on the very next request; the 'permissions-changed' event names those users. A role
 * outside the user's 角色管理 data rules is not found.
 */
export const rolePermissionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/permission/queryRolePermission',
    {
      config: { permission: PERM.role.authorize, dataScope: roleScope },
      schema: {
        tags,
        summary: '角色已授权的菜单/按钮 id',
        querystring: roleIdQuery.extend({ _t: z.string().optional() }),
        response: { 200: envelopeSchema(z.array(z.string())) },
      },
    },
    async (req) => {
      if (req.dataScope) await requireRole(app.db, req.query.roleId, req.dataScope);
      return ok(await rolePermissionIds(app.db, req.query.roleId), MSG.queryOk);
    },
  );

  app.post(
    '/sys/permission/saveRolePermission',
    {
      config: { permission: PERM.role.authorize, logTitle: '角色授权-保存', dataScope: roleScope },
      schema: {
        tags,
        summary: '保存角色授权（应用 permissionIds 与 lastpermissionIds 的差异）',
        body: saveRolePermissionSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const { roleId, permissionIds, lastpermissionIds } = req.body;
      const actor = requireUser(req);
      const check = async (changed: string[]) => {
        await assertRoleWithin(app, actor, roleId);
        await assertPermissionsWithin(app, actor, changed);
      };
      app.permissionCache.invalidate(
        await saveRolePermission(app.db, roleId, permissionIds, lastpermissionIds, req.dataScope, check),
      );
      return ok(null, PERMISSION_MSG.saved);
    },
  );

  app.get(
    '/sys/role/datarule',
    {
      config: { permission: PERM.role.authorize, dataScope: roleScope },
      schema: {
        tags,
        summary: '菜单的数据规则及角色已选的规则',
        querystring: ruleQuery.extend({ _t: z.string().optional() }),
        response: { 200: envelopeSchema(roleDataRuleResultSchema) },
      },
    },
    async (req) => {
      if (req.dataScope) await requireRole(app.db, req.query.roleId, req.dataScope);
      return ok(await roleDataRules(app.db, req.query.permissionId, req.query.roleId), MSG.queryOk);
    },
  );

  app.post(
    '/sys/role/datarule',
    {
      config: { permission: PERM.role.authorize, logTitle: '角色授权-数据规则', dataScope: roleScope },
      schema: {
        tags,
        summary: '设置角色在某菜单上的数据规则',
        body: roleDataRuleSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const actor = requireUser(req);
      await requireRole(app.db, req.body.roleId, req.dataScope);
      await assertRoleWithin(app, actor, req.body.roleId);
      await assertPermissionsWithin(app, actor, [req.body.permissionId]);
      app.permissionCache.invalidate(
        await saveRoleDataRules(app.db, req.body.permissionId, req.body.roleId, req.body.dataRuleIds, req.dataScope),
      );
      return ok(null, PERMISSION_MSG.saved);
    },
  );
};
