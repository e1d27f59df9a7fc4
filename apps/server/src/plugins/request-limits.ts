import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../platform/reply';
import { clientErrorHandler } from './errors';

/** Public routes (sign-in, SMS, registration, the unload beacon) take small bodies: a login is < 1 KB. */
export const PUBLIC_BODY_LIMIT = 4 * 1024;
/** Signed-in routes (announcements raise theirs for embedded images). */
export const DEFAULT_BODY_LIMIT = 2 * 1024 * 1024;
/** Arrays and objects nested deeper than this are refused before JSON.parse; our bodies nest 4 deep at most. */
export const MAX_JSON_DEPTH = 16;
export const LIMIT_MSG = {
  tooDeep: `请求体嵌套层级过深（最多 ${MAX_JSON_DEPTH} 层）`,
  tooLarge: '请求内容过大',
} as const;

/**
 * Whether JSON text nests arrays/objects deeper than `max`: one pass over the characters, skipping
 * strings, stopping at the first bracket too deep. Malformed text is JSON.parse's business.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string: to the next quote not escaped by an odd run of backslashes.
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i === -1) return false;
        let slashes = 0;
        while (text.charCodeAt(i - 1 - slashes) === 0x5c) slashes++;
        if (slashes % 2 === 0) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

function hasBody(headers: IncomingHttpHeaders): boolean {
  return (
    headers['transfer-encoding'] !== undefined ||
    (headers['content-length'] !== undefined && headers['content-length'] !== '0')
  );
}

/**
 * Cheap refusals before any real work: JSON nested too deep (before it is parsed), small bodies on
 * public routes, and bodies that arrive too slowly. Node's own limits (headers, whole request,
 * keep-alive, idle socket) are set where the server is created (app.ts).
 */
export const requestLimitsPlugin = fp(async (app: FastifyInstance) => {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body as string, MAX_JSON_DEPTH)) {
      done(new AppError(400, LIMIT_MSG.tooDeep), undefined);
      return;
    }
    // Given `done`, the default parser answers through it; its Promise-typed return is unused.
    void parseJson(request, body as string, done);
  });

  app.addHook('onRoute', (route) => {
    const cfg = route.config as { access?: string; tooLargeMessage?: string } | undefined;
    if (cfg?.access === 'public' && route.bodyLimit === undefined) route.bodyLimit = PUBLIC_BODY_LIMIT;
  });

  /**
   * A body must be in within `bodyMs` (a slow client sending a byte every few seconds held the
   * connection forever). A signed-in upload still in progress is the exception: it may take the
   * whole request time, after which Node ends it (requestTimeout). What follows an answer that went
   * out early (401, 413) is cut at the same limit.
   */
  const { bodyMs } = app.config.limits;
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    if (raw.complete || !hasBody(raw.headers)) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      if (raw.complete || raw.readableEnded) return;
      const upload = raw.headers['content-type']?.startsWith('multipart/') === true;
      if (upload && request.user && !reply.sent) return;
      const socket = raw.socket as typeof raw.socket | undefined;
      if (!socket || typeof socket.destroy !== 'function') return;
      request.log.info({ url: raw.url }, 'request body too slow: connection closed');
      if (reply.raw.headersSent) socket.destroy();
      else clientErrorHandler(Object.assign(new Error('body timeout'), { code: 'ERR_HTTP_REQUEST_TIMEOUT' }), socket);
    }, bodyMs);
    timer.unref();
    raw.once('end', () => clearTimeout(timer));
    raw.once('close', () => clearTimeout(timer));
    done();
  });
});
