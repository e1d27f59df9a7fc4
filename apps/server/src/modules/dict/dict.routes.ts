import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DICT_MSG,
  MSG,
  PERM,
  dictEditSchema,
  dictFormSchema,
  dictOptionSchema,
  envelopeSchema,
  pageSchema,
} from '@lims/contracts';
import { dicts } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { insertRecord, uniqueOr409, updateRecord } from '../../platform/crud';
import { deleteById, deleteByIds, findById, runList } from '../../platform/list-query';
import { notFound, ok } from '../../platform/reply';
import { isTableDictCode, tableDictOptions } from '../../platform/table-dict';
import { dictList, dictRecordSchema, dictScope } from './dict.entities';
import { registerDictExcel } from './dict.excel';

const tags = ['数据字典'];
const listQuery = z.record(z.string(), z.unknown());
const idQuery = z.object({ id: z.string().max(64).optional() });
const idsQuery = z.object({ ids: z.string().max(40_000).optional() });
const codeParams = z.object({ code: z.string().min(1).max(300) });

/**
 * Dictionaries: list, add, edit, delete, options by code (plain or allow-listed table form), cache
 * refresh. The management routes are narrowed by the user's data rules; the options every form
 * reads are not (a rule narrows the 数据字典 page, not the use of dictionaries).
 */
export const dictRoutes: FastifyPluginAsyncZod = async (app) => {
  const changed = () => app.dictCache.invalidate();

  app.get(
    '/sys/dict/list',
    {
      config: { permission: PERM.dict.list, dataScope: dictScope },
      schema: {
        tags,
        summary: '字典列表',
        querystring: listQuery,
        response: { 200: envelopeSchema(pageSchema(dictRecordSchema)) },
      },
    },
    async (req) => ok(await runList(app.db, dictList, req.query, { where: req.dataScope })),
  );

  app.get(
    '/sys/dict/queryById',
    {
      config: { permission: PERM.dict.list, dataScope: dictScope },
      schema: {
        tags,
        summary: '按 id 查询字典',
        querystring: idQuery,
        response: { 200: envelopeSchema(dictRecordSchema) },
      },
    },
    async (req) => {
      const record = await findById(app.db, dictList, req.query.id, { where: req.dataScope });
      if (!record) throw notFound(DICT_MSG.dictNotFound);
      return ok(record);
    },
  );

  app.post(
    '/sys/dict/add',
    {
      config: { permission: PERM.dict.add, logTitle: '数据字典-添加' },
      schema: { tags, summary: '添加字典', body: dictFormSchema, response: { 200: envelopeSchema(z.string()) } },
    },
    async (req) => {
      const id = await uniqueOr409(DICT_MSG.codeTaken, () =>
        insertRecord(app.db, dicts, req.body, requireUser(req).username),
      );
      changed();
      return ok(id, '添加成功！');
    },
  );

  app.put(
    '/sys/dict/edit',
    {
      config: { permission: PERM.dict.edit, logTitle: '数据字典-编辑', dataScope: dictScope },
      schema: { tags, summary: '编辑字典', body: dictEditSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (req) => {
      const { id, ...values } = req.body;
      await uniqueOr409(DICT_MSG.codeTaken, () =>
        updateRecord(app.db, dicts, id, values, requireUser(req).username, DICT_MSG.dictNotFound, req.dataScope),
      );
      changed();
      return ok(null, '编辑成功！');
    },
  );

  app.delete(
    '/sys/dict/delete',
    {
      config: { permission: PERM.dict.delete, logTitle: '数据字典-删除', dataScope: dictScope },
      schema: {
        tags,
        summary: '删除字典（连同字典项）',
        querystring: idQuery,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const n = await deleteById(app.db, dictList, req.query.id, { where: req.dataScope });
      if (n === 0) throw notFound(DICT_MSG.dictNotFound);
      changed();
      return ok(n, '删除成功！');
    },
  );

  app.delete(
    '/sys/dict/deleteBatch',
    {
      config: { permission: PERM.dict.delete, logTitle: '数据字典-批量删除', dataScope: dictScope },
      schema: { tags, summary: '批量删除字典', querystring: idsQuery, response: { 200: envelopeSchema(z.number()) } },
    },
    async (req) => {
      const n = await deleteByIds(app.db, dictList, req.query.ids, { where: req.dataScope });
      changed();
      return ok(n, `删除成功！共 ${n} 条`);
    },
  );

  const options = async (code: string) => {
    if (isTableDictCode(code)) return tableDictOptions(app.db, code);
    // An unknown dictionary has no options: an empty list, as the original answered (its selects stay usable).
    return (await app.dictCache.options(code)) ?? [];
  };
  for (const url of ['/sys/dict/getDictItems/:code', '/sys/dict/getOptions/:code']) {
    app.get(
      url,
      {
        config: { access: 'login' },
        schema: {
          tags,
          summary: '字典选项（字典编码，或允许的 表,文本列,值列）',
          params: codeParams,
          response: { 200: envelopeSchema(z.array(dictOptionSchema)) },
        },
      },
      async (req) => ok(await options(req.params.code), MSG.queryOk),
    );
  }

  app.get(
    '/sys/dict/refleshCache',
    {
      config: { permission: PERM.dict.refresh },
      schema: { tags, summary: '刷新字典缓存', response: { 200: envelopeSchema(z.null()) } },
    },
    async () => {
      changed();
      return ok(null, DICT_MSG.cacheRefreshed);
    },
  );

  await registerDictExcel(app);
};
