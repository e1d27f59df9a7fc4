import type { FastifyInstance } from 'fastify';
import { PERM, SUPPLIER_MSG, supplierFormSchema, type SupplierForm } from '@lims/contracts';
import { suppliers } from '../../db/schema';
import { insertUniqueRows, registerExcelRoutes } from '../../platform/excel';
import { SUPPLIER_COLUMNS, supplierList, supplierScope } from './supplier.entities';

/** 导出 / 导入 / 导入模板 of 供应商管理: export follows the list's filters and data rules; import all rows or none. */
export async function registerSupplierExcel(app: FastifyInstance): Promise<void> {
  await registerExcelRoutes(app, {
    base: '/gysgl/supplier',
    entity: supplierList,
    columns: SUPPLIER_COLUMNS,
    fileName: '供应商信息',
    title: '供应商管理',
    tags: ['供应商管理'],
    permissions: { export: PERM.supplier.export, import: PERM.supplier.import },
    dataScope: supplierScope,
    rowSchema: supplierFormSchema,
    insertRows: insertUniqueRows(suppliers, suppliers.code, {
      value: (r: SupplierForm) => r.code,
      title: '供应商编码',
      message: SUPPLIER_MSG.codeTaken,
    }),
    loadDict: app.dictCache.textMap,
  });
}
