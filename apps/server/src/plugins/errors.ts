import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { MSG, isStockMessage } from '@lims/contracts';
import { isDatabaseUnavailable } from '../db/client';
import { AppError, fail } from '../platform/reply';

/** The answer while the database is away, restarting or too slow (the process stays up and recovers). */
export const DB_UNAVAILABLE = '数据库暂时不可用，请稍后重试';
/** Seconds a client should wait before trying again (Retry-After). */
export const DB_RETRY_AFTER_S = 5;

/** A validation error of fastify-type-provider-zod: zod's issue as `keyword`, `message` and the rest in `params`. */
type ValidationError = { keyword?: string; instancePath?: string; message?: string; params?: Record<string, unknown> };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The 413 message when the body exceeds the route's bodyLimit (default 请求内容过大 / 上传内容过大). */
    tooLargeMessage?: string;
  }
}

/**
 * The first validation issue: its message (the schema's own, or the shared Chinese map's, see
 * contracts' zod-zh.ts), preceded by the field when the map's text does not name it.
 */
function describeValidation(errors: ValidationError[]): string {
  const first = errors[0];
  if (!first?.message) return MSG.invalidInput;
  const issue = {
    ...first.params,
    code: first.keyword,
    message: first.message,
    path: [],
  } as unknown as z.core.$ZodIssue;
  const field = (first.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return field && isStockMessage(issue) ? `${field}: ${first.message}` : first.message;
}

/** PostgreSQL cannot store NUL in text; such input is refused before any handler runs. */
export const NUL_REFUSED = '输入含有不允许的字符';

/** Whether a parsed query, path or JSON body holds a string with a NUL character (depth- and size-bounded walk). */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => hasNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/** Database errors caused by the input's text rather than a bug (invalid byte sequence, untranslatable character). */
const INPUT_SQLSTATES = new Set(['22021', '22P05']);
/**
 * Two writes that met: the database rolled one back (deadlock, serialization failure), or a row it
 * refers to went away in the meantime (foreign key; routes that can name the row answer that themselves).
 * Tried again, the request gets its own precise answer.
 */
const CONFLICT_SQLSTATES = new Set(['40P01', '40001', '23503']);

/** Every failure becomes the envelope with an honest status; no stack, SQL or library text leaks. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (hasNul(request.query) || hasNul(request.params) || (request.body !== undefined && hasNul(request.body))) {
      throw new AppError(400, NUL_REFUSED);
    }
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send(fail(error.status, error.message, error.result));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(fail(400, describeValidation(error.validation)));
    }
    const sqlState = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? error.code;
    if (sqlState && INPUT_SQLSTATES.has(sqlState)) return reply.status(400).send(fail(400, NUL_REFUSED));
    if (sqlState && CONFLICT_SQLSTATES.has(sqlState)) {
      request.log.warn({ err: error }, 'write conflict');
      return reply.status(409).send(fail(409, MSG.writeConflict));
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      const message =
        request.routeOptions.config?.tooLargeMessage ??
        (request.headers['content-type']?.startsWith('multipart/') ? '上传内容过大' : '请求内容过大');
      return reply.status(413).send(fail(413, message));
    }
    if (status === 415) return reply.status(415).send(fail(415, '不支持的内容类型'));
    if (status === 429) return reply.status(429).send(fail(429, MSG.tooManyRequests));
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.status(503).header('retry-after', String(DB_RETRY_AFTER_S)).send(fail(503, DB_UNAVAILABLE));
    }
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? '请求体不是有效的 JSON'
          : MSG.invalidInput;
      return reply.status(status).send(fail(status, message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(fail(500, MSG.serverError));
  });
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(fail(404, MSG.notFound)));
});

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (a path without a leading slash,
 * headers too large, a malformed request line, a timeout): still the envelope, then the socket closes.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, label, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', '请求超时']
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', '请求头过大']
        : [400, 'Bad Request', MSG.invalidInput];
  const body = JSON.stringify(fail(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${label}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Errors Fastify raises before routing (a path with bad percent-encoding): the envelope too. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
  void reply.status(status).send(fail(status, MSG.invalidInput));
}
