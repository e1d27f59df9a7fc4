import { asc, eq, ilike, inArray, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEPART_MSG,
  MSG,
  PERM,
  departEditSchema,
  departFormSchema,
  departIdTreeNodeSchema,
  departListRecordSchema,
  departRecordSchema,
  departTreeNodeSchema,
  departUserSchema,
  envelopeSchema,
  pageSchema,
} from '@lims/contracts';
import { departs, userDeparts } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { parseIdList, runList } from '../../platform/list-query';
import { LIST_MSG } from '../../platform/list-query/messages';
import { escapeLike } from '../../platform/list-query/values';
import { badRequest, notFound, ok } from '../../platform/reply';
import { buildDepartIdTree, buildDepartTree, toDepartNode, toDepartRecord } from './depart-tree';
import { departList, departUserList } from './depart.entities';
import { addDepart, deleteDeparts, editDepart } from './depart.service';

const tags = ['部门管理'];
const anyQuery = z.record(z.string(), z.unknown());
const SEARCH_LIMIT = 500;

/** The ancestor's pages called both prefixes; the same handlers answer on each. */
export const DEPART_BASES = ['/sysdepart/sysDepart', '/sys/sysDepart'] as const;

/**
 * 部门管理. Tree, search and company reads serve the department pickers (user form, project form),
 * so any signed-in user may call them; the users of a department and every write need depart:*.
 */
