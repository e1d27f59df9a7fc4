import { asc, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PERM, projectImportRowSchema } from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { projectItems } from '../../db/schema';
import { registerExcelRoutes } from '../../platform/excel';
import type { ListRecord } from '../../platform/list-query';
import { PROJECT_COLUMNS, PROJECT_ITEM_COLUMNS, projectList, projectScope } from './project.entities';
import { insertProjects } from './project-import';
import { unitNameSearch } from './project-search';
import { withProjectNames } from './project.repo';

/** The Fastify instance a route plugin of this module receives (zod type provider). */
type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * The 检测明细 rows of exported projects (`{ id, projectNo }`), in the projects' order and each
 * project's table order, each carrying its project's number.
 */
export async function itemsForExport(db: DbOrTx, parents: ListRecord[]): Promise<ListRecord[]> {
  const ids = parents.map((p) => String(p.id));
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      projectId: projectItems.projectId,
      itemName: projectItems.itemName,
      standard: projectItems.standard,
      codeLines: projectItems.codeLines,
      unit: projectItems.unit,
      specMin: projectItems.specMin,
      specMax: projectItems.specMax,
      specText: projectItems.specText,
      remark: projectItems.remark,
    })
    .from(projectItems)
    .where(inArray(projectItems.projectId, ids))
    .orderBy(asc(projectItems.sortNo), asc(projectItems.id));
  const byProject = new Map<string, ListRecord[]>();
  for (const r of rows) byProject.set(r.projectId, [...(byProject.get(r.projectId) ?? []), r]);
  return parents.flatMap((p) =>
    (byProject.get(String(p.id)) ?? []).map((item) => ({ projectNo: p.projectNo, ...item })),
  );
}

/**
 * Export (the list's filters, the 委托单位 name search and the user's data rules, each batch completed
 * with unit, manager and department names), import (projects without items; numbers generated; all
 * rows or none) and the template. The export's second sheet 检测明细 lists the projects' test items,
 * each row with its 项目编号; the import reads the first sheet only, so an exported file re-imports
 * its projects (the items are not imported: imported projects get new numbers).
 */
export async function registerProjectExcel(app: App): Promise<void> {
  await registerExcelRoutes(app, {
    base: '/project/jcXmProject',
    entity: projectList,
    columns: PROJECT_COLUMNS,
    fileName: '检测项目',
    permissions: { export: PERM.project.export, import: PERM.project.import },
    dataScope: projectScope,
    rowSchema: projectImportRowSchema,
    insertRows: insertProjects,
    loadDict: app.dictCache.textMap,
    exportParams: unitNameSearch,
    completeBatch: (rows) => withProjectNames(app.db, rows),
    detailSheet: {
      name: '检测明细',
      columns: PROJECT_ITEM_COLUMNS,
      parentFields: ['id', 'projectNo'],
      load: (parents) => itemsForExport(app.db, parents),
    },
    importSummary: '导入 .xlsx 或 .csv（multipart 字段 file；项目编号自动生成；全部成功或全部不写入）',
  });
}
