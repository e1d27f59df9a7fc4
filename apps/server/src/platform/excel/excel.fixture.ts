/** Test helper: the excel routes registered on a small test module over `suppliers`. */
import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PERM, requiredError } from '@lims/contracts';
import type { Db } from '../../db/client';
import { dictItems, dicts, suppliers } from '../../db/schema';
import { defineListEntity, type DictLoader } from '../list-query';
import { insertInChunks, registerExcelRoutes, type ExcelColumn, type ImportRowError } from './index';

export const TEST_DICT = 'xltest_status';
export const TEST_DICT_ITEMS: [value: string, text: string][] = [
  ['1', '合格'],
  ['2', '待评估'],
  ['3', '@停用'],
];
export const BASE = '/api/test/supplier';

export const supplierEntity = defineListEntity({
  table: suppliers,
  fields: {
    code: suppliers.code,
    name: suppliers.name,
    supplierType: suppliers.supplierType,
    status: suppliers.status,
    qualificationExpiry: suppliers.qualificationExpiry,
    email: suppliers.email,
    remark: suppliers.remark,
  },
  dict: { supplierType: 'supplier_type', status: TEST_DICT },
});

export const supplierColumns: ExcelColumn[] = [
  { field: 'code', title: '供应商编码', type: 'string', required: true, width: 14 },
  { field: 'name', title: '供应商名称', type: 'string', required: true, width: 30 },
  { field: 'supplierType', title: '供应商类型', type: 'string', dict: 'supplier_type' },
  { field: 'status', title: '状态', type: 'string', dict: TEST_DICT },
  { field: 'qualificationExpiry', title: '资质有效期', type: 'date' },
  { field: 'email', title: '邮箱', type: 'string' },
  { field: 'remark', title: '备注', type: 'string' },
  { field: 'createTime', title: '创建时间', type: 'datetime', exportOnly: true },
];

const optional = (max: number) => z.string().trim().max(max).optional();
export const supplierRowSchema = z.object({
  code: z.string(requiredError('请输入供应商编码')).trim().min(1, '请输入供应商编码').max(64),
  name: z.string(requiredError('请输入供应商名称')).trim().min(1, '请输入供应商名称').max(200),
  supplierType: optional(10),
  status: optional(10),
  qualificationExpiry: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  email: z.email('邮箱格式不正确').optional(),
  remark: optional(500),
});

/** Dictionary texts read straight from the tables (the app's dictionary cache belongs to another module). */
export function dbDictLoader(db: Db): DictLoader {
  return async (code) => {
    const rows = await db
      .select({ value: dictItems.itemValue, text: dictItems.itemText })
      .from(dictItems)
      .innerJoin(dicts, eq(dicts.id, dictItems.dictId))
      .where(eq(dicts.dictCode, code))
      .orderBy(asc(dictItems.sortOrder));
    return new Map(rows.map((r) => [r.value, r.text]));
  };
}

export async function insertTestDict(db: Db): Promise<void> {
  const [dict] = await db
    .insert(dicts)
    .values({ dictName: '导入测试状态', dictCode: TEST_DICT })
    .returning({ id: dicts.id });
  await db
    .insert(dictItems)
    .values(
      TEST_DICT_ITEMS.map(([itemValue, itemText], i) => ({ dictId: dict.id, itemValue, itemText, sortOrder: i })),
    );
}

/** Registers exportXls / importExcel / importTemplate under /test/supplier. */
export const supplierExcelModule: FastifyPluginAsyncZod = async (app) => {
  await registerExcelRoutes(app, {
    base: '/test/supplier',
    entity: supplierEntity,
    columns: supplierColumns,
    fileName: '供应商信息',
    permissions: { export: PERM.supplier.export, import: PERM.supplier.import },
    rowSchema: supplierRowSchema,
    loadDict: dbDictLoader(app.db),
    title: '供应商管理',
    async insertRows(tx, rows, user, rowNumbers) {
      const codes = rows.map((r) => r.code);
      const taken = new Set(
        (await tx.select({ code: suppliers.code }).from(suppliers).where(inArray(suppliers.code, codes))).map(
          (r) => r.code,
        ),
      );
      const errors: ImportRowError[] = rows.flatMap((r, i) =>
        taken.has(r.code) ? [{ row: rowNumbers[i], field: '供应商编码', message: '供应商编码已存在' }] : [],
      );
      if (errors.length > 0) return errors;
      await insertInChunks(
        tx,
        suppliers,
        rows.map((r) => ({ ...r, createBy: user.username })),
      );
    },
  });
};
