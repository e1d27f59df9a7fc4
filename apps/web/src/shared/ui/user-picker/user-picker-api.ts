import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page, UserBrief } from '@lims/contracts';
import { http } from '../../http/api-client';
import { PICKER_PAGE_SIZE, wrapSearchTerm } from '../table-picker/picker-query';

/** A user as the picker hands it out. */
export type PickedUser = { id: string; username: string; realname: string };
export type UserRow = Partial<UserBrief> & PickedUser;

/** The page of the picker's list: a department (and those below it), 账号 and 姓名 (fuzzy). */
export type UserPageQuery = { depId?: string; username?: string; realname?: string; pageNo: number };

export const USER_PICKER_URL = {
  /** Paged briefs of a department tree (any signed-in user). */
  page: '/sys/user/queryUserOfDepart',
  /** Briefs of the given ids (any signed-in user): the names of a saved value. */
  byIds: '/sys/user/queryByIds',
} as const;

/** Query keys of the picker; user edits invalidate `all`. */
export const userPickerKeys = {
  all: ['user-picker'] as const,
  page: (q: UserPageQuery) => ['user-picker', 'page', q] as const,
  byIds: (ids: readonly string[]) => ['user-picker', 'by-ids', ids.join(',')] as const,
};

const STALE_MS = 60_000;

export const toPicked = (u: UserRow): PickedUser => ({ id: u.id, username: u.username, realname: u.realname });

export function splitIds(value: string | undefined): string[] {
  return [
    ...new Set(
      (value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** One page (10 rows) of the picker's list. */
export function useUserPage(q: UserPageQuery, enabled: boolean) {
  return useQuery({
    queryKey: userPickerKeys.page(q),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      http.get<Page<UserRow>>(
        USER_PICKER_URL.page,
        {
          depId: q.depId,
          username: wrapSearchTerm(q.username),
          realname: wrapSearchTerm(q.realname),
          pageNo: q.pageNo,
          pageSize: PICKER_PAGE_SIZE,
        },
        { silent: true, signal },
      ),
  });
}

/** The users of these ids (for a value the picker did not pick itself). */
export function useUsersByIds(ids: readonly string[]) {
  const query = useQuery({
    queryKey: userPickerKeys.byIds(ids),
    enabled: ids.length > 0,
    staleTime: STALE_MS,
    queryFn: ({ signal }) =>
      http.get<UserRow[]>(USER_PICKER_URL.byIds, { ids: ids.join(',') }, { silent: true, signal }),
  });
  return { users: query.data, isLoading: query.isLoading };
}
