import { PERM, SUPPLIER_EXPIRY_SOON_DAYS, type ExpiryState } from '@lims/contracts';
import { suppliers } from '../../db/schema';
import type { ExcelColumn } from '../../platform/excel';
import { defineListEntity, type ListRecord } from '../../platform/list-query';
import { addDays } from '../../platform/time';
import type { DataScopeSpec } from '../../platform/data-scope';

/** 供应商: the list, queryById, picker, export and delete all go through this allow-list. */
export const supplierList = defineListEntity({
  table: suppliers,
  fields: {
    code: suppliers.code,
    name: suppliers.name,
    creditCode: suppliers.creditCode,
    supplierType: suppliers.supplierType,
    contact: suppliers.contact,
    phone: suppliers.phone,
    email: suppliers.email,
    address: { column: suppliers.address, sort: false },
    businessScope: { column: suppliers.businessScope, sort: false },
    qualificationExpiry: suppliers.qualificationExpiry,
    status: suppliers.status,
    remark: { column: suppliers.remark, sort: false },
  },
  dict: { supplierType: 'supplier_type', status: 'supplier_status' },
});

/** The data rules (数据规则) of 供应商管理 narrow every read and write of its records (see data-scope.ts). */
export const supplierScope: DataScopeSpec = { entity: supplierList, code: PERM.supplier.list };

/**
 * 'expired' before today, 'soon' up to 30 days ahead (`soonUntil`, from today when not given),
 * null otherwise (or without a date).
 */
export function expiryStateOf(
  expiry: unknown,
  today: string,
  soonUntil = addDays(today, SUPPLIER_EXPIRY_SOON_DAYS),
): ExpiryState {
  if (typeof expiry !== 'string' || !expiry) return null;
  if (expiry < today) return 'expired';
  return expiry <= soonUntil ? 'soon' : null;
}

/** Adds `expiryState` to records that carry `qualificationExpiry` (a `field` list may leave it out). */
export function withExpiryState(records: ListRecord[], today: string): ListRecord[] {
  const soonUntil = addDays(today, SUPPLIER_EXPIRY_SOON_DAYS);
  return records.map((r) =>
    'qualificationExpiry' in r ? { ...r, expiryState: expiryStateOf(r.qualificationExpiry, today, soonUntil) } : r,
  );
}

/** Export, import and template columns (import rows are checked with the add form's schema). */
export const SUPPLIER_COLUMNS: ExcelColumn[] = [
  { field: 'code', title: '供应商编码', type: 'string', required: true, width: 16 },
  { field: 'name', title: '供应商名称', type: 'string', required: true, width: 36 },
  { field: 'creditCode', title: '统一社会信用代码', type: 'string', width: 22 },
  { field: 'supplierType', title: '供应商类型', type: 'string', dict: 'supplier_type' },
  { field: 'contact', title: '联系人', type: 'string' },
  { field: 'phone', title: '联系电话', type: 'string', width: 16 },
  { field: 'email', title: '邮箱', type: 'string', width: 24 },
  { field: 'address', title: '地址', type: 'string', width: 40 },
  { field: 'businessScope', title: '经营范围', type: 'string', width: 40 },
  { field: 'qualificationExpiry', title: '资质有效期', type: 'date' },
  { field: 'status', title: '状态', type: 'string', dict: 'supplier_status' },
  { field: 'remark', title: '备注', type: 'string', width: 30 },
  { field: 'createTime', title: '创建时间', type: 'datetime', exportOnly: true },
];
