import { queryOptions } from '@tanstack/react-query';
import type { DashboardSummary, LoginInfo, VisitInfo } from '@lims/contracts';
import { http } from '../../shared/http/api-client';

/** The 首页 calls: visit figures (SPEC section 7, /sys/loginfo and /sys/visitInfo) and the summary. */
export const DASHBOARD_URL = {
  loginInfo: '/sys/loginfo',
  visitInfo: '/sys/visitInfo',
  summary: '/dashboard/summary',
} as const;

/** Query keys: everything of the dashboard lives under `dashboardKeys.all`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  loginInfo: () => ['dashboard', 'loginfo'] as const,
  visitInfo: () => ['dashboard', 'visitInfo'] as const,
  summary: () => ['dashboard', 'summary'] as const,
};

/** The figures are a snapshot: refreshed when the page is opened again after a minute. */
const STALE_MS = 60_000;

export const loginInfoQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.loginInfo(),
    queryFn: ({ signal }) => http.get<LoginInfo>(DASHBOARD_URL.loginInfo, undefined, { signal }),
    staleTime: STALE_MS,
  });

export const visitInfoQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.visitInfo(),
    queryFn: ({ signal }) => http.get<VisitInfo>(DASHBOARD_URL.visitInfo, undefined, { signal }),
    staleTime: STALE_MS,
  });

/** The summary holds the user's own work (我的待办): fetched again whenever the page opens (the last figures show meanwhile). */
export const summaryQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.summary(),
    queryFn: ({ signal }) => http.get<DashboardSummary>(DASHBOARD_URL.summary, undefined, { signal }),
    staleTime: 0,
  });
