import { projects } from '../../db/schema';
import type { ExcelColumn } from '../../platform/excel';
import { defineListEntity } from '../../platform/list-query';
import { PERM } from '@lims/contracts';
import type { DataScopeSpec } from '../../platform/data-scope';

/** 检测项目: the list, queryById, picker, export and delete go through this allow-list. */
export const projectList = defineListEntity({
  table: projects,
  fields: {
    projectNo: projects.projectNo,
    name: projects.name,
    customerUnitId: projects.customerUnitId,
    contactName: projects.contactName,
    contactPhone: projects.contactPhone,
    testType: projects.testType,
    managerId: projects.managerId,
    departId: projects.departId,
    startDate: projects.startDate,
    dueDate: projects.dueDate,
    status: projects.status,
    amount: projects.amount,
    remark: { column: projects.remark, sort: false },
  },
  dict: { testType: 'test_type', status: 'project_status' },
});

/** The data rules (数据规则) of 检测项目 narrow every read and write of its records (see data-scope.ts). */
export const projectScope: DataScopeSpec = { entity: projectList, code: PERM.project.list };

/**
 * Export, import and template columns: names instead of ids (export records are completed with
 * them batch by batch; an import finds the unit by code or name, the manager by account or name,
 * the department by org code or name). The number, status and creation time are exported only:
 * imported projects get a generated number and start 待受理.
 */
export const PROJECT_COLUMNS: ExcelColumn[] = [
  { field: 'projectNo', title: '项目编号', type: 'string', width: 18, exportOnly: true },
  { field: 'name', title: '项目名称', type: 'string', width: 30, required: true },
  { field: 'customerUnitName', title: '委托单位', type: 'string', width: 30, required: true },
  { field: 'contactName', title: '联系人', type: 'string' },
  { field: 'contactPhone', title: '联系电话', type: 'string', width: 16 },
  { field: 'testType', title: '检测类别', type: 'string', dict: 'test_type' },
  { field: 'managerName', title: '项目负责人', type: 'string' },
  { field: 'departName', title: '承接部门', type: 'string', width: 16 },
  { field: 'startDate', title: '开始日期', type: 'date' },
  { field: 'dueDate', title: '计划完成日期', type: 'date' },
  { field: 'status', title: '状态', type: 'string', dict: 'project_status', exportOnly: true },
  { field: 'amount', title: '合同金额', type: 'number', width: 14 },
  { field: 'remark', title: '备注', type: 'string', width: 30 },
  { field: 'createTime', title: '创建时间', type: 'datetime', exportOnly: true },
];

/** The export's second sheet 检测明细: one row per test item, with its project's number. */
export const PROJECT_ITEM_COLUMNS: ExcelColumn[] = [
  { field: 'projectNo', title: '项目编号', type: 'string', width: 18 },
  { field: 'itemName', title: '检测项目', type: 'string', width: 30 },
  { field: 'standard', title: '检测标准/方法', type: 'string', width: 30 },
  { field: 'codeLines', title: '数量', type: 'integer' },
  { field: 'unit', title: '单位', type: 'string' },
  { field: 'specMin', title: '下限', type: 'number' },
  { field: 'specMax', title: '上限', type: 'number' },
  { field: 'specText', title: '技术要求', type: 'string', width: 30 },
  { field: 'remark', title: '备注', type: 'string', width: 30 },
];
