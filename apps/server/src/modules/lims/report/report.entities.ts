import { PERM } from '@lims/contracts';
import { reports } from '../../../db/schema';
import type { DataScopeSpec } from '../../../platform/data-scope';
import { defineListEntity } from '../../../platform/list-query';

/** 检测报告: list, queryById, history and every action go through this allow-list and its data rules. */
export const reportList = defineListEntity({
  table: reports,
  fields: {
    reportNo: reports.reportNo,
    projectId: reports.projectId,
    versionNo: reports.versionNo,
    previousId: reports.previousId,
    status: reports.status,
    fileId: { column: reports.fileId, sort: false },
    approvedBy: reports.approvedBy,
    approvedAt: reports.approvedAt,
    publishedBy: reports.publishedBy,
    publishedAt: reports.publishedAt,
    amendReason: { column: reports.amendReason, sort: false },
    remark: { column: reports.remark, sort: false },
  },
  dict: { status: 'lims_report_status' },
});

export const reportScope: DataScopeSpec = { entity: reportList, code: PERM.report.list };

/** Fields of the 历史记录 entries of a report, with their labels. */
export const REPORT_AUDIT_LABELS = {
  reportNo: '报告编号',
  versionNo: '版本',
  projectNo: '项目编号',
  samples: '样品',
  previousNo: '替代报告',
  status: '状态',
  approvedBy: '审批人',
  publishedBy: '签发人',
  amendReason: '修订原因',
  remark: '备注',
} as const;
