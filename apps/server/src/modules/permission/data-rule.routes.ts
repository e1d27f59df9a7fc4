import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  PERM,
  PERMISSION_MSG,
  dataRuleEditSchema,
  dataRuleFormSchema,
  dataRuleSchema,
  envelopeSchema,
} from '@lims/contracts';
import { requireUser } from '../../plugins/auth';
import { LIST_MSG } from '../../platform/list-query/messages';
import { badRequest, ok } from '../../platform/reply';
import { addDataRule, deleteDataRule, editDataRule, findDataRules } from './data-rule.repo';

const tags = ['菜单管理-数据规则'];
const permissionId = z
  .string({ error: PERMISSION_MSG.permissionRequired })
  .trim()
  .min(1, PERMISSION_MSG.permissionRequired)
  .max(32);
const search = z.string().trim().max(50).optional();

/** Data rules of a menu (菜单管理 → 数据规则). How they apply: platform/data-scope.ts and plugins/data-scope.ts. */
export const dataRuleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/permission/getPermRuleListByPermId',
    {
      config: { permission: PERM.menu.rule },
      schema: {
        tags,
        summary: '菜单的数据规则',
        querystring: z.object({ permissionId, _t: z.string().optional() }),
        response: { 200: envelopeSchema(z.array(dataRuleSchema)) },
      },
    },
    async (req) => ok(await findDataRules(app.db, req.query.permissionId), MSG.queryOk),
  );

  app.get(
    '/sys/permission/queryPermissionRule',
    {
      config: { permission: PERM.menu.rule },
      schema: {
        tags,
        summary: '按名称/字段搜索菜单的数据规则（包含匹配）',
        querystring: z.object({ permissionId, ruleName: search, ruleColumn: search, _t: z.string().optional() }),
        response: { 200: envelopeSchema(z.array(dataRuleSchema)) },
      },
    },
    async (req) => {
      const { permissionId: id, ruleName, ruleColumn } = req.query;
      return ok(await findDataRules(app.db, id, { ruleName, ruleColumn }), MSG.queryOk);
    },
  );

  app.post(
    '/sys/permission/addPermissionRule',
    {
      config: { permission: PERM.menu.rule, logTitle: '菜单管理-添加数据规则' },
      schema: {
        tags,
        summary: '添加数据规则',
        body: dataRuleFormSchema,
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (req) => {
      const id = await addDataRule(app.db, req.body, requireUser(req).username);
      app.permissionCache.invalidate();
      return ok(id, '添加成功！');
    },
  );

  app.put(
    '/sys/permission/editPermissionRule',
    {
      config: { permission: PERM.menu.rule, logTitle: '菜单管理-编辑数据规则' },
      schema: {
        tags,
        summary: '编辑数据规则（所属菜单不变）',
        body: dataRuleEditSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const { id, ...form } = req.body;
      await editDataRule(app.db, id, form, requireUser(req).username);
      app.permissionCache.invalidate();
      return ok(null, '编辑成功！');
    },
  );

  app.delete(
    '/sys/permission/deletePermissionRule',
    {
      config: { permission: PERM.menu.rule, logTitle: '菜单管理-删除数据规则' },
      schema: {
        tags,
        summary: '删除数据规则（并从各角色的选择中移除）',
        querystring: z.object({ id: z.string().max(64).optional() }),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const id = req.query.id?.trim();
      if (!id) throw badRequest(LIST_MSG.idRequired('id'));
      await deleteDataRule(app.db, id);
      app.permissionCache.invalidate();
      return ok(null, '删除成功！');
    },
  );
};
