import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProjectOption, ReportCandidate, ReportDetail, ReportRecord } from '@lims/contracts';
import { http, requestEnvelope } from '../../../shared/http/api-client';
import type { ListParams } from '../../../shared/list-page/list-params';

/** The 检测报告 endpoints. */
export const REPORT_URL = {
  base: '/lims/report',
  list: '/lims/report/list',
  queryById: '/lims/report/queryById',
  candidates: '/lims/report/candidates',
  generate: '/lims/report/generate',
  approve: '/lims/report/approve',
  publish: '/lims/report/publish',
  amend: '/lims/report/amend',
  delete: '/lims/report/delete',
  download: '/lims/report/download',
  projects: '/project/jcXmProject/queryProject',
} as const;

/** Query keys: everything of the report page lives under `reportKeys.all`. */
export const reportKeys = {
  all: ['lims-report'] as const,
  list: (params: ListParams) => ['lims-report', 'list', params] as const,
  detail: (id: string) => ['lims-report', 'detail', id] as const,
  candidates: (projectId: string) => ['lims-report', 'candidates', projectId] as const,
  projects: (keyword: string) => ['lims-report', 'projects', keyword] as const,
};

export const reportDetailQuery = (id: string) =>
  queryOptions({
    queryKey: reportKeys.detail(id),
    queryFn: ({ signal }) => http.get<ReportDetail>(REPORT_URL.queryById, { id }, { signal }),
    staleTime: 0,
  });

/** The samples of a project as the 生成报告 dialog offers them (ready: every analysis verified). */
export const candidatesQuery = (projectId: string) =>
  queryOptions({
    queryKey: reportKeys.candidates(projectId),
    queryFn: ({ signal }) => http.get<ReportCandidate[]>(REPORT_URL.candidates, { projectId }, { signal }),
    staleTime: 0,
  });

/** Projects for the 生成报告 picker (number or name contains the keyword). */
export const projectOptionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: reportKeys.projects(keyword),
    queryFn: ({ signal }) => http.get<ProjectOption[]>(REPORT_URL.projects, { keyword }, { signal }),
    staleTime: 10_000,
  });

type Action =
  | { kind: 'generate'; body: { projectId: string; sampleIds?: string[]; remark?: string } }
  | { kind: 'approve' | 'publish'; body: { id: string; version?: number } }
  | { kind: 'amend'; body: { id: string; reason: string } }
  | { kind: 'delete'; id: string };

/** 生成 / 审批 / 发布 / 修订 / 删除: resolves to the server's message; the list, details and histories refresh. */
export function useReportAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (a: Action) => {
      if (a.kind === 'delete') {
        return (
          await requestEnvelope<null>(REPORT_URL.delete, { method: 'DELETE', params: { id: a.id }, silent: true })
        ).message;
      }
      return (await requestEnvelope<unknown>(REPORT_URL[a.kind], { method: 'POST', body: a.body, silent: true }))
        .message;
    },
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: reportKeys.all });
      await qc.invalidateQueries({ queryKey: ['lims', 'history'] });
    },
  });
}

export type { ReportCandidate, ReportDetail, ReportRecord };
