import { and, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelopeSchema, type PermissionCode } from '@lims/contracts';
import { requireUser } from '../../plugins/auth';
import type { DataScopeSpec } from '../data-scope';
import { ensureMultipart } from '../files/multipart';
import { iterateList, type DictLoader, type ListEntity, type ListQueryOptions, type ListRecord } from '../list-query';
import { ok } from '../reply';
import { assertColumns, loadColumnDicts, type ExcelColumn } from './columns';
import { exportQuery, sendXlsxExport, setXlsxHeaders } from './export-xlsx';
import { importExcelUpload, type InsertRows } from './import-excel';
import { EXCEL_MSG } from './messages';
import type { ImportLimits } from './read-file';
import { buildImportTemplate } from './template';

/**
 * Rows read per query while exporting. The engine continues each batch after the last key, so a
 * batch costs the same however deep; small batches keep memory low (10 000-row batches raised the
 * peak RSS of a 200 000-row export by ~140 MB for the same CPU time).
 */
export const EXPORT_BATCH_SIZE = 1000;

export type ExcelRoutesOptions<S extends z.ZodType> = {
  /** Route prefix under the API base, e.g. '/gysgl/supplier'. */
  base: string;
  /** The list entity whose filters drive the export. */
  entity: ListEntity;
  columns: readonly ExcelColumn[];
  /** Download name without extension (e.g. 供应商信息); also the sheet name. */
  fileName: string;
  permissions: { export: PermissionCode; import: PermissionCode };
  /** The add form's schema, applied to every imported row. */
  rowSchema: S;
  insertRows: InsertRows<z.output<S>>;
  /** value → text of a dictionary code (e.g. `app.dictCache.textMap`). */
  loadDict?: DictLoader;
  /** A fixed condition of the export query, per request. */
  listOptions?: (req: FastifyRequest) => ListQueryOptions;
  /** Turns query parameters the list entity does not know into a condition (e.g. a search in another table). */
  exportParams?: (params: Record<string, unknown>) => { params: Record<string, unknown>; where?: SQL };
  /** Completes each exported batch with what the list entity does not carry (e.g. names from other tables). */
  completeBatch?: (rows: ListRecord[]) => Promise<ListRecord[]>;
  /**
   * A second sheet of detail rows (e.g. a project's test items), written after the main sheet: the
   * exported records, reduced to `parentFields`, are kept batch by batch and `load` turns each such
   * batch into its detail rows. The import reads the first sheet only, so the file re-imports.
   */
  detailSheet?: {
    name: string;
    columns: readonly ExcelColumn[];
    parentFields: readonly string[];
    load: (parents: ListRecord[]) => Promise<ListRecord[]>;
  };
  /** OpenAPI summary of the import route when it says more than the default. */
  importSummary?: string;
  /** The data rules (数据规则) narrowing the export: the entity's list and its menu's list code. */
  dataScope?: DataScopeSpec;
  limits?: Partial<ImportLimits>;
  /** Rows per export query (default EXPORT_BATCH_SIZE). */
  exportBatchSize?: number;
  /** Route names when they differ from exportXls / importExcel / importTemplate. */
  paths?: { export?: string; import?: string; template?: string };
  /** Called once an import has committed (e.g. to drop a cache). */
  afterImport?: () => void;
  /** Module title for the operation log, e.g. 供应商管理. */
  title?: string;
  tags?: string[];
};

/**
 * Declares `GET <base>/exportXls` (streamed .xlsx of the list query; `paramsStr` or plain params;
 * `selections`; token accepted as a query param), `POST <base>/importExcel` (multipart .xlsx/.csv,
 * all rows or none) and `GET <base>/importTemplate` for an entity. Call it inside a module plugin.
 */
