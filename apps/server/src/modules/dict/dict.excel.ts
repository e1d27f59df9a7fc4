import type { FastifyInstance } from 'fastify';
import { DICT_MSG, PERM, dictFormSchema } from '@lims/contracts';
import { dicts } from '../../db/schema';
import { insertUniqueRows, registerExcelRoutes, type ExcelColumn } from '../../platform/excel';
import { dictList, dictScope } from './dict.entities';

const DICT_COLUMNS: ExcelColumn[] = [
  { field: 'dictName', title: '字典名称', type: 'string', required: true, width: 24 },
  { field: 'dictCode', title: '字典编码', type: 'string', required: true, width: 24 },
  { field: 'description', title: '描述', type: 'string', width: 40 },
  { field: 'createTime', title: '创建时间', type: 'datetime', exportOnly: true },
];

/** 导出 / 导入 / 导入模板 of 数据字典: an import refreshes the dictionary cache. */
export async function registerDictExcel(app: FastifyInstance): Promise<void> {
  await registerExcelRoutes(app, {
    base: '/sys/dict',
    entity: dictList,
    columns: DICT_COLUMNS,
    fileName: '字典信息',
    title: '数据字典',
    tags: ['数据字典'],
    permissions: { export: PERM.dict.export, import: PERM.dict.import },
    dataScope: dictScope,
    rowSchema: dictFormSchema,
    insertRows: insertUniqueRows(dicts, dicts.dictCode, {
      value: (r) => r.dictCode,
      title: '字典编码',
      message: DICT_MSG.codeTaken,
    }),
    afterImport: () => app.dictCache.invalidate(),
  });
}
