import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LimsSettings, ProjectOption, SampleAddResult, SampleRecord } from '@lims/contracts';
import { http, requestEnvelope } from '../../../shared/http/api-client';
import type { ListParams } from '../../../shared/list-page/list-params';

/** The 样品管理 endpoints (`/lims/sample/*`) and the settings. */
export const SAMPLE_URL = {
  base: '/lims/sample',
  list: '/lims/sample/list',
  queryById: '/lims/sample/queryById',
  add: '/lims/sample/add',
  edit: '/lims/sample/edit',
  delete: '/lims/sample/delete',
  deleteBatch: '/lims/sample/deleteBatch',
  receive: '/lims/sample/receive',
  return: '/lims/sample/return',
  labels: '/lims/sample/labels',
  exportXls: '/lims/sample/exportXls',
  projects: '/project/jcXmProject/queryProject',
  settings: '/lims/settings',
} as const;

/** Query keys: the sample page under `sampleKeys.all`; writes also refresh every 历史记录 (`['lims', 'history']`). */
export const sampleKeys = {
  all: ['lims', 'sample'] as const,
  list: (params: ListParams) => ['lims', 'sample', 'list', params] as const,
  detail: (id: string) => ['lims', 'sample', 'detail', id] as const,
};
export const settingsKey = ['lims', 'settings'] as const;

export const fetchSample = (id: string) => http.get<SampleRecord>(SAMPLE_URL.queryById, { id }, { silent: true });
export const fetchProjects = (keyword: string) =>
  http.get<ProjectOption[]>(SAMPLE_URL.projects, { keyword }, { silent: true });
export const fetchSettings = () => http.get<LimsSettings>(SAMPLE_URL.settings, {}, { silent: true });

type Call = { url: string; method: 'POST' | 'PUT'; body: Record<string, unknown> };

/** A sample write (登记, 编辑, 接收, 退回); resolves to the server's message and refreshes list and history. */
export function useSampleWrite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ url, method, body }: Call) =>
      (await requestEnvelope<SampleAddResult | number | null>(url, { method, body, silent: true })).message,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: sampleKeys.all });
      await qc.invalidateQueries({ queryKey: ['lims', 'history'] });
    },
  });
}

/** 保存实验室设置. */
export function useSaveSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: LimsSettings) =>
      (await requestEnvelope<LimsSettings>(SAMPLE_URL.settings, { method: 'PUT', body, silent: true })).message,
    onSuccess: () => qc.invalidateQueries({ queryKey: settingsKey }),
  });
}