export const departRoutes: FastifyPluginAsyncZod = async (app) => {
  const allRows = () => app.db.select().from(departs).orderBy(asc(departs.departOrder), asc(departs.orgCode));

  for (const base of DEPART_BASES) {
    app.get(
      `${base}/queryTreeList`,
      {
        config: { access: 'login' },
        schema: {
          tags,
          summary: '部门树（全部字段）',
          querystring: anyQuery,
          response: { 200: envelopeSchema(z.array(departTreeNodeSchema)) },
        },
      },
      async () => ok(buildDepartTree(await allRows()), MSG.queryOk),
    );

    app.get(
      `${base}/queryIdTree`,
      {
        config: { access: 'login' },
        schema: {
          tags,
          summary: '部门树（key/value/title）',
          querystring: anyQuery,
          response: { 200: envelopeSchema(z.array(departIdTreeNodeSchema)) },
        },
      },
      async () => ok(buildDepartIdTree(await allRows()), MSG.queryOk),
    );

    app.get(
      `${base}/searchBy`,
      {
        config: { access: 'login' },
        schema: {
          tags,
          summary: '按名称搜索部门（平铺列表，名称包含关键字）',
          querystring: z.object({ keyWord: z.string().trim().max(100).optional(), _t: z.string().optional() }),
          response: { 200: envelopeSchema(z.array(departTreeNodeSchema)) },
        },
      },
      async (req) => {
        const keyWord = req.query.keyWord;
        if (!keyWord) throw badRequest(DEPART_MSG.keyWordRequired);
        const rows = await app.db
          .select()
          .from(departs)
          .where(
            or(
              ilike(departs.departName, `%${escapeLike(keyWord)}%`),
              ilike(departs.orgCode, `${escapeLike(keyWord)}%`),
            ),
          )
          .orderBy(asc(departs.orgCode))
          .limit(SEARCH_LIMIT);
        const withKids = new Set(
          rows.length
            ? (
                await app.db
                  .selectDistinct({ id: departs.parentId })
                  .from(departs)
                  .where(
                    inArray(
                      departs.parentId,
                      rows.map((r) => r.id),
                    ),
                  )
              ).map((r) => r.id)
            : [],
        );
        return ok(
          rows.map((r) => toDepartNode(r, [], !withKids.has(r.id))),
          MSG.queryOk,
        );
      },
    );

    app.get(
      `${base}/queryCompanyList`,
      {
        config: { access: 'login' },
        schema: {
          tags,
          summary: '一级机构（公司）列表',
          querystring: anyQuery,
          response: { 200: envelopeSchema(z.array(departRecordSchema)) },
        },
      },
      async () => {
        const rows = await app.db
          .select()
          .from(departs)
          .where(isNull(departs.parentId))
          .orderBy(asc(departs.departOrder), asc(departs.orgCode));
        return ok(rows.map(toDepartRecord), MSG.queryOk);
      },
    );

    app.get(
      `${base}/queryCompanyList2`,
      {
        config: { access: 'login' },
        schema: {
          tags,
          summary: '一级机构（公司）分页列表，支持通用查询参数',
          querystring: anyQuery,
          response: { 200: envelopeSchema(pageSchema(departListRecordSchema)) },
        },
      },
      async (req) =>
        ok(
          await runList(app.db, departList, req.query, {
            where: isNull(departs.parentId),
            loadDict: app.dictCache.textMap,
          }),
        ),
    );

    app.get(
      `${base}/queryDepartUsers`,
      {
        config: { permission: PERM.depart.list },
        schema: {
          tags,
          summary: '部门的用户（分页，id 为部门 id）',
          querystring: anyQuery,
          response: { 200: envelopeSchema(pageSchema(departUserSchema)) },
        },
      },
      async (req) => {
        const { id, ...params } = req.query;
        const depId = typeof id === 'string' ? id.trim() : '';
        if (!depId) throw badRequest(DEPART_MSG.idRequired);
        const [found] = await app.db.select({ id: departs.id }).from(departs).where(eq(departs.id, depId)).limit(1);
        if (!found) throw notFound(DEPART_MSG.notFound);
        const members = app.db.select({ id: userDeparts.userId }).from(userDeparts).where(eq(userDeparts.depId, depId));
        return ok(
          await runList(app.db, departUserList, params, {
            where: inArray(departUserList.idColumn, members),
            loadDict: app.dictCache.textMap,
          }),
        );
      },
    );

    app.post(
      `${base}/add`,
      {
        config: { permission: PERM.depart.add, logTitle: '部门管理-添加' },
        schema: {
          tags,
          summary: '添加部门（无上级即一级机构；机构编码自动生成）',
          body: departFormSchema,
          response: { 200: envelopeSchema(z.object({ id: z.string(), orgCode: z.string() })) },
        },
      },
      async (req) => ok(await addDepart(app.db, req.body, requireUser(req).username), '添加成功！'),
    );

    app.put(
      `${base}/edit`,
      {
        config: { permission: PERM.depart.edit, logTitle: '部门管理-编辑' },
        schema: {
          tags,
          summary: '编辑部门（上级和机构编码不可修改）',
          body: departEditSchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (req) => {
        await editDepart(app.db, req.body, requireUser(req).username);
        return ok(null, '编辑成功！');
      },
    );

    app.delete(
      `${base}/delete`,
      {
        config: { permission: PERM.depart.delete, logTitle: '部门管理-删除' },
        schema: {
          tags,
          summary: '删除部门（有下级部门或用户时拒绝）',
          querystring: z.object({ id: z.string().max(64).optional() }),
          response: { 200: envelopeSchema(z.number()) },
        },
      },
      async (req) => {
        const ids = parseIdList(req.query.id, 'id', 1);
        if (ids.length === 0) throw badRequest(LIST_MSG.idRequired('id'));
        const n = await deleteDeparts(app.db, ids);
        if (n === 0) throw notFound(DEPART_MSG.notFound);
        return ok(n, DEPART_MSG.deleted(n));
      },
    );

    app.delete(
      `${base}/deleteBatch`,
      {
        config: { permission: PERM.depart.delete, logTitle: '部门管理-批量删除' },
        schema: {
          tags,
          summary: '批量删除部门（任一有下级部门或用户时全部不删）',
          querystring: z.object({ ids: z.string().max(40_000).optional() }),
          response: { 200: envelopeSchema(z.number()) },
        },
      },
      async (req) => {
        const ids = parseIdList(req.query.ids, 'ids');
        if (ids.length === 0) throw badRequest(LIST_MSG.idRequired('ids'));
        const n = await deleteDeparts(app.db, ids);
        return ok(n, DEPART_MSG.deleted(n));
      },
    );
  }
};
