import type { Envelope } from '@lims/contracts';
import { MSG } from '@lims/contracts';

/** The success envelope. */
export function ok<T>(result: T, message: string = MSG.ok): Envelope<T> {
  return { success: true, message, code: 200, result, timestamp: Date.now() };
}

/** The error envelope; `code` mirrors the HTTP status. */
export function fail(status: number, message: string, result: unknown = null): Envelope<unknown> {
  return { success: false, message, code: status, result, timestamp: Date.now() };
}

/** An error a user can act on: an HTTP status and a Chinese message. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly result: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, result?: unknown) => new AppError(400, message, result);
export const notFound = (message: string) => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const forbidden = (message: string = MSG.forbidden) => new AppError(403, message);
