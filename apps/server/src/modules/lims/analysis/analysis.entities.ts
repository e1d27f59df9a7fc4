import { PERM } from '@lims/contracts';
import { analyses } from '../../../db/schema';
import type { DataScopeSpec } from '../../../platform/data-scope';
import type { ExcelColumn } from '../../../platform/excel';
import { defineListEntity } from '../../../platform/list-query';

/** 检测任务: the list, queryById, export, history and every change go through this allow-list. */
export const analysisList = defineListEntity({
  table: analyses,
  fields: {
    sampleId: analyses.sampleId,
    projectItemId: analyses.projectItemId,
    itemName: analyses.itemName,
    standard: analyses.standard,
    unit: { column: analyses.unit, sort: false },
    specMin: analyses.specMin,
    specMax: analyses.specMax,
    specText: { column: analyses.specText, sort: false },
    analystId: analyses.analystId,
    dueDate: analyses.dueDate,
    result: analyses.result,
    outOfSpec: analyses.outOfSpec,
    enteredBy: analyses.enteredBy,
    enteredAt: analyses.enteredAt,
    status: analyses.status,
    rejectReason: { column: analyses.rejectReason, sort: false },
    resultRound: analyses.resultRound,
    version: { column: analyses.version, sort: false },
  },
  dict: { status: 'lims_analysis_status' },
});

/** The data rules of 检测任务 (e.g. `analystId = #{sys_user_id}`: an analyst sees only their own). */
export const analysisScope: DataScopeSpec = { entity: analysisList, code: PERM.analysis.list };

/** The export's columns (names instead of ids). */
export const ANALYSIS_COLUMNS: ExcelColumn[] = [
  { field: 'sampleNo', title: '样品编号', type: 'string', width: 18 },
  { field: 'sampleName', title: '样品名称', type: 'string', width: 20 },
  { field: 'projectNo', title: '项目编号', type: 'string', width: 18 },
  { field: 'projectName', title: '项目名称', type: 'string', width: 24 },
  { field: 'itemName', title: '检测项目', type: 'string', width: 20 },
  { field: 'standard', title: '检测标准/方法', type: 'string', width: 24 },
  { field: 'unit', title: '单位', type: 'string' },
  { field: 'limitsText', title: '限值/技术要求', type: 'string', width: 18 },
  { field: 'result', title: '结果', type: 'string' },
  { field: 'outOfSpecText', title: '超标', type: 'string' },
  { field: 'analystName', title: '检测员', type: 'string' },
  { field: 'dueDate', title: '计划完成日期', type: 'date' },
  { field: 'status', title: '状态', type: 'string', dict: 'lims_analysis_status' },
  { field: 'enteredByName', title: '录入人', type: 'string' },
  { field: 'enteredAt', title: '录入时间', type: 'datetime' },
  { field: 'verifierText', title: '复核人', type: 'string', width: 18 },
  { field: 'createTime', title: '创建时间', type: 'datetime' },
];

/** The audited fields of an analysis, as the pages label them. */
export const ANALYSIS_AUDIT_LABELS = {
  analystName: '检测员',
  dueDate: '计划完成日期',
  specMin: '下限',
  specMax: '上限',
  specText: '技术要求',
  result: '结果',
  outOfSpec: '超标',
  statusText: '状态',
  rejectReason: '退回原因',
} as const;
