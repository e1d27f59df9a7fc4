import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and } from 'drizzle-orm';
import { PERM, envelopeSchema, userImportResultSchema, userImportRowSchema } from '@lims/contracts';
import { requireUser } from '../../plugins/auth';
import {
  EXCEL_MSG,
  exportQuery,
  importExcelUpload,
  sendXlsxExport,
  registerImportTemplate,
  type ExcelColumn,
} from '../../platform/excel';
import { ensureMultipart } from '../../platform/files/multipart';
import { iterateList, type ListRecord } from '../../platform/list-query';
import { ok } from '../../platform/reply';
import { optionalIdParam, userInDepart, userList, userScope } from './user.entities';
import { withDepartNames } from './user.repo';
import { userImporter, type GeneratedPassword } from './user-import';

const tags = ['用户管理'];
const FILE_NAME = '用户信息';
/** Generated passwords cost an argon2 hash each: imports stay at most this many rows. */
const MAX_IMPORT_ROWS = 1000;

const PROFILE_COLUMNS: ExcelColumn[] = [
  { field: 'username', title: '账号', type: 'string', required: true },
  { field: 'realname', title: '姓名', type: 'string', required: true },
  { field: 'sex', title: '性别', type: 'string', dict: 'sex' },
  { field: 'birthday', title: '生日', type: 'date' },
  { field: 'phone', title: '手机号码', type: 'string', width: 14 },
  { field: 'email', title: '邮箱', type: 'string', width: 24 },
  { field: 'workNo', title: '工号', type: 'string' },
  { field: 'post', title: '职务', type: 'string' },
  { field: 'telephone', title: '座机', type: 'string', width: 14 },
];
const EXPORT_COLUMNS: ExcelColumn[] = [
  ...PROFILE_COLUMNS,
  { field: 'departNames', title: '部门', type: 'string', width: 30 },
  { field: 'status', title: '状态', type: 'string', dict: 'user_status' },
  { field: 'createTime', title: '创建时间', type: 'datetime' },
];
const IMPORT_COLUMNS: ExcelColumn[] = [
  ...PROFILE_COLUMNS,
  { field: 'roleCodes', title: '角色编码', type: 'string', width: 20 },
  { field: 'orgCodes', title: '部门编码', type: 'string', width: 20 },
];

/** The Fastify instance a route plugin of this module receives (zod type provider). */
type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * 用户管理 export / import / template. Export follows the list's filters (departId and the user's
 * data rules too) and never
 * carries a secret. Import: all rows or none; each user gets a generated policy password (hashed,
 * must be changed at first sign-in), listed once in the answer for the administrator to hand over.
 */
export async function registerUserExcel(app: App): Promise<void> {
  await ensureMultipart(app);
  const loadDict = app.dictCache.textMap;

  app.get(
    '/sys/user/exportXls',
    {
      config: { permission: PERM.user.export, queryToken: true, logTitle: '用户管理-导出', dataScope: userScope },
      schema: {
        tags,
        summary: `导出 ${FILE_NAME}.xlsx（列表查询参数、departId 或 paramsStr；selections 限定 id）`,
        querystring: z.object({ departId: optionalIdParam }).catchall(z.unknown()),
      },
    },
    async (req, reply) => {
      const { departId, ...params } = exportQuery(req.query) as { departId?: string } & Record<string, unknown>;
      const where = and(departId ? await userInDepart(app.db, departId, true) : undefined, req.dataScope);
      const batches = iterateList(app.db, userList, params, { where, loadDict, batchSize: 2000 });
      async function* named(): AsyncGenerator<ListRecord[]> {
        for await (const batch of batches) yield await withDepartNames(app.db, batch);
      }
      return sendXlsxExport(reply, { fileName: FILE_NAME, columns: EXPORT_COLUMNS, batches: named(), loadDict });
    },
  );

  app.post(
    '/sys/user/importExcel',
    {
      config: { permission: PERM.user.import, queryToken: true, logTitle: '用户管理-导入' },
      schema: {
        tags,
        summary: `导入用户（.xlsx/.csv，全部成功或全部不写入，最多 ${MAX_IMPORT_ROWS} 行）；答复中一次性列出生成的初始密码`,
        response: { 200: envelopeSchema(userImportResultSchema) },
      },
    },
    async (req, reply) => {
      const generated: GeneratedPassword[] = [];
      const count = await importExcelUpload(app, req, requireUser(req), {
        columns: IMPORT_COLUMNS,
        rowSchema: userImportRowSchema,
        insertRows: userImporter(app, generated),
        loadDict,
        limits: { maxRows: MAX_IMPORT_ROWS },
      });
      reply.header('cache-control', 'no-store');
      return ok({ count, passwords: generated }, EXCEL_MSG.importOk(count));
    },
  );

  registerImportTemplate(app, {
    path: '/sys/user/importTemplate',
    permission: PERM.user.import,
    columns: IMPORT_COLUMNS,
    fileName: FILE_NAME,
    loadDict,
    tags,
    summary: `下载 ${FILE_NAME} 导入模板（角色编码、部门编码可填多个，逗号分隔）`,
  });
}
