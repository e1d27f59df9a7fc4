import { and, eq, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DICT_MSG, PERM, dictItemEditSchema, dictItemFormSchema, envelopeSchema, pageSchema } from '@lims/contracts';
import { dictItems, dicts } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { insertRecord, uniqueOr409, updateRecord } from '../../platform/crud';
import { deleteById, deleteByIds, runList } from '../../platform/list-query';
import { parentInScope } from '../../platform/data-scope';
import { badRequest, notFound, ok } from '../../platform/reply';
import { dictItemList, dictItemRecordSchema, dictList, dictScope } from './dict.entities';

const tags = ['数据字典'];

/**
 * Items of one dictionary (the drawer of the dictionary page). Items of a dictionary outside the
 * user's data rules (数据字典) are not found, as the dictionary is.
 */
export const dictItemRoutes: FastifyPluginAsyncZod = async (app) => {
  const changed = () => app.dictCache.invalidate();
  const ofScopedDicts = (scope: SQL | undefined) => parentInScope(dictItems.dictId, dictList, scope);
  const requireDict = async (dictId: string, scope: SQL | undefined) => {
    const found = await app.db
      .select({ id: dicts.id })
      .from(dicts)
      .where(and(eq(dicts.id, dictId), scope))
      .limit(1);
    if (!found[0]) throw badRequest(DICT_MSG.dictNotFound);
  };

  app.get(
    '/sys/dictItem/list',
    {
      config: { permission: PERM.dict.list, dataScope: dictScope },
      schema: {
        tags,
        summary: '字典项列表（按 dictId；未选字典时为空页）',
        querystring: z.object({ dictId: z.string().max(32).optional() }).catchall(z.unknown()),
        response: { 200: envelopeSchema(pageSchema(dictItemRecordSchema)) },
      },
    },
    async (req) => {
      // No dictionary chosen yet (the original client's item drawer loads once before it has one): an empty page.
      if (!req.query.dictId?.trim()) return ok({ records: [], total: 0 });
      return ok(
        await runList(app.db, dictItemList, req.query, {
          loadDict: app.dictCache.textMap,
          where: ofScopedDicts(req.dataScope),
        }),
      );
    },
  );

  app.post(
    '/sys/dictItem/add',
    {
      config: { permission: PERM.dict.add, logTitle: '字典项-添加', dataScope: dictScope },
      schema: { tags, summary: '添加字典项', body: dictItemFormSchema, response: { 200: envelopeSchema(z.string()) } },
    },
    async (req) => {
      await requireDict(req.body.dictId, req.dataScope);
      const id = await uniqueOr409(DICT_MSG.itemValueTaken, () =>
        insertRecord(app.db, dictItems, req.body, requireUser(req).username),
      );
      changed();
      return ok(id, '添加成功！');
    },
  );

  app.put(
    '/sys/dictItem/edit',
    {
      config: { permission: PERM.dict.edit, logTitle: '字典项-编辑', dataScope: dictScope },
      schema: { tags, summary: '编辑字典项', body: dictItemEditSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (req) => {
      const { id, dictId, ...values } = req.body;
      const owner = await app.db
        .select({ id: dictItems.id })
        .from(dictItems)
        .where(and(eq(dictItems.id, id), eq(dictItems.dictId, dictId), ofScopedDicts(req.dataScope)))
        .limit(1);
      if (!owner[0]) throw notFound(DICT_MSG.itemNotFound);
      await uniqueOr409(DICT_MSG.itemValueTaken, () =>
        updateRecord(app.db, dictItems, id, values, requireUser(req).username, DICT_MSG.itemNotFound),
      );
      changed();
      return ok(null, '编辑成功！');
    },
  );

  app.delete(
    '/sys/dictItem/delete',
    {
      config: { permission: PERM.dict.delete, logTitle: '字典项-删除', dataScope: dictScope },
      schema: {
        tags,
        summary: '删除字典项',
        querystring: z.object({ id: z.string().max(64).optional() }),
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const n = await deleteById(app.db, dictItemList, req.query.id, { where: ofScopedDicts(req.dataScope) });
      if (n === 0) throw notFound(DICT_MSG.itemNotFound);
      changed();
      return ok(n, '删除成功！');
    },
  );

  app.delete(
    '/sys/dictItem/deleteBatch',
    {
      config: { permission: PERM.dict.delete, logTitle: '字典项-批量删除', dataScope: dictScope },
      schema: {
        tags,
        summary: '批量删除字典项',
        querystring: z.object({ ids: z.string().max(40_000).optional() }),
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const n = await deleteByIds(app.db, dictItemList, req.query.ids, { where: ofScopedDicts(req.dataScope) });
      changed();
      return ok(n, `删除成功！共 ${n} 条`);
    },
  );
};
