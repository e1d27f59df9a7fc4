import { and, inArray, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  PERM,
  RECORD_ID_PATTERN,
  requiredError,
  adminDepartAndRoleSchema,
  envelopeSchema,
  pageSchema,
  userRoleMapSchema,
} from '@lims/contracts';
import { users } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { iterateList, parseIdList, runList, type RawParams } from '../../platform/list-query';
import { ok } from '../../platform/reply';
import {
  optionalIdParam,
  userBriefList,
  userBriefRecordSchema,
  userPickerList,
  userHasRole,
  userHasRoleCode,
  userInDepart,
  userScope,
} from './user.entities';
import { departsOf, roleIdsOf, roleNamesByUser, rolesOf, withDepartNames } from './user.repo';

const tags = ['用户选择'];
const requiredId = (message: string) =>
  z.string(requiredError(message)).trim().min(1, message).regex(RECORD_ID_PATTERN, '参数 id 不正确');
const withParams = <T extends z.ZodRawShape>(shape: T) => z.object(shape).catchall(z.unknown());
const briefList = envelopeSchema(z.array(userBriefRecordSchema));
const briefPage = envelopeSchema(pageSchema(userBriefRecordSchema));
const DEPART_REQUIRED = '请先选择部门';
const ROLE_REQUIRED = '请先选择角色';

/**
 * Helpers of the user form and the user pickers. Every answer is a user brief (no secrets, no
 * birthday); the extra query params of each call follow the list rules (e.g. realname=*张*).
 * The pickers (sign-in only) are a directory of people for other pages and are not narrowed by
 * 用户管理's data rules, so they answer name, account and department only; the work contact (phone,
 * e-mail, work number, post) only to a 用户管理 reader (user:list) whom no data rule narrows there.
 * The role look-ups of 用户管理 (user:list) answer only for users within its data rules.
 */
