import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../http/api-client';
import { useSession } from '../session/session-store';

const PREFERENCE_URL = '/sys/user/preference';

/** The query key of one of the signed-in user's settings (the user's id keeps two accounts apart). */
export const preferenceKey = (userId: string | undefined, key: string) => ['preference', userId ?? '', key] as const;

/** The query of one setting of a user (the hook's, and a route's prefetch of a page's settings). */
export function preferenceQuery<T>(userId: string | undefined, key: string) {
  return queryOptions({
    queryKey: preferenceKey(userId, key),
    queryFn: () => http.get<T | null>(PREFERENCE_URL, { key }, { silent: true }),
    staleTime: Infinity,
  });
}

/**
 * One of the signed-in user's own settings kept on the server (a list's column settings, saved
 * advanced queries), so it follows the user to another machine. `value` is `fallback` until the
 * server answers and when nothing was saved; `save` shows the new value at once and keeps it
 * unless the server refuses (then the saved value comes back and the error is shown).
 */
export function usePreference<T>(key: string, fallback: T) {
  const userId = useSession((s) => s.userInfo?.id);
  const queryClient = useQueryClient();
  const queryKey = preferenceKey(userId, key);
  const query = useQuery({ ...preferenceQuery<T>(userId, key), enabled: userId !== undefined });
  const settle = () => queryClient.invalidateQueries({ queryKey });
  const save = useMutation({
    mutationFn: (value: T) => http.put<null>(PREFERENCE_URL, { key, value }),
    onMutate: (value) => queryClient.setQueryData(queryKey, value),
    onError: settle,
  });
  const reset = useMutation({
    mutationFn: () => http.delete<null>(PREFERENCE_URL, { key }),
    onMutate: () => queryClient.setQueryData(queryKey, null),
    onError: settle,
  });
  return {
    value: query.data ?? fallback,
    /** True once the server answered (or failed): a page may wait for this before its first layout. */
    ready: !query.isPending || userId === undefined,
    save: save.mutateAsync,
    reset: reset.mutateAsync,
    saving: save.isPending || reset.isPending,
  };
}
