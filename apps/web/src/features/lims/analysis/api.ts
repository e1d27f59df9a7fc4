import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AnalysisAssign, AnalysisRecord, Page, RejectInput, ResultSave } from '@lims/contracts';
import { http, requestEnvelope } from '../../../shared/http/api-client';

/** The 检测任务, 结果录入 and 结果复核 endpoints. */
export const ANALYSIS_URL = {
  list: '/lims/analysis/list',
  queryById: '/lims/analysis/queryById',
  assign: '/lims/analysis/assign',
  analysts: '/lims/analysis/analysts',
  exportXls: '/lims/analysis/exportXls',
  history: '/lims/analysis',
  resultList: '/lims/result/list',
  resultSave: '/lims/result/save',
  verifyList: '/lims/verify/list',
  verify: '/lims/verify/verify',
  reject: '/lims/verify/reject',
} as const;

/** Query keys: every analysis page lives under `analysisKeys.all` (a change refreshes all three). */
export const analysisKeys = {
  all: ['lims', 'analysis'] as const,
  list: (params: unknown) => ['lims', 'analysis', 'list', params] as const,
  detail: (id: string) => ['lims', 'analysis', 'detail', id] as const,
  results: (includeVerified: boolean) => ['lims', 'analysis', 'results', includeVerified] as const,
  analysts: ['lims', 'analysis', 'analysts'] as const,
};

/** Every history list (历史记录) is refreshed after a change too. */
const HISTORY_KEY = ['lims', 'history'] as const;

/** The signed-in analyst's open analyses (up to 500, earliest due first). */
export const myResultsQuery = (includeVerified: boolean) => ({
  queryKey: analysisKeys.results(includeVerified),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    http.get<Page<AnalysisRecord>>(
      ANALYSIS_URL.resultList,
      { pageSize: 500, ...(includeVerified ? { includeVerified: '1' } : {}) },
      { signal },
    ),
});

export type AnalystOption = { id: string; username: string; realname: string };

export const analystsQuery = () =>
  queryOptions({
    queryKey: analysisKeys.analysts,
    queryFn: ({ signal }) => http.get<AnalystOption[]>(ANALYSIS_URL.analysts, undefined, { signal }),
    staleTime: 60_000,
  });

/** A write whose answer message the page shows; refreshes the analysis lists and histories. */
function useAnalysisWrite<B, R = unknown>(url: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) => {
      const env = await requestEnvelope<R>(url, { method: 'POST', body, silent: true });
      return { message: env.message, result: env.result };
    },
    onSuccess: async () => {
      await Promise.all([
        qc.invalidateQueries({ queryKey: analysisKeys.all }),
        qc.invalidateQueries({ queryKey: HISTORY_KEY }),
      ]);
    },
  });
}

export const useSaveResult = () => useAnalysisWrite<ResultSave, AnalysisRecord>(ANALYSIS_URL.resultSave);
export const useAssign = () => useAnalysisWrite<Partial<AnalysisAssign>, number>(ANALYSIS_URL.assign);
export const useVerify = () => useAnalysisWrite<{ id: string; version?: number }>(ANALYSIS_URL.verify);
export const useReject = () => useAnalysisWrite<RejectInput>(ANALYSIS_URL.reject);

export type { AnalysisRecord };
