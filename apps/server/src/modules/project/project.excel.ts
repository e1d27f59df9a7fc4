import { and } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PERM, envelopeSchema, projectImportRowSchema } from '@lims/contracts';
import { requireUser } from '../../plugins/auth';
import {
  EXCEL_MSG,
  EXPORT_BATCH_SIZE,
  buildImportTemplate,
  exportQuery,
  importExcelUpload,
  loadColumnDicts,
  sendXlsxExport,
  setXlsxHeaders,
} from '../../platform/excel';
import { ensureMultipart } from '../../platform/files';
import { iterateList, type ListRecord } from '../../platform/list-query';
import { ok } from '../../platform/reply';
import { PROJECT_COLUMNS, projectList, projectScope } from './project.entities';
import { insertProjects } from './project-import';
import { unitNameSearch } from './project-search';
import { withProjectNames } from './project.repo';

const tags = ['检测项目'];
const FILE_NAME = '检测项目';
const TITLE = '检测项目';

/** The Fastify instance a route plugin of this module receives (zod type provider). */
type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Export (the list's filters and the user's data rules, with unit, manager and department names), import (projects without
 * items; numbers generated; all rows or none) and the template. Built from the excel platform's
 * parts rather than registerExcelRoutes because the export completes each batch with names that
 * the list entity (one table) does not carry.
 */
export async function registerProjectExcel(app: App): Promise<void> {
  await ensureMultipart(app);
  const loadDict = app.dictCache.textMap;

  app.get(
    '/project/jcXmProject/exportXls',
    {
      config: { permission: PERM.project.export, queryToken: true, logTitle: `${TITLE}-导出`, dataScope: projectScope },
      schema: {
        tags,
        summary: `导出 ${FILE_NAME}.xlsx（列表查询参数或 paramsStr；selections 限定 id）`,
        querystring: z.record(z.string(), z.unknown()),
      },
    },
    async (req, reply) => {
      const { params, where } = unitNameSearch(exportQuery(req.query));
      const rows = iterateList(app.db, projectList, params, {
        loadDict,
        where: and(where, req.dataScope),
        batchSize: EXPORT_BATCH_SIZE,
      });
      async function* named(): AsyncGenerator<ListRecord[]> {
        for await (const batch of rows) yield await withProjectNames(app.db, batch);
      }
      return sendXlsxExport(reply, { fileName: FILE_NAME, columns: PROJECT_COLUMNS, batches: named(), loadDict });
    },
  );

  app.post(
    '/project/jcXmProject/importExcel',
    {
      config: { permission: PERM.project.import, queryToken: true, logTitle: `${TITLE}-导入` },
      schema: {
        tags,
        summary: '导入 .xlsx 或 .csv（multipart 字段 file；项目编号自动生成；全部成功或全部不写入）',
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const rows = await importExcelUpload(app, req, requireUser(req), {
        columns: PROJECT_COLUMNS,
        rowSchema: projectImportRowSchema,
        insertRows: insertProjects,
        loadDict,
      });
      return ok(null, EXCEL_MSG.importOk(rows));
    },
  );

  app.get(
    '/project/jcXmProject/importTemplate',
    {
      config: { permission: PERM.project.import, queryToken: true, noLog: true },
      schema: { tags, summary: `下载 ${FILE_NAME} 导入模板` },
    },
    async (_req, reply) => {
      const dicts = await loadColumnDicts(PROJECT_COLUMNS, loadDict);
      const buffer = await buildImportTemplate(PROJECT_COLUMNS, { sheetName: FILE_NAME, dicts });
      return setXlsxHeaders(reply, `${FILE_NAME}导入模板`).send(buffer);
    },
  );
}
