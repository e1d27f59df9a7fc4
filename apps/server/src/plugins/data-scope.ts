import type { SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { dataScopeOf, type DataScopeSpec } from '../platform/data-scope';
import type { SessionUser } from '../platform/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The list whose data rules (数据规则) narrow this route: its entity and its menu's list code.
     * The request then carries the user's condition in `request.dataScope`.
     */
    dataScope?: DataScopeSpec;
  }
  interface FastifyRequest {
    /** The user's data-rule condition for the route's `config.dataScope`; undefined when nothing narrows. */
    dataScope: SQL | undefined;
  }
  interface FastifyInstance {
    /** The user's data-rule condition on a list (for reads that are not one route's list, e.g. the dashboard). */
    dataScope(user: SessionUser, spec: DataScopeSpec): Promise<SQL | undefined>;
  }
}

/**
 * Data rules applied by declaration: a route with `config.dataScope` gets `request.dataScope` set
 * after the guard (registered after the auth plugin, so its hook runs after the permission check).
 */
export const dataScopePlugin = fp(async (app: FastifyInstance) => {
  const deps = {
    permissionCache: app.permissionCache,
    timeZone: app.config.timeZone,
    warn: (msg: string) => app.log.warn(msg),
  };
  app.decorate('dataScope', (user: SessionUser, spec: DataScopeSpec) => dataScopeOf(deps, user, spec));
  app.decorateRequest('dataScope', undefined);
  app.addHook('onRequest', async (request) => {
    const spec = request.routeOptions.config.dataScope;
    if (spec && request.user) request.dataScope = await app.dataScope(request.user, spec);
  });
});