export async function registerExcelRoutes<S extends z.ZodType>(
  app: FastifyInstance,
  opts: ExcelRoutesOptions<S>,
): Promise<void> {
  assertColumns(opts.columns);
  await ensureMultipart(app);
  const title = opts.title ?? opts.fileName;
  const tags = opts.tags ?? [title];
  const paths = { export: 'exportXls', import: 'importExcel', template: 'importTemplate', ...opts.paths };

  app.get(
    `${opts.base}/${paths.export}`,
    {
      config: {
        permission: opts.permissions.export,
        queryToken: true,
        logTitle: `${title}-导出`,
        dataScope: opts.dataScope,
      },
      schema: {
        tags,
        summary: `导出 ${opts.fileName}.xlsx（列表查询参数或 paramsStr；selections 限定 id）`,
        querystring: z.record(z.string(), z.unknown()),
      },
    },
    async (req, reply) => {
      const fixed = opts.listOptions?.(req);
      const query = exportQuery(req.query as Record<string, unknown>);
      const { params, where } = opts.exportParams?.(query) ?? { params: query };
      const rows = iterateList(app.db, opts.entity, params, {
        ...fixed,
        where: and(fixed?.where, where, req.dataScope),
        loadDict: opts.loadDict,
        batchSize: opts.exportBatchSize ?? EXPORT_BATCH_SIZE,
      });
      const complete = opts.completeBatch;
      const detail = opts.detailSheet;
      const parents: ListRecord[][] = [];
      async function* completed(): AsyncGenerator<ListRecord[]> {
        for await (const batch of rows) {
          if (detail) parents.push(batch.map((r) => Object.fromEntries(detail.parentFields.map((f) => [f, r[f]]))));
          yield complete ? await complete(batch) : batch;
        }
      }
      async function* details(): AsyncGenerator<ListRecord[]> {
        if (!detail) return;
        for (let i = 0; i < parents.length; i++) {
          const batch = parents[i];
          parents[i] = [];
          yield await detail.load(batch);
        }
      }
      return sendXlsxExport(reply, {
        fileName: opts.fileName,
        columns: opts.columns,
        batches: completed(),
        loadDict: opts.loadDict,
        extraSheets: detail ? [{ name: detail.name, columns: detail.columns, batches: details }] : undefined,
      });
    },
  );

  app.post(
    `${opts.base}/${paths.import}`,
    {
      config: { permission: opts.permissions.import, queryToken: true, logTitle: `${title}-导入` },
      schema: {
        tags,
        summary: opts.importSummary ?? `导入 .xlsx 或 .csv（multipart 字段 file；全部成功或全部不写入）`,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const rows = await importExcelUpload(app, req, requireUser(req), opts);
      opts.afterImport?.();
      return ok(null, EXCEL_MSG.importOk(rows));
    },
  );

  registerImportTemplate(app, {
    path: `${opts.base}/${paths.template}`,
    permission: opts.permissions.import,
    columns: opts.columns,
    fileName: opts.fileName,
    loadDict: opts.loadDict,
    tags,
  });
}

/**
 * Declares `GET <path>`: the import template (.xlsx with the columns' titles and their dictionaries'
 * choices). Part of registerExcelRoutes; alone for a module whose import answers more than a count.
 */
export function registerImportTemplate(
  app: FastifyInstance,
  opts: {
    path: string;
    permission: PermissionCode;
    columns: readonly ExcelColumn[];
    fileName: string;
    loadDict?: DictLoader;
    tags: string[];
    summary?: string;
  },
): void {
  app.get(
    opts.path,
    {
      config: { permission: opts.permission, queryToken: true, noLog: true },
      schema: { tags: opts.tags, summary: opts.summary ?? `下载 ${opts.fileName} 导入模板` },
    },
    async (_req, reply) => {
      const dicts = await loadColumnDicts(opts.columns, opts.loadDict);
      const buffer = await buildImportTemplate(opts.columns, { sheetName: opts.fileName, dicts });
      return setXlsxHeaders(reply, `${opts.fileName}导入模板`).send(buffer);
    },
  );
}
