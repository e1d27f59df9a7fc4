import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, requestEnvelope } from '../../shared/http/api-client';
import type { ListParams } from '../../shared/list-page/list-params';
import { UNREAD_URL, messageKeys } from '../../shared/messages/unread-messages';

/** The announcement endpoints (SPEC section 7; REFERENCE section 6). */
export const ANNT_URL = {
  list: '/sys/annountCement/list',
  queryById: '/sys/annountCement/queryById',
  add: '/sys/annountCement/add',
  edit: '/sys/annountCement/edit',
  delete: '/sys/annountCement/delete',
  deleteBatch: '/sys/annountCement/deleteBatch',
  release: '/sys/annountCement/doReleaseData',
  revoke: '/sys/annountCement/doReovkeData',
  exportXls: '/sys/annountCement/exportXls',
  importExcel: '/sys/annountCement/importExcel',
  importTemplate: '/sys/annountCement/importTemplate',
  unread: UNREAD_URL,
  markRead: '/system/sysAnnouncementSend/editByAnntIdAndUserId',
  readAll: '/sys/sysAnnouncementSend/readAll',
  mine: '/sys/sysAnnouncementSend/getMyAnnouncementSend',
} as const;

/**
 * Query keys: everything lives under `announcementKeys.all`, so a push, a publish or a read
 * reloads the bell, 我的消息 and 系统通告 together.
 */
export const announcementKeys = {
  ...messageKeys,
  /** 系统通告 (administration). */
  admin: {
    all: ['announcement', 'admin'] as const,
    list: (params: ListParams) => ['announcement', 'admin', params] as const,
  },
  /** 我的消息. */
  mine: {
    all: ['announcement', 'mine'] as const,
    list: (params: ListParams) => ['announcement', 'mine', params] as const,
  },
};

function useInvalidateAll() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: announcementKeys.all });
}

/** Marks one announcement read for the current user, then reloads the bell and 我的消息. */
export function useMarkRead() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: (anntId: string) => http.put<null>(ANNT_URL.markRead, { anntId }, { silent: true }),
    onSettled: invalidate,
  });
}

/** The user-visible message of a call that succeeded. */
async function send(
  path: string,
  method: 'POST' | 'PUT' | 'GET',
  body?: unknown,
  params?: Record<string, string>,
): Promise<string> {
  return (await requestEnvelope<unknown>(path, { method, body, params, silent: true })).message;
}

/** 全部标注已读: resolves to the server's message (全部已读). */
export function useReadAll() {
  const invalidate = useInvalidateAll();
  return useMutation({ mutationFn: () => send(ANNT_URL.readAll, 'PUT'), onSettled: invalidate });
}

/** What the announcement form sends (times as `YYYY-MM-DD HH:mm:ss`, users as comma ids). */
export type AnnouncementBody = {
  version?: number;
  titile: string;
  msgCategory: string;
  priority: string;
  msgType: string;
  startTime: string | null;
  endTime: string | null;
  userIds: string;
  msgContent: string;
};

/** 新增 (no id) or 编辑 (with the record's id); resolves to the server's message. */
export function useSaveAnnouncement() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ body, id }: { body: AnnouncementBody; id?: string }) =>
      id ? send(ANNT_URL.edit, 'PUT', { ...body, id }) : send(ANNT_URL.add, 'POST', body),
    onSuccess: invalidate,
  });
}

/** 发布 / 撤销 (GET with the id, as the original); resolves to the server's message. */
export function usePublishing() {
  const invalidate = useInvalidateAll();
  return useMutation({
    mutationFn: ({ action, id }: { action: 'release' | 'revoke'; id: string }) =>
      send(ANNT_URL[action], 'GET', undefined, { id }),
    onSettled: invalidate,
  });
}