export const userPickerRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadDict = app.dictCache.textMap;

  /** The picker entity this caller may read: with contact fields only for an unnarrowed user:list holder. */
  const entityFor = async (req: FastifyRequest) => {
    const user = requireUser(req);
    const full =
      (await app.permissionCache.allows(user, PERM.user.list)) &&
      (await app.permissionCache.scopeOf(user, PERM.user.list)) === undefined;
    return full ? userBriefList : userPickerList;
  };
  /** Every user matching (not paged), with department names. */
  const allBriefs = async (req: FastifyRequest, params: RawParams, where: SQL | undefined) => {
    const out = [];
    const entity = await entityFor(req);
    for await (const batch of iterateList(app.db, entity, params, { where, loadDict })) out.push(...batch);
    return ok(await withDepartNames(app.db, out), MSG.queryOk);
  };
  /** The ids of `ids` within the data scope (all of them when nothing narrows). */
  const inScope = async (ids: string[], scope: SQL | undefined) =>
    scope === undefined
      ? ids
      : (
          await app.db
            .select({ id: users.id })
            .from(users)
            .where(and(inArray(users.id, ids), scope))
        ).map((u) => u.id);
  const pagedBriefs = async (req: FastifyRequest, params: RawParams, where: SQL | undefined) => {
    const page = await runList(app.db, await entityFor(req), params, { where, loadDict });
    return ok({ records: await withDepartNames(app.db, page.records), total: page.total }, MSG.queryOk);
  };

  app.get(
    '/sys/user/queryUserRole',
    {
      config: { permission: PERM.user.list, dataScope: userScope },
      schema: {
        tags,
        summary: '用户的角色 id 列表（userid）',
        querystring: z.object({ userid: requiredId('请先选择用户'), _t: z.string().optional() }),
        response: { 200: envelopeSchema(z.array(z.string())) },
      },
    },
    async (req) => {
      const [userId] = await inScope([req.query.userid], req.dataScope);
      return ok(userId ? await roleIdsOf(app.db, userId) : [], MSG.queryOk);
    },
  );

  app.get(
    '/sys/user/queryUserRoleMap',
    {
      config: { permission: PERM.user.list, dataScope: userScope },
      schema: {
        tags,
        summary: '一页用户的角色名称（userIds 逗号分隔，最多 1000 个）→ { 用户id: [角色名称] }',
        querystring: z.object({ userIds: z.string().max(70_000).optional(), _t: z.string().optional() }),
        response: { 200: envelopeSchema(userRoleMapSchema) },
      },
    },
    async (req) => {
      const ids = await inScope(parseIdList(req.query.userIds, 'userIds'), req.dataScope);
      return ok(await roleNamesByUser(app.db, ids), MSG.queryOk);
    },
  );

  app.get(
    '/sys/user/queryAllUserOfDepart',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '部门（depId）的直属用户，不分页',
        querystring: withParams({ depId: requiredId(DEPART_REQUIRED) }),
        response: { 200: briefList },
      },
    },
    async (req) => {
      const { depId, ...params } = req.query;
      return allBriefs(req, params, await userInDepart(app.db, depId, false));
    },
  );

  app.get(
    '/sys/user/queryUserByDepId',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '部门（id）及其下级部门的用户，不分页；可加 realname 等查询条件',
        querystring: withParams({ id: requiredId(DEPART_REQUIRED) }),
        response: { 200: briefList },
      },
    },
    async (req) => {
      const { id, ...params } = req.query;
      return allBriefs(req, params, await userInDepart(app.db, id, true));
    },
  );

  app.get(
    '/sys/user/queryUserOfDepart',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '用户选择器：部门（depId，可空=全部）及其下级部门的用户，分页；realname、username 按列表规则模糊查询',
        querystring: withParams({ depId: optionalIdParam }),
        response: { 200: briefPage },
      },
    },
    async (req) => {
      const { depId, ...params } = req.query;
      return pagedBriefs(req, params, depId ? await userInDepart(app.db, depId, true) : undefined);
    },
  );

  app.get(
    '/sys/user/queryUserOfDepartAndRole',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '部门（depId，含下级部门）中拥有角色（roleId）的用户，不分页',
        querystring: withParams({ depId: requiredId(DEPART_REQUIRED), roleId: requiredId(ROLE_REQUIRED) }),
        response: { 200: briefList },
      },
    },
    async (req) => {
      const { depId, roleId, ...params } = req.query;
      return allBriefs(req, params, and(await userInDepart(app.db, depId, true), userHasRole(roleId)));
    },
  );

  app.get(
    '/sys/user/queryUserByRoleCode',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '拥有角色编码（roleCode）的用户，分页',
        querystring: withParams({
          roleCode: z.string(requiredError(ROLE_REQUIRED)).trim().min(1, ROLE_REQUIRED).max(100),
        }),
        response: { 200: briefPage },
      },
    },
    async (req) => {
      const { roleCode, ...params } = req.query;
      return pagedBriefs(req, params, userHasRoleCode(roleCode));
    },
  );

  app.get(
    '/sys/user/queryByIds',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '按 id 查询用户简要信息（ids 逗号分隔，最多 1000 个），按所给顺序；用户选择器回显姓名',
        querystring: z.object({ ids: z.string().max(70_000).optional(), _t: z.string().optional() }),
        response: { 200: briefList },
      },
    },
    async (req) => {
      const ids = parseIdList(req.query.ids, 'ids');
      if (ids.length === 0) return ok([], MSG.queryOk);
      const found = (await allBriefs(req, {}, inArray(users.id, ids))).result;
      const byId = new Map(found.map((u) => [String(u.id), u]));
      return ok(
        ids.flatMap((id) => byId.get(id) ?? []),
        MSG.queryOk,
      );
    },
  );

  app.get(
    '/sys/user/queryAdminDepartAndRole',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '当前登录用户的部门与角色',
        response: { 200: envelopeSchema(adminDepartAndRoleSchema) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const [departs, roles] = await Promise.all([departsOf(app.db, user.id), rolesOf(app.db, user.id)]);
      return ok({ departs, roles, orgCode: user.orgCode }, MSG.queryOk);
    },
  );
};
