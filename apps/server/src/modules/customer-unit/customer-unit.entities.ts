import { customerUnits, unitContacts } from '../../db/schema';
import type { ExcelColumn } from '../../platform/excel';
import { defineListEntity } from '../../platform/list-query';
import { PERM } from '@lims/contracts';
import type { DataScopeSpec } from '../../platform/data-scope';

/** 客户单位: the list (queryUnits), queryKhUnit, export and delete go through this allow-list. */
export const unitList = defineListEntity({
  table: customerUnits,
  fields: {
    code: customerUnits.code,
    name: customerUnits.name,
    creditCode: customerUnits.creditCode,
    unitType: customerUnits.unitType,
    address: { column: customerUnits.address, sort: false },
    phone: customerUnits.phone,
    email: customerUnits.email,
    bank: customerUnits.bank,
    bankAccount: customerUnits.bankAccount,
    status: customerUnits.status,
    remark: { column: customerUnits.remark, sort: false },
  },
  dict: { unitType: 'unit_type', status: 'unit_status' },
});

/** The data rules (数据规则) of 客户单位 narrow every read and write of its records (see data-scope.ts). */
export const unitScope: DataScopeSpec = { entity: unitList, code: PERM.unit.list };

/** The columns a contact is answered with (never anything else of the row). */
export const contactColumns = {
  id: unitContacts.id,
  unitId: unitContacts.unitId,
  name: unitContacts.name,
  phone: unitContacts.phone,
  email: unitContacts.email,
  position: unitContacts.position,
  isPrimary: unitContacts.isPrimary,
  sortNo: unitContacts.sortNo,
  createTime: unitContacts.createTime,
  createBy: unitContacts.createBy,
  updateTime: unitContacts.updateTime,
  updateBy: unitContacts.updateBy,
};

/** Export, import and template columns: units only (contacts are edited in the unit's form). */
export const UNIT_COLUMNS: ExcelColumn[] = [
  { field: 'code', title: '单位编码', type: 'string', required: true, width: 16 },
  { field: 'name', title: '单位名称', type: 'string', required: true, width: 36 },
  { field: 'creditCode', title: '统一社会信用代码', type: 'string', width: 22 },
  { field: 'unitType', title: '单位类型', type: 'string', dict: 'unit_type' },
  { field: 'address', title: '地址', type: 'string', width: 40 },
  { field: 'phone', title: '联系电话', type: 'string', width: 16 },
  { field: 'email', title: '邮箱', type: 'string', width: 24 },
  { field: 'bank', title: '开户银行', type: 'string', width: 28 },
  { field: 'bankAccount', title: '银行账号', type: 'string', width: 24 },
  { field: 'status', title: '状态', type: 'string', dict: 'unit_status' },
  { field: 'remark', title: '备注', type: 'string', width: 30 },
  { field: 'createTime', title: '创建时间', type: 'datetime', exportOnly: true },
];
