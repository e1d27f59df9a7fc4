import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  PERM,
  PERMISSION_MSG,
  envelopeSchema,
  permissionEditSchema,
  permissionFormSchema,
  permissionListNodeSchema,
  permissionTreeListSchema,
} from '@lims/contracts';
import { requireUser } from '../../plugins/auth';
import { parseIdList } from '../../platform/list-query';
import { LIST_MSG } from '../../platform/list-query/messages';
import { badRequest, forbidden, notFound, ok } from '../../platform/reply';
import { assertPermissionsWithin, codesBeyond } from '../../platform/grant-rule';
import { splitCodes } from '../../platform/permission-cache';
import type { SessionUser } from '../../platform/sessions';
import { allMenusAndButtons } from '../auth';
import { addPermission, deletePermissions, editPermission } from './permission.service';
import { buildPermissionListTree, buildPermissionTree } from './permission-tree';

const tags = ['菜单管理'];
const anyQuery = z.record(z.string(), z.unknown());
const idQuery = z.object({ id: z.string().max(64).optional() });
const idsQuery = z.object({ ids: z.string().max(40_000).optional() });

/** 菜单管理: the menu/button tree, add, edit, delete with descendants. Every write drops the permission cache. */
export const permissionRoutes: FastifyPluginAsyncZod = async (app) => {
  const changed = () => app.permissionCache.invalidate();
  /** The grant rule: a menu or button may carry only codes its editor holds (else editing it would grant them). */
  const mayLabel = async (actor: SessionUser, perms: string | null | undefined) => {
    const beyond = await codesBeyond(app, actor, splitCodes(perms ?? null));
    if (beyond.length) throw forbidden(PERMISSION_MSG.codesBeyondActor(beyond.join('、')));
  };

  app.get(
    '/sys/permission/list',
    {
      config: { permission: PERM.menu.list },
      schema: {
        tags,
        summary: '菜单与按钮的完整树（按排序号）',
        querystring: anyQuery,
        response: { 200: envelopeSchema(z.array(permissionListNodeSchema)) },
      },
    },
    async () => ok(buildPermissionListTree(await allMenusAndButtons(app.db)), MSG.queryOk),
  );

  app.get(
    '/sys/permission/queryTreeList',
    {
      config: { permission: PERM.menu.list },
      schema: {
        tags,
        summary: '授权用的菜单树 {treeList, ids}',
        querystring: anyQuery,
        response: { 200: envelopeSchema(permissionTreeListSchema) },
      },
    },
    async () => ok(buildPermissionTree(await allMenusAndButtons(app.db)), MSG.queryOk),
  );

  app.post(
    '/sys/permission/add',
    {
      config: { permission: PERM.menu.add, logTitle: '菜单管理-添加' },
      schema: {
        tags,
        summary: '添加菜单或按钮',
        body: permissionFormSchema,
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (req) => {
      const actor = requireUser(req);
      await mayLabel(actor, req.body.perms);
      const id = await addPermission(app.db, req.body, actor.username);
      changed();
      return ok(id, '添加成功！');
    },
  );

  app.put(
    '/sys/permission/edit',
    {
      config: { permission: PERM.menu.edit, logTitle: '菜单管理-编辑' },
      schema: {
        tags,
        summary: '编辑菜单或按钮',
        body: permissionEditSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const { id, ...form } = req.body;
      const actor = requireUser(req);
      await assertPermissionsWithin(app, actor, [id]);
      await mayLabel(actor, form.perms);
      await editPermission(app.db, id, form, actor.username);
      changed();
      return ok(null, '编辑成功！');
    },
  );

  app.delete(
    '/sys/permission/delete',
    {
      config: { permission: PERM.menu.delete, logTitle: '菜单管理-删除' },
      schema: {
        tags,
        summary: '删除菜单及其全部下级（含按钮、授权和数据规则）',
        querystring: idQuery,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const id = req.query.id?.trim();
      if (!id) throw badRequest(LIST_MSG.idRequired('id'));
      await assertPermissionsWithin(app, requireUser(req), parseIdList(id, 'id', 1));
      const n = await deletePermissions(app.db, parseIdList(id, 'id', 1));
      if (n === 0) throw notFound(PERMISSION_MSG.notFound);
      changed();
      return ok(n, PERMISSION_MSG.deleted(n));
    },
  );

  app.delete(
    '/sys/permission/deleteBatch',
    {
      config: { permission: PERM.menu.delete, logTitle: '菜单管理-批量删除' },
      schema: {
        tags,
        summary: '批量删除菜单及其全部下级',
        querystring: idsQuery,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const ids = parseIdList(req.query.ids, 'ids');
      if (ids.length === 0) throw badRequest(LIST_MSG.idRequired('ids'));
      await assertPermissionsWithin(app, requireUser(req), ids);
      const n = await deletePermissions(app.db, ids);
      changed();
      return ok(n, PERMISSION_MSG.deleted(n));
    },
  );
};
