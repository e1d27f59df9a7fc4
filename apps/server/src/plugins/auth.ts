import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MSG, type PermissionCode } from '@lims/contracts';
import { LOG_TYPE, operateTypeOf, writeLog } from '../platform/audit-log';
import { AppError } from '../platform/reply';
import type { SessionUser } from '../platform/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The permission code a caller must hold. */
    permission?: PermissionCode;
    /** 'login': any signed-in user; 'public': no sign-in needed. */
    access?: 'login' | 'public';
    /** Accept the token as a `token` query parameter (upload and download URLs only). */
    queryToken?: boolean;
    /** Title written to the operation log for a write (e.g. '用户管理-添加'). */
    logTitle?: string;
    /** Skip the automatic operation log (the handler writes its own, or it is not a write). */
    noLog?: boolean;
    /** Probes (health, ready): a token is ignored, nothing about the session is read. */
    noSession?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser | null;
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** Every API route with its guard, as registered (for route-table tests and docs). */
    routeTable: ApiRoute[];
    /**
     * Resolves when the operation-log entries of the requests answered so far are written (each is
     * written after its answer has gone out). The server waits for them when it closes.
     */
    operationLogsWritten(): Promise<void>;
  }
}

export type ApiRoute = {
  method: string;
  url: string;
  permission?: string;
  access?: 'login' | 'public';
  queryToken?: boolean;
  /** The list code whose data rules narrow the route (`config.dataScope`). */
  dataScope?: string;
  /** The route's request schemas (zod), for route-table tests that generate requests. */
  schema?: { querystring?: unknown; body?: unknown; params?: unknown };
};

const WRITE_METHODS = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

function tokenOf(request: FastifyRequest, allowQuery: boolean): string | undefined {
  const header = request.headers['x-access-token'];
  if (typeof header === 'string' && header) return header;
  if (allowQuery) {
    const q = (request.query as Record<string, unknown> | undefined)?.token;
    if (typeof q === 'string' && q) return q;
  }
  return undefined;
}

/** Signed-in user of the request, or the 401 every guarded route answers without one. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError(401, MSG.tokenInvalid);
  return request.user;
}

/**
 * The guard: every API route must declare `config.permission` or `config.access` (checked when the
 * route is added, so an unguarded route cannot even start); tokens resolve to users; permission
 * codes are checked on the server; writes land in the operation log.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  const apiBase = app.config.apiBase;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  const routeTable: ApiRoute[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(apiBase)) return;
    const cfg = route.config as
      | { permission?: string; access?: 'login' | 'public'; queryToken?: boolean; dataScope?: { code: string } }
      | undefined;
    if (!cfg?.permission && !cfg?.access) {
      throw new Error(`route ${String(route.method)} ${route.url} declares neither a permission nor an access mark`);
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      const { querystring, body, params } = (route.schema ?? {}) as NonNullable<ApiRoute['schema']>;
      routeTable.push({
        method,
        url: route.url,
        permission: cfg.permission,
        access: cfg.access,
        queryToken: cfg.queryToken,
        dataScope: cfg.dataScope?.code,
        schema: { querystring, body, params },
      });
    }
  });

  app.addHook('onRequest', async (request) => {
    const cfg = request.routeOptions.config;
    if ((!cfg.permission && !cfg.access) || cfg.noSession) return;
    const token = tokenOf(request, cfg.queryToken === true);
    // The caches' versions are read with the session: a grant or dictionary changed by another
    // instance is seen from this request on (platform/cache-versions.ts).
    const versions = token || cfg.access !== 'public' ? app.cacheVersions.sync() : undefined;
    if (token) {
      const [session] = await Promise.all([app.sessions.resolve(token), versions]);
      if (session) {
        request.user = session.user;
        request.sessionId = session.sessionId;
      }
    } else await versions;
    if (cfg.access === 'public') return;
    const user = requireUser(request);
    if (cfg.permission && user.mustChangePassword) throw new AppError(403, MSG.passwordMustChange);
    if (cfg.permission && !(await app.permissionCache.allows(user, cfg.permission))) {
      throw new AppError(403, MSG.forbidden);
    }
  });

  /**
   * Operation-log entries promised but not written yet: each is promised when its answer is about to go
   * out (onSend) and written once it has (onResponse). A response that never finishes (the client went
   * away) lets its promise go after 10 s.
   */
  const pendingLogs = new Set<Promise<void>>();
  const logWritten = new WeakMap<FastifyRequest, () => void>();
  app.decorate('operationLogsWritten', async () => {
    while (pendingLogs.size) await Promise.all(pendingLogs);
  });
  app.addHook('onClose', async () => app.operationLogsWritten());

  app.addHook('onSend', async (request, reply, payload) => {
    const cfg = request.routeOptions.config;
    if (!request.user || cfg.noLog || reply.statusCode >= 400) return payload;
    const url = request.routeOptions.url ?? request.url;
    if (!WRITE_METHODS.has(request.method) && !/\/export/i.test(url)) return payload;
    let settle!: () => void;
    const promised = new Promise<void>((resolve) => (settle = resolve));
    const timer = setTimeout(() => done(), 10_000).unref();
    const done = () => {
      clearTimeout(timer);
      pendingLogs.delete(promised);
      settle();
    };
    pendingLogs.add(promised);
    logWritten.set(request, done);
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const done = logWritten.get(request);
    if (!done || !request.user) return;
    const cfg = request.routeOptions.config;
    const url = request.routeOptions.url ?? request.url;
    const body = request.headers['content-type']?.startsWith('multipart/') ? { file: '(multipart)' } : request.body;
    try {
      await writeLog(app.db, {
        logType: LOG_TYPE.operation,
        content: cfg.logTitle ?? `${request.method} ${url}`,
        operateType: operateTypeOf(url, request.method),
        userid: request.user.username,
        username: request.user.realname,
        ip: request.ip,
        method: `${request.method} ${url}`,
        requestUrl: request.url.split('?')[0],
        requestParam: { query: request.query, body },
        requestType: request.method,
        costTime: Math.round(reply.elapsedTime),
      });
    } catch (err) {
      request.log.error({ err }, 'operation log failed');
    } finally {
      done();
    }
  });
});
