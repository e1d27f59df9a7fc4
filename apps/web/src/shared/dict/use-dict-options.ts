import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DictOption } from '@lims/contracts';
import { http } from '../http/api-client';

/** Query keys of dictionary options: invalidate `all` after any dictionary edit. */
export const dictOptionKeys = {
  all: ['dict-options'] as const,
  byCode: (code: string) => ['dict-options', code] as const,
};

/** Options change rarely: cached per code for 10 minutes (edits invalidate them at once). */
export const DICT_OPTIONS_STALE_MS = 10 * 60_000;

const NONE: readonly DictOption[] = [];

/** GET /sys/dict/getDictItems/{code}: a plain code or an allow-listed `table,text,code`. */
export function fetchDictOptions(code: string, signal?: AbortSignal): Promise<DictOption[]> {
  return http.get<DictOption[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`, undefined, {
    silent: true,
    signal,
  });
}

/** The query of one dictionary's items: shared by the controls, a list's rows and a route's prefetch. */
export function dictOptionsQuery(code: string) {
  return queryOptions({
    queryKey: dictOptionKeys.byCode(code),
    queryFn: ({ signal }) => fetchDictOptions(code, signal),
    staleTime: DICT_OPTIONS_STALE_MS,
    gcTime: 3 * DICT_OPTIONS_STALE_MS,
  });
}

/**
 * The items of a dictionary (disabled ones included: controls decide what they offer). With
 * `staticOptions` nothing is fetched and those items are used (e.g. on a page without login).
 */
export function useDictOptions(code: string | undefined, staticOptions?: readonly DictOption[]) {
  const query = useQuery({ ...dictOptionsQuery(code ?? ''), enabled: Boolean(code) && !staticOptions });
  if (staticOptions) return { items: staticOptions, isLoading: false, isError: false };
  return { items: query.data ?? NONE, isLoading: query.isLoading, isError: query.isError };
}
