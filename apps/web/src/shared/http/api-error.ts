/** How a call failed: the server answered with an error, the 50 s timeout fired, or no answer came. */
export type ApiErrorKind = 'http' | 'timeout' | 'network';

/** A failed call, with the server's envelope message when there was one. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status (0 when there was no answer). */
  readonly status: number;
  /** Envelope code, or the status when the body was not an envelope. */
  readonly code: number;
  readonly result: unknown;

  constructor(init: { kind: ApiErrorKind; status: number; message: string; code?: number; result?: unknown }) {
    super(init.message);
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code ?? init.status;
    this.result = init.result ?? null;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}
