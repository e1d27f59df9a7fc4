import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  PERM,
  SAMPLE_BATCH_MAX,
  SAMPLE_MSG,
  envelopeSchema,
  pageSchema,
  sampleAddResultSchema,
  sampleAddSchema,
  sampleEditSchema,
  sampleReceiveSchema,
  sampleRecordSchema,
  sampleReturnSchema,
} from '@lims/contracts';
import { projects, samples } from '../../../db/schema';
import { requireUser } from '../../../plugins/auth';
import { EXPORT_BATCH_SIZE, exportQuery, sendXlsxExport } from '../../../platform/excel';
import { contentDisposition } from '../../../platform/files';
import { findById, iterateList, parseIdList, runList, type ListRecord } from '../../../platform/list-query';
import { badRequest, notFound, ok } from '../../../platform/reply';
import { toDateTime } from '../../../platform/time';
import { projectScope } from '../../project';
import { registerHistoryRoute } from '../audit.routes';
import { readLimsSettings } from '../settings';
import { renderLabels } from './sample-labels';
import { SAMPLE_COLUMNS, sampleList, sampleScope } from './sample.entities';
import { withSampleNames } from './sample.repo';
import { deleteSamples, editSample } from './sample-changes';
import { receiveSamples, registerSamples, returnSamples } from './sample.service';

const tags = ['样品管理'];
const base = '/lims/sample';
const idQuery = z.object({ id: z.string().max(64).optional(), _t: z.string().optional() });
const idsQuery = z.object({ ids: z.string().max(40_000).optional(), _t: z.string().optional() });
const countResult = { 200: envelopeSchema(z.number()) };

