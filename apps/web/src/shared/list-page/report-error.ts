import { getToken } from '../http/api-client';
import { isApiError, type ApiError } from '../http/api-error';
import { presentError } from '../http/error-presenter';
import type { AppFeedback } from '../ui/app-feedback';

const CATALOGUE_STATUSES = new Set([401, 403, 404]);

/**
 * A refusal the server explained (success false, 400, 409, 422 …): its message is for the user.
 * 401, 403, 404, 5xx, timeouts and network failures belong to the http client's error catalogue.
 */
export function isBusinessError(err: unknown): err is ApiError {
  return (
    isApiError(err) &&
    err.kind === 'http' &&
    err.message !== '' &&
    err.status < 500 &&
    !CATALOGUE_STATUSES.has(err.status)
  );
}

/**
 * Shows a failed call of a `silent` request: the server's message at `level` for a business error,
 * otherwise SPEC section 8's catalogue reaction (one place: the http client's presenter).
 */
export function reportError(err: unknown, message: AppFeedback['message'], level: 'warning' | 'error' = 'error'): void {
  if (isBusinessError(err)) {
    message[level](err.message);
    return;
  }
  if (isApiError(err)) {
    presentError(err, Boolean(getToken()));
    return;
  }
  message.error(err instanceof Error && err.message ? err.message : '操作失败');
}
