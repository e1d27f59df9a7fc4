import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * helmet's security headers (CSP without inline script, nosniff, frame-ancestors, Referrer-Policy …)
 * on every answer. helmet turns its options into header values once, here; the answers only copy
 * them (the Fastify adapter built helmet again for every request: 3 % of a list request's CPU).
 */
export function securityHeaders(imageHost: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  } as unknown as ServerResponse;
  const req = { headers: {} } as IncomingMessage;
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(imageHost ? [new URL(imageHost).origin] : [])],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    referrerPolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
  })(req, res, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('helmet failed', { cause: err });
  });
  return headers;
}

/**
 * The security headers on every answer; API answers are also `Cache-Control: no-store` (they hold
 * people's data, and a shared cache or the browser's history must not keep them) unless the route
 * sets its own (public uploaded images). The web app's hashed assets keep their long cache (web.ts).
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const headers = securityHeaders(app.config.imageHost);
  const apiPrefix = `${app.config.apiBase}/`;
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.raw.url ?? '';
    reply.headers(
      url.startsWith(apiPrefix) || url === app.config.apiBase || url.startsWith(`${app.config.apiBase}?`)
        ? apiHeaders
        : headers,
    );
    done();
  });
});
