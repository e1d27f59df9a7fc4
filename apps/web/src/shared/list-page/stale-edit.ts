import { MSG } from '@lims/contracts';
import { isApiError } from '../http/api-error';
import { http } from '../http/api-client';

/** The texts of a stale edit's dialog (the message is the server's). */
export const STALE_EDIT = { title: '提示', message: MSG.staleEdit, reload: '刷新' } as const;

/** The server refused an edit started from an older version of the record (409 记录已被他人修改，请刷新后重试). */
export function isStaleEdit(err: unknown): boolean {
  return isApiError(err) && err.status === 409 && err.message === MSG.staleEdit;
}

/** A form modal's `load` reading one record by id (queryById-style endpoints). */
export const loadById =
  <T>(url: string) =>
  (record: { id?: unknown }): Promise<T> =>
    http.get<T>(
      url,
      { id: typeof record.id === 'string' || typeof record.id === 'number' ? String(record.id) : '' },
      { silent: true },
    );
