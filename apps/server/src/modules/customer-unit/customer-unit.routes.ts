import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  PERM,
  UNIT_MSG,
  customerUnitDetailSchema,
  customerUnitRecordSchema,
  envelopeSchema,
  pageSchema,
  unitContactSchema,
  unitEditSchema,
  unitFormSchema,
} from '@lims/contracts';
import { customerUnits, unitContacts } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { insertRecord, uniqueOr409, updateRecord } from '../../platform/crud';
import { deleteById, deleteByIds, findById, runList, type DeleteOptions } from '../../platform/list-query';
import { parentInScope } from '../../platform/data-scope';
import { notFound, ok } from '../../platform/reply';
import { assertDictValues, deleteUnlessReferenced } from '../../platform/record-checks';
import { unitList, unitScope } from './customer-unit.entities';
import { registerCustomerUnitExcel } from './customer-unit.excel';
import { contactsOf, refuseReferencedUnits, saveContacts, withPrimaryContacts } from './customer-unit.repo';

const tags = ['客户单位'];
const idQuery = z.object({ id: z.string().max(64).optional(), _t: z.string().optional() });
const idsQuery = z.object({ ids: z.string().max(40_000).optional() });

/**
 * 客户单位 (`/khgl/unit/*`): units with their contacts (one transaction), delete refused while
 * projects use a unit. Every route reading or changing existing units is narrowed by the user's data rules.
 */
export const customerUnitRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadDict = app.dictCache.textMap;
  const checkDicts = (form: { unitType: string | null; status: string | null }) =>
    assertDictValues(app.dictCache, [
      ['unit_type', form.unitType, UNIT_MSG.typeInvalid],
      ['unit_status', form.status, UNIT_MSG.statusInvalid],
    ]);
  /** Refused while projects reference a unit. */
  const deleteUnits = (where: DeleteOptions['where'], remove: (opts: DeleteOptions) => Promise<number>) =>
    deleteUnlessReferenced(app.db, refuseReferencedUnits, (check) => remove({ where, before: check }));

  app.get(
    '/khgl/unit/queryUnits',
    {
      config: { permission: PERM.unit.list, dataScope: unitScope },
      schema: {
        tags,
        summary: '客户单位列表（含主要联系人）',
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: envelopeSchema(pageSchema(customerUnitRecordSchema)) },
      },
    },
    async (req) => {
      const page = await runList(app.db, unitList, req.query, { loadDict, where: req.dataScope });
      return ok({ records: await withPrimaryContacts(app.db, page.records), total: page.total });
    },
  );

  app.get(
    '/khgl/unit/queryKhUnit',
    {
      config: { permission: PERM.unit.list, dataScope: unitScope },
      schema: {
        tags,
        summary: '按 id 查询客户单位（含联系人）',
        querystring: idQuery,
        response: { 200: envelopeSchema(customerUnitDetailSchema) },
      },
    },
    async (req) => {
      const record = await findById(app.db, unitList, req.query.id, { where: req.dataScope, loadDict });
      if (!record) throw notFound(UNIT_MSG.notFound);
      const [withPrimary] = await withPrimaryContacts(app.db, [record]);
      return ok({ ...withPrimary, contacts: await contactsOf(app.db, String(record.id)) }, MSG.queryOk);
    },
  );

  app.get(
    '/khgl/unit/listCustomerByMainId',
    {
      config: { permission: PERM.unit.list, dataScope: unitScope },
      schema: {
        tags,
        summary: '客户单位（id）的联系人',
        querystring: idQuery,
        response: { 200: envelopeSchema(z.array(unitContactSchema)) },
      },
    },
    async (req) =>
      ok(
        await contactsOf(app.db, req.query.id ?? '', parentInScope(unitContacts.unitId, unitList, req.dataScope)),
        MSG.queryOk,
      ),
  );

  app.post(
    '/khgl/unit/add',
    {
      config: { permission: PERM.unit.add, logTitle: '客户单位-添加' },
      schema: {
        tags,
        summary: '添加客户单位（连同联系人）',
        body: unitFormSchema,
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (req) => {
      const { contacts, ...unit } = req.body;
      await checkDicts(unit);
      const by = requireUser(req).username;
      const id = await uniqueOr409(UNIT_MSG.codeTaken, () =>
        app.db.transaction(async (tx) => {
          const newId = await insertRecord(tx, customerUnits, unit, by);
          await saveContacts(
            tx,
            newId,
            (contacts ?? []).map((c) => ({ ...c, id: null })),
            by,
          );
          return newId;
        }),
      );
      return ok(id, '添加成功！');
    },
  );

  app.put(
    '/khgl/unit/edit',
    {
      config: { permission: PERM.unit.edit, logTitle: '客户单位-编辑', dataScope: unitScope },
      schema: {
        tags,
        summary: '编辑客户单位（传 contacts 时联系人按列表整体替换）',
        body: unitEditSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const { id, contacts, ...unit } = req.body;
      await checkDicts(unit);
      const by = requireUser(req).username;
      await uniqueOr409(UNIT_MSG.codeTaken, () =>
        app.db.transaction(async (tx) => {
          await updateRecord(tx, customerUnits, id, unit, by, UNIT_MSG.notFound, req.dataScope);
          if (contacts) await saveContacts(tx, id, contacts, by);
        }),
      );
      return ok(null, '编辑成功！');
    },
  );

  app.delete(
    '/khgl/unit/delete',
    {
      config: { permission: PERM.unit.delete, logTitle: '客户单位-删除', dataScope: unitScope },
      schema: {
        tags,
        summary: '删除客户单位（有检测项目时拒绝）',
        querystring: idQuery,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const n = await deleteUnits(req.dataScope, (opts) => deleteById(app.db, unitList, req.query.id, opts));
      if (n === 0) throw notFound(UNIT_MSG.notFound);
      return ok(n, '删除成功！');
    },
  );

  app.delete(
    '/khgl/unit/deleteBatch',
    {
      config: { permission: PERM.unit.delete, logTitle: '客户单位-批量删除', dataScope: unitScope },
      schema: {
        tags,
        summary: '批量删除客户单位（任一有检测项目时全部不删）',
        querystring: idsQuery,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const n = await deleteUnits(req.dataScope, (opts) => deleteByIds(app.db, unitList, req.query.ids, opts));
      return ok(n, `删除成功！共 ${n} 条`);
    },
  );

  await registerCustomerUnitExcel(app);
};
