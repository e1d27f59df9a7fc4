import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PERM, projectImportRowSchema } from '@lims/contracts';
import { registerExcelRoutes } from '../../platform/excel';
import { PROJECT_COLUMNS, projectList, projectScope } from './project.entities';
import { insertProjects } from './project-import';
import { unitNameSearch } from './project-search';
import { withProjectNames } from './project.repo';

/** The Fastify instance a route plugin of this module receives (zod type provider). */
type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * Export (the list's filters, the 委托单位 name search and the user's data rules, each batch completed
 * with unit, manager and department names), import (projects without items; numbers generated; all
 * rows or none) and the template.
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
    importSummary: '导入 .xlsx 或 .csv（multipart 字段 file；项目编号自动生成；全部成功或全部不写入）',
  });
}
