import { LIMS_DICT, type AuditChange, type AuditEntity } from '@lims/contracts';
import type { AuditLabels } from '../modules/lims/audit-trail';
import type { limsAudit } from './schema';
import { DICTS } from './seed-data/dicts';
import { seedId } from './seed-system';

/** Field labels and entry helpers of the demo laboratory audit trail (seed-lims-demo.ts). */

export const SAMPLE_LABELS: AuditLabels = {
  sampleNo: '样品编号',
  name: '样品名称',
  sampleType: '样品类型',
  quantity: '数量',
  unit: '单位',
  status: '状态',
  condition: '接收状态',
  storageLocation: '存放位置',
  receivedBy: '接收人',
  receivedAt: '接收时间',
  returnReason: '退回原因',
  remark: '备注',
};
export const ANALYSIS_LABELS: AuditLabels = {
  itemName: '检测项目',
  standard: '检测标准/方法',
  unit: '单位',
  specMin: '下限',
  specMax: '上限',
  specText: '技术要求',
  analyst: '检测员',
  dueDate: '要求完成日期',
  result: '结果',
  outOfSpec: '超标',
  status: '状态',
};
export const REPORT_LABELS: AuditLabels = {
  reportNo: '报告编号',
  versionNo: '版本',
  samples: '样品',
  status: '状态',
  approvedBy: '审批人',
  publishedBy: '发布人',
};

export const dictText = (code: string, value: string | null | undefined) =>
  value == null ? null : (DICTS.find((d) => d[0] === code)?.[2].find(([v]) => v === value)?.[1] ?? value);
export const sampleStatus = (v: string) => dictText(LIMS_DICT.sampleStatus, v);
export const analysisStatus = (v: string) => dictText(LIMS_DICT.analysisStatus, v);

export type Person = { id: string; username: string; realname: string };
export type AuditRow = typeof limsAudit.$inferInsert;

/** The steps of one record as audit entries with stable ids (record key + step number). */
export function trail(entity: AuditEntity, key: string, recordId: string, recordLabel: string) {
  const rows: AuditRow[] = [];
  const add = (action: string, at: string, by: Person, changes: AuditChange[], reason?: string) => {
    rows.push({
      id: seedId(`lims-audit:${key}:${rows.length + 1}`),
      entity,
      recordId,
      recordLabel,
      action,
      changes,
      reason: reason ?? null,
      userId: by.id,
      username: by.username,
      realname: by.realname,
      at,
    });
  };
  return { rows, add };
}
