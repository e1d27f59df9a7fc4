import type { Envelope } from '@lims/contracts';
import { getRuntimeConfig } from '../config/runtime-config';
import { storage } from '../storage/storage';
import { ACCESS_TOKEN } from '../storage/storage-keys';
import { ApiError } from './api-error';
import { presentError } from './error-presenter';

export const REQUEST_TIMEOUT_MS = 50_000;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  params?: QueryParams;
  /** JSON body; a FormData or string body is sent as is. */
  body?: unknown;
  headers?: Record<string, string>;
  /** The caller shows errors itself: the error catalogue stays quiet. */
  silent?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
};

export function getToken(): string | undefined {
  return storage.get<string>(ACCESS_TOKEN) || undefined;
}

/** Query string without empty values (SPEC section 5: blank params are dropped). */
function queryString(params: QueryParams | undefined): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    q.append(k, String(v));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The URL of an API path under the runtime base, e.g. apiUrl('/sys/login'). */
export function apiUrl(path: string, params?: QueryParams): string {
  const base = getRuntimeConfig().apiBase;
  return `${base}${path.startsWith('/') ? path : `/${path}`}${queryString(params)}`;
}

/** Upload and download URLs carry the token as a query param (SPEC section 7). */
export function fileUrl(path: string, params?: QueryParams): string {
  return apiUrl(path, { ...params, token: getToken() });
}

function isEnvelope(x: unknown): x is Envelope<unknown> {
  return typeof x === 'object' && x !== null && 'success' in x && 'code' in x;
}

async function send(path: string, opts: RequestOptions): Promise<Response> {
  const method = opts.method ?? 'GET';
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
  if (token && !('X-Access-Token' in headers)) headers['X-Access-Token'] = token;
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || typeof opts.body === 'string') body = opts.body;
  else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] = 'application/json';
  }
  const params = method === 'GET' ? { ...opts.params, _t: Math.floor(Date.now() / 1000) } : opts.params;

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), opts.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;
  try {
    return await fetch(apiUrl(path, params), { method, headers, body, signal, credentials: 'same-origin' });
  } catch (err) {
    if (opts.signal?.aborted) throw err;
    throw new ApiError(
      timeout.signal.aborted
        ? { kind: 'timeout', status: 0, message: '网络超时' }
        : { kind: 'network', status: 0, message: '网络异常，请检查网络连接' },
    );
  } finally {
    clearTimeout(timer);
  }
}

async function readEnvelope(res: Response): Promise<Envelope<unknown>> {
  const type = res.headers.get('content-type') ?? '';
  const parsed: unknown = type.includes('json') ? await res.json().catch(() => null) : null;
  if (isEnvelope(parsed)) {
    if (!res.ok || parsed.success === false) {
      throw new ApiError({
        kind: 'http',
        status: res.status,
        message: parsed.message ?? '',
        code: parsed.code,
        result: parsed.result,
      });
    }
    return parsed;
  }
  if (!res.ok) throw new ApiError({ kind: 'http', status: res.status, message: res.statusText });
  throw new ApiError({ kind: 'http', status: res.status, message: '服务器返回了无法识别的数据' });
}

async function withCatalogue<T>(opts: RequestOptions, run: () => Promise<T>): Promise<T> {
  const hadToken = Boolean(getToken());
  try {
    return await run();
  } catch (err) {
    if (err instanceof ApiError && !opts.silent) presentError(err, hadToken);
    throw err;
  }
}

/** The whole envelope (for calls that look at `code`, such as login). */
export function requestEnvelope<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  return withCatalogue(opts, async () => (await readEnvelope(await send(path, opts))) as Envelope<T>);
}

/** The envelope's `result`, or a typed ApiError. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(path, opts)).result;
}

type NoMethod = Omit<RequestOptions, 'method' | 'body' | 'params'>;

export const http = {
  get: <T>(path: string, params?: QueryParams, opts?: NoMethod) => request<T>(path, { ...opts, params }),
  post: <T>(path: string, body?: unknown, opts?: NoMethod) => request<T>(path, { ...opts, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, opts?: NoMethod) => request<T>(path, { ...opts, method: 'PUT', body }),
  delete: <T>(path: string, params?: QueryParams, opts?: NoMethod) =>
    request<T>(path, { ...opts, method: 'DELETE', params }),
};
