import type { FastifyInstance } from 'fastify';
import { PERM, UNIT_MSG, unitImportRowSchema, type UnitImportRow } from '@lims/contracts';
import { customerUnits } from '../../db/schema';
import { insertUniqueRows, registerExcelRoutes } from '../../platform/excel';
import { UNIT_COLUMNS, unitList, unitScope } from './customer-unit.entities';

/** 导出 / 导入 / 导入模板 of 客户单位: export follows the list's filters and data rules; import all rows or none. */
export async function registerCustomerUnitExcel(app: FastifyInstance): Promise<void> {
  await registerExcelRoutes(app, {
    base: '/khgl/unit',
    entity: unitList,
    columns: UNIT_COLUMNS,
    fileName: '客户单位',
    title: '客户单位',
    tags: ['客户单位'],
    permissions: { export: PERM.unit.export, import: PERM.unit.import },
    dataScope: unitScope,
    rowSchema: unitImportRowSchema,
    insertRows: insertUniqueRows(customerUnits, customerUnits.code, {
      value: (r: UnitImportRow) => r.code,
      title: '单位编码',
      message: UNIT_MSG.codeTaken,
    }),
    loadDict: app.dictCache.textMap,
  });
}