/** 样品管理 (`/lims/sample/*`): every route reading or changing samples is narrowed by the user's data rules. */
export const sampleRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadDict = app.dictCache.textMap;
  const ids = (raw: string | undefined) => {
    const list = parseIdList(raw, 'ids', SAMPLE_BATCH_MAX);
    if (list.length === 0) throw badRequest(SAMPLE_MSG.idsRequired);
    return list;
  };

  app.get(
    `${base}/list`,
    {
      config: { permission: PERM.sample.list, dataScope: sampleScope },
      schema: {
        tags,
        summary: '样品列表（含项目编号、项目名称、接收人姓名；sampleNo 精确查询即扫码查询）',
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: envelopeSchema(pageSchema(sampleRecordSchema)) },
      },
    },
    async (req) => {
      const page = await runList(app.db, sampleList, req.query, { loadDict, where: req.dataScope });
      return ok({ records: await withSampleNames(app.db, page.records), total: page.total });
    },
  );

  app.get(
    `${base}/queryById`,
    {
      config: { permission: PERM.sample.list, dataScope: sampleScope },
      schema: {
        tags,
        summary: '按 id 查询样品',
        querystring: idQuery,
        response: { 200: envelopeSchema(sampleRecordSchema) },
      },
    },
    async (req) => {
      const record = await findById(app.db, sampleList, req.query.id, { where: req.dataScope, loadDict });
      if (!record) throw notFound(SAMPLE_MSG.notFound);
      const [named] = await withSampleNames(app.db, [record]);
      return ok(named, MSG.queryOk);
    },
  );

  app.post(
    `${base}/add`,
    {
      // A project outside the user's 检测项目 data rules takes no samples from him (as if it did not exist).
      config: { permission: PERM.sample.add, logTitle: '样品-登记', dataScope: projectScope },
      schema: {
        tags,
        summary: `批量登记样品（一个检测项目下 1–${SAMPLE_BATCH_MAX} 个；编号 YP+日期+序号；待受理项目转为进行中）`,
        body: sampleAddSchema,
        response: { 200: envelopeSchema(sampleAddResultSchema) },
      },
    },
    async (req) => {
      const result = await registerSamples(app, requireUser(req), req.body, req.dataScope);
      return ok(result, `登记成功！共 ${result.ids.length} 个样品`);
    },
  );

  app.put(
    `${base}/edit`,
    {
      config: { permission: PERM.sample.edit, logTitle: '样品-编辑', dataScope: sampleScope },
      schema: {
        tags,
        summary: '编辑样品（接收后须填写修改原因 reason）',
        body: sampleEditSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      await editSample(app, requireUser(req), req.dataScope, req.body);
      return ok(null, '编辑成功！');
    },
  );

  app.post(
    `${base}/receive`,
    {
      config: { permission: PERM.sample.receive, logTitle: '样品-接收', dataScope: sampleScope },
      schema: {
        tags,
        summary: '接收样品（一个或多个待接收样品；按项目检测明细生成检测任务）',
        body: sampleReceiveSchema,
        response: { 200: envelopeSchema(z.object({ samples: z.number(), analyses: z.number() })) },
      },
    },
    async (req) => {
      const result = await receiveSamples(app, requireUser(req), req.dataScope, req.body);
      return ok(result, `接收成功！共 ${result.samples} 个样品，生成 ${result.analyses} 个检测任务`);
    },
  );

  app.post(
    `${base}/return`,
    {
      config: { permission: PERM.sample.return, logTitle: '样品-退回', dataScope: sampleScope },
      schema: {
        tags,
        summary: '退回样品（须填写原因；已录入结果的不能退回）',
        body: sampleReturnSchema,
        response: countResult,
      },
    },
    async (req) => {
      const n = await returnSamples(app, requireUser(req), req.dataScope, req.body);
      return ok(n, `退回成功！共 ${n} 个样品`);
    },
  );

  app.delete(
    `${base}/delete`,
    {
      config: { permission: PERM.sample.delete, logTitle: '样品-删除', dataScope: sampleScope },
      schema: { tags, summary: '删除样品（仅待接收）', querystring: idQuery, response: countResult },
    },
    async (req) => {
      const n = await deleteSamples(app, requireUser(req), req.dataScope, ids(req.query.id));
      return ok(n, '删除成功！');
    },
  );

  app.delete(
    `${base}/deleteBatch`,
    {
      config: { permission: PERM.sample.delete, logTitle: '样品-批量删除', dataScope: sampleScope },
      schema: {
        tags,
        summary: '批量删除样品（ids 逗号分隔；全部为待接收才删除）',
        querystring: idsQuery,
        response: countResult,
      },
    },
    async (req) => {
      const n = await deleteSamples(app, requireUser(req), req.dataScope, ids(req.query.ids));
      return ok(n, `删除成功！共 ${n} 条`);
    },
  );

  app.get(
    `${base}/labels`,
    {
      config: { permission: PERM.sample.label, queryToken: true, logTitle: '样品-打印标签', dataScope: sampleScope },
      schema: {
        tags,
        summary: '样品标签 PDF（ids 逗号分隔；Code 128 条码和二维码；尺寸见实验室设置）',
        querystring: idsQuery,
      },
    },
    async (req, reply) => {
      const list = ids(req.query.ids);
      const rows = await app.db
        .select({
          id: samples.id,
          sampleNo: samples.sampleNo,
          name: samples.name,
          receivedAt: samples.receivedAt,
          projectName: projects.name,
        })
        .from(samples)
        .leftJoin(projects, eq(projects.id, samples.projectId))
        .where(and(inArray(samples.id, list), req.dataScope));
      if (rows.length < list.length) throw notFound(SAMPLE_MSG.notFound);
      const order = new Map(list.map((id, i) => [id, i]));
      rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
      const pdf = await renderLabels(
        rows.map((r) => ({
          sampleNo: r.sampleNo,
          projectName: r.projectName,
          sampleName: r.name,
          receivedDate: toDateTime(r.receivedAt)?.slice(0, 10) ?? null,
        })),
        await readLimsSettings(app.db),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('样品标签.pdf', 'inline'))
        .send(pdf);
    },
  );

  app.get(
    `${base}/exportXls`,
    {
      config: { permission: PERM.sample.export, queryToken: true, logTitle: '样品-导出', dataScope: sampleScope },
      schema: {
        tags,
        summary: '导出样品.xlsx（列表查询参数；selections 限定 id）',
        querystring: z.record(z.string(), z.unknown()),
      },
    },
    async (req, reply) => {
      const rows = iterateList(app.db, sampleList, exportQuery(req.query), {
        batchSize: EXPORT_BATCH_SIZE,
        where: req.dataScope,
        loadDict,
      });
      async function* named(): AsyncGenerator<ListRecord[]> {
        for await (const batch of rows) yield await withSampleNames(app.db, batch);
      }
      return sendXlsxExport(reply, { fileName: '样品', columns: SAMPLE_COLUMNS, batches: named(), loadDict });
    },
  );

  registerHistoryRoute(app, { base, entity: 'sample', scope: sampleScope, tags });
};
