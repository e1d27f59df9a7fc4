import { PERM, LIMS_DICT } from '@lims/contracts';
import { samples } from '../../../db/schema';
import type { DataScopeSpec } from '../../../platform/data-scope';
import type { ExcelColumn } from '../../../platform/excel';
import { defineListEntity } from '../../../platform/list-query';
import type { AuditLabels } from '../audit-trail';

/** 样品: the list, queryById, export, history and every write go through this allow-list. */
export const sampleList = defineListEntity({
  table: samples,
  fields: {
    sampleNo: samples.sampleNo,
    projectId: samples.projectId,
    name: samples.name,
    sampleType: samples.sampleType,
    quantity: samples.quantity,
    unit: samples.unit,
    condition: samples.condition,
    storageLocation: samples.storageLocation,
    receivedBy: samples.receivedBy,
    receivedAt: samples.receivedAt,
    status: samples.status,
    returnReason: { column: samples.returnReason, sort: false },
    remark: { column: samples.remark, sort: false },
  },
  dict: {
    sampleType: LIMS_DICT.sampleType,
    condition: LIMS_DICT.sampleCondition,
    status: LIMS_DICT.sampleStatus,
  },
});

/** The data rules (数据规则) of 样品管理 narrow every read and write of samples. */
export const sampleScope: DataScopeSpec = { entity: sampleList, code: PERM.sample.list };

/** The audited fields of a sample, labelled as the page shows them (dictionary values as their texts). */
export const SAMPLE_AUDIT_LABELS: AuditLabels = {
  sampleNo: '样品编号',
  projectNo: '检测项目',
  name: '样品名称',
  sampleType: '样品类型',
  quantity: '数量',
  unit: '单位',
  condition: '接收状态',
  storageLocation: '存放位置',
  receivedBy: '接收人',
  receivedAt: '接收时间',
  status: '状态',
  returnReason: '退回原因',
  remark: '备注',
};

/** The audited fields of an analysis created at receipt. */
export const ANALYSIS_CREATE_LABELS: AuditLabels = {
  sampleNo: '样品编号',
  itemName: '检测项目',
  standard: '检测标准/方法',
  unit: '单位',
  specMin: '下限',
  specMax: '上限',
  specText: '技术要求',
  dueDate: '计划完成日期',
  status: '状态',
};

/** Export columns (names instead of ids; export only, there is no import). */
export const SAMPLE_COLUMNS: ExcelColumn[] = [
  { field: 'sampleNo', title: '样品编号', type: 'string', width: 18 },
  { field: 'projectNo', title: '项目编号', type: 'string', width: 18 },
  { field: 'projectName', title: '项目名称', type: 'string', width: 30 },
  { field: 'name', title: '样品名称', type: 'string', width: 24 },
  { field: 'sampleType', title: '样品类型', type: 'string', dict: LIMS_DICT.sampleType },
  { field: 'quantity', title: '数量', type: 'number' },
  { field: 'unit', title: '单位', type: 'string' },
  { field: 'status', title: '状态', type: 'string', dict: LIMS_DICT.sampleStatus },
  { field: 'condition', title: '接收状态', type: 'string', dict: LIMS_DICT.sampleCondition },
  { field: 'storageLocation', title: '存放位置', type: 'string', width: 20 },
  { field: 'receivedByName', title: '接收人', type: 'string' },
  { field: 'receivedAt', title: '接收时间', type: 'datetime' },
  { field: 'returnReason', title: '退回原因', type: 'string', width: 30 },
  { field: 'remark', title: '备注', type: 'string', width: 30 },
  { field: 'createTime', title: '登记时间', type: 'datetime' },
];
