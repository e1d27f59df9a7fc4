import { z } from 'zod';
import { PERM, dictItemSchema, dictSchema } from '@lims/contracts';
import { dictItems, dicts } from '../../db/schema';
import { defineListEntity } from '../../platform/list-query';
import type { DataScopeSpec } from '../../platform/data-scope';

export const dictList = defineListEntity({
  table: dicts,
  fields: { dictName: dicts.dictName, dictCode: dicts.dictCode, description: dicts.description, type: dicts.type },
});

/** The data rules (数据规则) of 数据字典 narrow every read and write of its records (see data-scope.ts). */
export const dictScope: DataScopeSpec = { entity: dictList, code: PERM.dict.list };

export const dictItemList = defineListEntity({
  table: dictItems,
  fields: {
    dictId: dictItems.dictId,
    itemText: dictItems.itemText,
    itemValue: dictItems.itemValue,
    description: dictItems.description,
    sortOrder: dictItems.sortOrder,
    status: dictItems.status,
  },
  dict: { status: 'dict_item_status' },
  defaultSort: { field: 'sortOrder', order: 'asc' },
});

/** List records as answered (every field optional because `field` may narrow them). */
export const dictRecordSchema = dictSchema.partial();
export const dictItemRecordSchema = dictItemSchema.partial().extend({ status_dictText: z.string().optional() });
