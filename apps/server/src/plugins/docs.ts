import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { MSG } from '@lims/contracts';
import { AppError } from '../platform/reply';

/**
 * Runs in the docs page (serialised into its initialiser script): every request the page makes (the
 * document, "Try it out") carries the token the web app stored for the signed-in user.
 */
function sendStoredToken<R>(req: R): R {
  try {
    const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage;
    const stored = JSON.parse(storage.getItem('pro__Access-Token') ?? 'null') as {
      value?: unknown;
      expire?: number | null;
    } | null;
    const headers = (req as { headers: Record<string, string> }).headers;
    if (stored && typeof stored.value === 'string' && (stored.expire == null || stored.expire > Date.now()))
      headers['X-Access-Token'] = stored.value;
  } catch {
    // Nothing stored, or not ours: the request goes without a token.
  }
  return req;
}

/**
 * OpenAPI document from the routes' zod schemas, and its page at <apiBase>/docs. In production the
 * document (json, yaml) is for signed-in users only: the page sends the web app's token; without one
 * it shows that the document could not be loaded. The page itself is Swagger UI's, nothing of ours.
 */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'LIMS 管理平台 API',
        version: '0.1.0',
        description:
          '所有接口返回 {success, message, code, result, timestamp}；调用说明（登录、错误、分页、导入导出、文件、推送）见仓库 docs/api.md',
      },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  const signedInOnly = app.config.env === 'production';
  // The plugin's hook type is the callback form: the session check answers through `done`.
  const onRequest: onRequestHookHandler = (request, _reply, done) => {
    if (!signedInOnly || !/\/(json|yaml)$/.test(request.routeOptions.url ?? '')) return done();
    const token = request.headers['x-access-token'];
    const resolving = typeof token === 'string' && token ? app.sessions.resolve(token) : Promise.resolve(null);
    resolving.then((session) => done(session ? undefined : new AppError(401, MSG.tokenInvalid)), done);
  };
  await app.register(swaggerUi, {
    routePrefix: `${app.config.apiBase}/docs`,
    staticCSP: true,
    uiConfig: { requestInterceptor: sendStoredToken },
    uiHooks: { onRequest },
  });
});
