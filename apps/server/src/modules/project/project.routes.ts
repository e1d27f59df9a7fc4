import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOC_NO_PREFIX,
  MSG,
  PERM,
  PROJECT_MSG,
  PROJECT_STATUS,
  envelopeSchema,
  pageSchema,
  projectDetailSchema,
  projectEditSchema,
  projectFormSchema,
  projectOptionSchema,
  projectRecordSchema,
} from '@lims/contracts';
import { projects } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { insertRecord, versionGuard } from '../../platform/crud';
import {
  deleteById,
  deleteByIds,
  findById,
  keywordParams,
  runList,
  type DeleteOptions,
} from '../../platform/list-query';
import { conflict, notFound, ok } from '../../platform/reply';
import { removeAttachments, unlinkStoredFiles } from './attachment.repo';
import { projectList, projectScope } from './project.entities';
import { takeDocNos } from '../../platform/doc-no';
import { unitNameSearch } from './project-search';
import { itemsOf, refuseProjectsWithSamples, saveItems, withProjectNames } from './project.repo';
import { deleteUnlessReferenced } from '../../platform/record-checks';
import { assertTransition, projectValues, writeProject } from './project.service';
import { registerProjectExcel } from './project.excel';

const tags = ['检测项目'];
const idQuery = z.object({ id: z.string().max(64).optional(), _t: z.string().optional() });
const idsQuery = z.object({ ids: z.string().max(40_000).optional() });
/** Most options one picker call answers (narrow them with `keyword`). */
const PICKER_LIMIT = 200;

