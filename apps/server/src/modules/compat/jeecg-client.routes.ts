import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, PERM, USER_MSG, envelopeSchema, pageSchema } from '@lims/contracts';
import { users } from '../../db/schema';
import { ok, notFound } from '../../platform/reply';
import { dictScope } from '../dict';
import { departsOf, optionalIdParam, userScope } from '../user';

const tags = ['JeecgBoot 2.x 客户端兼容'];
const departOptionSchema = z.object({ key: z.string(), value: z.string(), title: z.string() });
const emptyPage = () => ({ records: [], total: 0 });

/**
 * Calls outside SPEC that the original JeecgBoot 2.x web client makes on its pages, answered with
 * what we have (docs/decisions.md, "Compatibility with JeecgBoot 2.x clients"): the departments of
 * a user for its user form, and empty answers where we keep nothing of the kind (positions,
 * recycle bins — our deletes are final —, department-level grants — permissions come from roles).
 */
export const jeecgClientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/user/userDepartList',
    {
      config: { permission: PERM.user.list, dataScope: userScope },
      schema: {
        tags,
        summary: '用户所属部门（{ key, value, title }，原客户端的用户编辑表单读取）',
        querystring: z.object({ userId: optionalIdParam }),
        response: { 200: envelopeSchema(z.array(departOptionSchema)) },
      },
    },
    async (req) => {
      const { userId } = req.query;
      if (!userId) throw notFound(USER_MSG.userNotFound);
      const [found] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), req.dataScope))
        .limit(1);
      if (!found) throw notFound(USER_MSG.userNotFound);
      const departs = await departsOf(app.db, userId);
      return ok(
        departs.map((d) => ({ key: d.id, value: d.id, title: d.departName })),
        MSG.queryOk,
      );
    },
  );

  app.get(
    '/sys/user/recycleBin',
    {
      config: { permission: PERM.user.list, dataScope: userScope },
      schema: {
        tags,
        summary: '用户回收站（删除即永久删除，始终为空）',
        response: { 200: envelopeSchema(z.array(z.never())) },
      },
    },
    async () => ok([], MSG.queryOk),
  );

  app.get(
    '/sys/dict/deleteList',
    {
      config: { permission: PERM.dict.list, dataScope: dictScope },
      schema: {
        tags,
        summary: '字典回收站（删除即永久删除，始终为空）',
        response: { 200: envelopeSchema(z.array(z.never())) },
      },
    },
    async () => ok([], MSG.queryOk),
  );

  app.get(
    '/sys/permission/queryDepartPermission',
    {
      config: { permission: PERM.depart.list },
      schema: {
        tags,
        summary: '部门权限（权限只经角色授予，部门本身没有权限：始终为空）',
        querystring: z.object({ departId: optionalIdParam }),
        response: { 200: envelopeSchema(z.array(z.string())) },
      },
    },
    async () => ok([], MSG.queryOk),
  );

  app.get(
    '/sys/position/list',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '职务列表（本系统不维护职务表：空页）',
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: envelopeSchema(pageSchema(z.never())) },
      },
    },
    async () => ok(emptyPage(), MSG.queryOk),
  );
};
