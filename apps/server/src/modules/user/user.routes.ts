import { and } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  PERM,
  RECORD_ID_PATTERN,
  USER_MSG,
  checkOnlyUserQuerySchema,
  envelopeSchema,
  frozenBatchSchema,
  pageSchema,
  resetPasswordSchema,
  userAddSchema,
  userDetailSchema,
  userEditSchema,
} from '@lims/contracts';
import { requireUser } from '../../plugins/auth';
import { findById, runList } from '../../platform/list-query';
import { AppError, badRequest, conflict, notFound, ok } from '../../platform/reply';
import { optionalIdParam, userInDepart, userList, userRecordSchema, userScope } from './user.entities';
import { departsOf, roleIdsOf, roleNamesByUser, takenMessage, withDepartNames } from './user.repo';
import { addUser, deleteUsers, editUser, resetPassword, setUserStatus } from './user.service';
import { registerUserExcel } from './user.excel';

const tags = ['用户管理'];
const idQuery = z.object({
  id: z
    .string({ error: USER_MSG.idsRequired })
    .trim()
    .min(1, USER_MSG.idsRequired)
    .regex(RECORD_ID_PATTERN, '参数 id 不正确'),
});

/**
 * 用户管理: list, detail, add, edit, delete, freeze, password reset, uniqueness check. Every route
 * reading or changing existing users is narrowed by the user's data rules.
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/user/list',
    {
      config: { permission: PERM.user.list, dataScope: userScope },
      schema: {
        tags,
        summary: '用户列表（列表查询规则；departId：该部门及下级部门的用户；roleNames：角色名称）',
        querystring: z.object({ departId: optionalIdParam }).catchall(z.unknown()),
        response: { 200: envelopeSchema(pageSchema(userRecordSchema)) },
      },
    },
    async (req) => {
      const { departId, ...params } = req.query;
      const page = await runList(app.db, userList, params, {
        loadDict: app.dictCache.textMap,
        where: and(departId ? await userInDepart(app.db, departId, true) : undefined, req.dataScope),
      });
      const [records, roleNames] = await Promise.all([
        withDepartNames(app.db, page.records),
        roleNamesByUser(
          app.db,
          page.records.map((r) => String(r.id)),
        ),
      ]);
      return ok({
        records: records.map((r) => ({ ...r, roleNames: roleNames[String(r.id)]?.join(',') ?? '' })),
        total: page.total,
      });
    },
  );

  app.get(
    '/sys/user/queryById',
    {
      config: { permission: PERM.user.list, dataScope: userScope },
      schema: {
        tags,
        summary: '按 id 查询用户（含所选角色与部门 id）',
        querystring: idQuery,
        response: { 200: envelopeSchema(userDetailSchema) },
      },
    },
    async (req) => {
      const { id } = req.query;
      const found = await findById(app.db, userList, id, { where: req.dataScope, loadDict: app.dictCache.textMap });
      if (!found) throw notFound(USER_MSG.userNotFound);
      const [record] = await withDepartNames(app.db, [found]);
      const [roleIds, departs] = await Promise.all([roleIdsOf(app.db, id), departsOf(app.db, id)]);
      return ok(
        { ...record, selectedroles: roleIds.join(','), selecteddeparts: departs.map((d) => d.id).join(',') },
        MSG.queryOk,
      );
    },
  );

  app.post(
    '/sys/user/add',
    {
      config: { permission: PERM.user.add, logTitle: '用户管理-添加' },
      schema: {
        tags,
        summary: '添加用户（用户角色、部门同一事务保存；首次登录须修改密码）',
        body: userAddSchema,
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (req) => ok(await addUser(app, req.body, requireUser(req)), USER_MSG.added),
  );

  app.put(
    '/sys/user/edit',
    {
      config: { permission: PERM.user.edit, logTitle: '用户管理-编辑', dataScope: userScope },
      schema: {
        tags,
        summary: '编辑用户（不改账号、密码、状态；未提交的字段保持不变）',
        body: userEditSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      await editUser(app, req.body, requireUser(req), req.dataScope);
      return ok(null, USER_MSG.edited);
    },
  );

  app.delete(
    '/sys/user/delete',
    {
      config: { permission: PERM.user.delete, logTitle: '用户管理-删除', dataScope: userScope },
      schema: {
        tags,
        summary: '删除用户（admin 与当前登录账号除外）',
        querystring: idQuery,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const n = await deleteUsers(app, req.query.id, requireUser(req), req.dataScope);
      if (n === 0) throw notFound(USER_MSG.userNotFound);
      return ok(n, USER_MSG.deleted);
    },
  );

  app.delete(
    '/sys/user/deleteBatch',
    {
      config: { permission: PERM.user.delete, logTitle: '用户管理-批量删除', dataScope: userScope },
      schema: {
        tags,
        summary: '批量删除用户（ids 逗号分隔；含 admin 或当前账号时整批拒绝）',
        querystring: z.object({ ids: z.string().max(40_000).optional() }),
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const n = await deleteUsers(app, req.query.ids, requireUser(req), req.dataScope);
      return ok(n, `${USER_MSG.deleted}共 ${n} 条`);
    },
  );

  app.put(
    '/sys/user/frozenBatch',
    {
      config: { permission: PERM.user.freeze, logTitle: '用户管理-冻结/解冻', dataScope: userScope },
      schema: {
        tags,
        summary: '冻结（status 2）/ 解冻（status 1）用户；冻结立即结束其会话',
        body: frozenBatchSchema,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) =>
      ok(await setUserStatus(app, req.body.ids, req.body.status, requireUser(req), req.dataScope), USER_MSG.frozenOk),
  );

  // SPEC's spelling and the original client's (changePassword): the same route.
  for (const url of ['/sys/user/changPassword', '/sys/user/changePassword']) {
    app.put(
      url,
      {
        config: { permission: PERM.user.resetPassword, logTitle: '用户管理-重置密码', dataScope: userScope },
        schema: {
          tags,
          summary: '管理员重置用户密码（用户下次登录须修改密码，其会话全部结束）',
          body: resetPasswordSchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (req) => {
        await resetPassword(app, req.body.username, req.body.password, requireUser(req), req.dataScope);
        return ok(null, USER_MSG.passwordReset);
      },
    );
  }

  app.get(
    '/sys/user/checkOnlyUser',
    {
      config: { permission: PERM.user.list },
      schema: {
        tags,
        summary:
          '校验账号 / 工号 / 手机号 / 邮箱是否可用（id：排除正在编辑的用户）；已被占用时 409；需新增或编辑用户的权限',
        querystring: checkOnlyUserQuerySchema,
        response: { 200: envelopeSchema(z.boolean()) },
      },
    },
    async (req) => {
      // The user form's blur check: only those who add or edit users learn which values are taken.
      const user = requireUser(req);
      const [canAdd, canEdit] = await Promise.all(
        [PERM.user.add, PERM.user.edit].map((code) => app.permissionCache.allows(user, code)),
      );
      if (!canAdd && !canEdit) throw new AppError(403, MSG.forbidden);
      const { id, username, workNo, phone, email } = req.query;
      if (!username && !workNo && !phone && !email) throw badRequest(USER_MSG.checkFieldRequired);
      const taken = await takenMessage(app.db, { username, workNo, phone, email }, id || undefined);
      if (taken) throw conflict(taken);
      return ok(true, USER_MSG.valueAvailable);
    },
  );

  await registerUserExcel(app);
};
