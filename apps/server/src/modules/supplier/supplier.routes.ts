import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  PERM,
  SUPPLIER_MSG,
  envelopeSchema,
  pageSchema,
  supplierEditSchema,
  supplierFormSchema,
  supplierOptionSchema,
  supplierRecordSchema,
  type SupplierForm,
} from '@lims/contracts';
import { suppliers } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { insertRecord, uniqueOr409, updateRecord } from '../../platform/crud';
import { deleteById, deleteByIds, findById, keywordParams, runList } from '../../platform/list-query';
import { notFound, ok } from '../../platform/reply';
import { todayIn } from '../../platform/time';
import { assertDictValues } from '../../platform/record-checks';
import { supplierList, supplierScope, withExpiryState } from './supplier.entities';
import { registerSupplierExcel } from './supplier.excel';

const tags = ['供应商管理'];
const idQuery = z.object({ id: z.string().max(64).optional() });
const idsQuery = z.object({ ids: z.string().max(40_000).optional() });
/** Most options one picker call answers (narrow them with `keyword`). */
const PICKER_LIMIT = 200;

/**
 * 供应商管理 (`/gysgl/supplier/*`): list with the expiry flag, picker, add/edit/delete, export/import.
 * Every route reading or changing existing suppliers is narrowed by the user's data rules.
 */
export const supplierRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadDict = app.dictCache.textMap;
  const checkDicts = (form: SupplierForm) =>
    assertDictValues(app.dictCache, [
      ['supplier_type', form.supplierType, SUPPLIER_MSG.typeInvalid],
      ['supplier_status', form.status, SUPPLIER_MSG.statusInvalid],
    ]);

  app.get(
    '/gysgl/supplier/list',
    {
      config: { permission: PERM.supplier.list, dataScope: supplierScope },
      schema: {
        tags,
        summary: '供应商列表（expiryState：expired 已过期 / soon 30 天内到期）',
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: envelopeSchema(pageSchema(supplierRecordSchema)) },
      },
    },
    async (req) => {
      const page = await runList(app.db, supplierList, req.query, { loadDict, where: req.dataScope });
      return ok({ records: withExpiryState(page.records, todayIn(app.config.timeZone)), total: page.total });
    },
  );

  app.get(
    '/gysgl/supplier/queryById',
    {
      config: { permission: PERM.supplier.list, dataScope: supplierScope },
      schema: {
        tags,
        summary: '按 id 查询供应商',
        querystring: idQuery,
        response: { 200: envelopeSchema(supplierRecordSchema) },
      },
    },
    async (req) => {
      const record = await findById(app.db, supplierList, req.query.id, { where: req.dataScope, loadDict });
      if (!record) throw notFound(SUPPLIER_MSG.notFound);
      return ok(withExpiryState([record], todayIn(app.config.timeZone))[0], MSG.queryOk);
    },
  );

  app.get(
    '/gysgl/supplier/supplierList',
    {
      config: { access: 'login', dataScope: supplierScope },
      schema: {
        tags,
        summary: `供应商选择（id、编码、名称；keyword 匹配编码或名称；按编码排序，最多 ${PICKER_LIMIT} 条）`,
        querystring: z.object({ keyword: z.string().max(100).optional(), _t: z.string().optional() }),
        response: { 200: envelopeSchema(z.array(supplierOptionSchema)) },
      },
    },
    async (req) => {
      const params = {
        ...keywordParams(req.query.keyword, ['code', 'name']),
        field: 'id,code,name',
        column: 'code',
        order: 'asc',
        pageSize: String(PICKER_LIMIT),
      };
      const page = await runList(app.db, supplierList, params, { where: req.dataScope });
      return ok(
        page.records.map((r) => ({ id: String(r.id), code: String(r.code), name: String(r.name) })),
        MSG.queryOk,
      );
    },
  );

  app.post(
    '/gysgl/supplier/add',
    {
      config: { permission: PERM.supplier.add, logTitle: '供应商管理-添加' },
      schema: { tags, summary: '添加供应商', body: supplierFormSchema, response: { 200: envelopeSchema(z.string()) } },
    },
    async (req) => {
      await checkDicts(req.body);
      const id = await uniqueOr409(SUPPLIER_MSG.codeTaken, () =>
        insertRecord(app.db, suppliers, req.body, requireUser(req).username),
      );
      return ok(id, '添加成功！');
    },
  );

  app.put(
    '/gysgl/supplier/edit',
    {
      config: { permission: PERM.supplier.edit, logTitle: '供应商管理-编辑', dataScope: supplierScope },
      schema: { tags, summary: '编辑供应商', body: supplierEditSchema, response: { 200: envelopeSchema(z.null()) } },
    },
    async (req) => {
      const { id, ...values } = req.body;
      await checkDicts(values);
      await uniqueOr409(SUPPLIER_MSG.codeTaken, () =>
        updateRecord(app.db, suppliers, id, values, requireUser(req).username, SUPPLIER_MSG.notFound, req.dataScope),
      );
      return ok(null, '编辑成功！');
    },
  );

  app.delete(
    '/gysgl/supplier/delete',
    {
      config: { permission: PERM.supplier.delete, logTitle: '供应商管理-删除', dataScope: supplierScope },
      schema: { tags, summary: '删除供应商', querystring: idQuery, response: { 200: envelopeSchema(z.number()) } },
    },
    async (req) => {
      const n = await deleteById(app.db, supplierList, req.query.id, { where: req.dataScope });
      if (n === 0) throw notFound(SUPPLIER_MSG.notFound);
      return ok(n, '删除成功！');
    },
  );

  app.delete(
    '/gysgl/supplier/deleteBatch',
    {
      config: { permission: PERM.supplier.delete, logTitle: '供应商管理-批量删除', dataScope: supplierScope },
      schema: {
        tags,
        summary: '批量删除供应商（ids 逗号分隔）',
        querystring: idsQuery,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const n = await deleteByIds(app.db, supplierList, req.query.ids, { where: req.dataScope });
      return ok(n, `删除成功！共 ${n} 条`);
    },
  );

  await registerSupplierExcel(app);
};