/**
 * 检测项目 (`/project/jcXmProject/*`): generated numbers, test items, status moves, attachments
 * removed with the project. Every route reading or changing existing projects is narrowed by the
 * user's data rules.
 */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const loadDict = app.dictCache.textMap;
  /**
   * Deletes projects with their attachments' rows in the transaction, then their stored files;
   * refused while samples are registered under a project.
   */
  const deleteProjects = async (where: DeleteOptions['where'], remove: (opts: DeleteOptions) => Promise<number>) => {
    const paths: string[] = [];
    const n = await deleteUnlessReferenced(app.db, refuseProjectsWithSamples, (check) =>
      remove({
        where,
        before: async (tx, list) => {
          await check(tx, list);
          paths.push(...(await removeAttachments(tx, { projectIds: list })));
        },
      }),
    );
    await unlinkStoredFiles(app.fileStorage, paths);
    return n;
  };

  app.get(
    '/project/jcXmProject/list',
    {
      config: { permission: PERM.project.list, dataScope: projectScope },
      schema: {
        tags,
        summary: '检测项目列表（含委托单位、负责人、部门名称；customerUnitName 按委托单位名称查询）',
        querystring: z.record(z.string(), z.unknown()),
        response: { 200: envelopeSchema(pageSchema(projectRecordSchema)) },
      },
    },
    async (req) => {
      const { params, where } = unitNameSearch(req.query);
      const page = await runList(app.db, projectList, params, { loadDict, where: and(where, req.dataScope) });
      return ok({ records: await withProjectNames(app.db, page.records), total: page.total });
    },
  );

  app.get(
    '/project/jcXmProject/queryById',
    {
      config: { permission: PERM.project.list, dataScope: projectScope },
      schema: {
        tags,
        summary: '按 id 查询检测项目（含检测明细）',
        querystring: idQuery,
        response: { 200: envelopeSchema(projectDetailSchema) },
      },
    },
    async (req) => {
      const record = await findById(app.db, projectList, req.query.id, { where: req.dataScope, loadDict });
      if (!record) throw notFound(PROJECT_MSG.notFound);
      const [named] = await withProjectNames(app.db, [record]);
      return ok({ ...named, items: await itemsOf(app.db, String(record.id)) }, MSG.queryOk);
    },
  );

  app.get(
    '/project/jcXmProject/queryProject',
    {
      config: { access: 'login', dataScope: projectScope },
      schema: {
        tags,
        summary: `项目选择（id、编号、名称；keyword 匹配编号或名称；最新在前，最多 ${PICKER_LIMIT} 条）`,
        querystring: z.object({ keyword: z.string().max(100).optional(), _t: z.string().optional() }),
        response: { 200: envelopeSchema(z.array(projectOptionSchema)) },
      },
    },
    async (req) => {
      const params = {
        ...keywordParams(req.query.keyword, ['projectNo', 'name']),
        field: 'id,projectNo,name',
        pageSize: String(PICKER_LIMIT),
      };
      const page = await runList(app.db, projectList, params, { where: req.dataScope });
      return ok(
        page.records.map((r) => ({ id: String(r.id), projectNo: String(r.projectNo), name: String(r.name) })),
        MSG.queryOk,
      );
    },
  );

  app.post(
    '/project/jcXmProject/add',
    {
      config: { permission: PERM.project.add, logTitle: '检测项目-添加' },
      schema: {
        tags,
        summary: '添加检测项目（编号自动生成，状态为待受理；连同检测明细）',
        body: projectFormSchema,
        response: { 200: envelopeSchema(z.string()) },
      },
    },
    async (req) => {
      const { items, ...form } = req.body;
      const by = requireUser(req).username;
      const values = await projectValues(app, form);
      const [projectNo] = await takeDocNos(app.db, DOC_NO_PREFIX.project);
      const id = await writeProject(() =>
        app.db.transaction(async (tx) => {
          const newId = await insertRecord(tx, projects, { ...values, projectNo, status: PROJECT_STATUS.pending }, by);
          await saveItems(tx, newId, items ?? [], by);
          return newId;
        }),
      );
      return ok(id, `添加成功！项目编号：${projectNo}`);
    },
  );

  app.put(
    '/project/jcXmProject/edit',
    {
      config: { permission: PERM.project.edit, logTitle: '检测项目-编辑', dataScope: projectScope },
      schema: {
        tags,
        summary: '编辑检测项目（状态按流转规则；传 items 时检测明细按列表整体替换）',
        body: projectEditSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const { id, items, status, version, ...form } = req.body;
      const by = requireUser(req).username;
      const [current] = await app.db
        .select({ status: projects.status })
        .from(projects)
        .where(and(eq(projects.id, id), req.dataScope))
        .limit(1);
      if (!current) throw notFound(PROJECT_MSG.notFound);
      const next = status ?? current.status;
      await assertTransition(app, current.status, next);
      const values = await projectValues(app, form);
      await writeProject(() =>
        app.db.transaction(async (tx) => {
          const guard = versionGuard(projects, version);
          const updated = await tx
            .update(projects)
            .set({ ...values, ...guard.set, status: next, updateBy: by, updateTime: sql`now()` })
            .where(and(eq(projects.id, id), eq(projects.status, current.status), req.dataScope, guard.where))
            .returning({ id: projects.id });
          if (updated.length === 0)
            throw conflict(version === undefined ? PROJECT_MSG.changedMeanwhile : MSG.staleEdit);
          if (items) await saveItems(tx, id, items, by);
        }),
      );
      return ok(null, '编辑成功！');
    },
  );

  app.delete(
    '/project/jcXmProject/delete',
    {
      config: { permission: PERM.project.delete, logTitle: '检测项目-删除', dataScope: projectScope },
      schema: {
        tags,
        summary: '删除检测项目（连同检测明细和附件文件）',
        querystring: idQuery,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const n = await deleteProjects(req.dataScope, (opts) => deleteById(app.db, projectList, req.query.id, opts));
      if (n === 0) throw notFound(PROJECT_MSG.notFound);
      return ok(n, '删除成功！');
    },
  );

  app.delete(
    '/project/jcXmProject/deleteBatch',
    {
      config: { permission: PERM.project.delete, logTitle: '检测项目-批量删除', dataScope: projectScope },
      schema: {
        tags,
        summary: '批量删除检测项目（ids 逗号分隔）',
        querystring: idsQuery,
        response: { 200: envelopeSchema(z.number()) },
      },
    },
    async (req) => {
      const n = await deleteProjects(req.dataScope, (opts) => deleteByIds(app.db, projectList, req.query.ids, opts));
      return ok(n, `删除成功！共 ${n} 条`);
    },
  );

  await registerProjectExcel(app);
};
