import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type FastifyPluginAsyncZod, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import { createPermissionCache, type PermissionCache } from './platform/permission-cache';
import { createSessionStore, type SessionStore } from './platform/sessions';
import { authPlugin } from './plugins/auth';
import { dataScopePlugin } from './plugins/data-scope';
import { docsPlugin } from './plugins/docs';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webPlugin } from './plugins/web';
import { authRoutes } from './modules/auth/auth.routes';
import { phoneLoginRoutes } from './modules/auth/phone-login.routes';
import { logStatsRoutes } from './modules/log/log-stats.routes';
import { dictRoutes } from './modules/dict/dict.routes';
import { dictItemRoutes } from './modules/dict/dict-item.routes';
import { announcementRoutes } from './modules/announcement/announcement.routes';
import { userAnnouncementRoutes } from './modules/announcement/user-announcement.routes';
import { permissionRoutes } from './modules/permission/permission.routes';
import { rolePermissionRoutes } from './modules/permission/role-permission.routes';
import { dataRuleRoutes } from './modules/permission/data-rule.routes';
import { departRoutes } from './modules/depart/depart.routes';
import { logListRoutes } from './modules/log/log-list.routes';
import { commonRoutes } from './modules/common/common.routes';
import { duplicateCheckRoutes } from './modules/common/duplicate-check.routes';
import { userRoutes } from './modules/user/user.routes';
import { userPickerRoutes } from './modules/user/user-picker.routes';
import { roleRoutes } from './modules/role/role.routes';
import { roleUserRoutes } from './modules/role/role-user.routes';
import { userExcelRoutes } from './modules/user/user-excel.routes';
import { roleExcelRoutes } from './modules/role/role-excel.routes';
import { supplierRoutes } from './modules/supplier/supplier.routes';
import { customerUnitRoutes } from './modules/customer-unit/customer-unit.routes';
import { projectRoutes } from './modules/project/project.routes';
import { projectExcelRoutes } from './modules/project/project-excel.routes';
import { attachmentRoutes } from './modules/project/attachment.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { jeecgClientRoutes } from './modules/compat/jeecg-client.routes';
import { createDictCache, type DictCache } from './platform/dict-cache';
import { createEventBus, type AppEvent, type EventBus } from './platform/event-bus';
import { logSmsSender, type SmsSender } from './platform/sms-sender';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
    sessions: SessionStore;
    permissionCache: PermissionCache;
    smsSender: SmsSender;
    dictCache: DictCache;
    events: EventBus;
  }
}

/** The API modules, mounted under the API base in this order. */
const modules = [
  authRoutes,
  phoneLoginRoutes,
  logStatsRoutes,
  dictRoutes,
  dictItemRoutes,
  userRoutes,
  userPickerRoutes,
  userExcelRoutes,
  roleRoutes,
  roleUserRoutes,
  roleExcelRoutes,
  commonRoutes,
  duplicateCheckRoutes,
  permissionRoutes,
  rolePermissionRoutes,
  dataRuleRoutes,
  departRoutes,
  logListRoutes,
  announcementRoutes,
  userAnnouncementRoutes,
  supplierRoutes,
  customerUnitRoutes,
  projectRoutes,
  projectExcelRoutes,
  attachmentRoutes,
  dashboardRoutes,
  jeecgClientRoutes,
];

export type BuildOptions = {
  logger?: boolean;
  smsSender?: SmsSender;
  /** More API modules mounted after the built-in ones (tests register platform routes on a test module). */
  extraModules?: FastifyPluginAsyncZod[];
};

/** Builds the whole application on an open database. Never listens: server.ts does, tests inject. */
export async function buildApp(config: AppConfig, database: Database, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : {
      level: config.logLevel,
      // Upload and download URLs may carry the token as a query parameter: it never reaches a log.
      serializers: { req: (req) => ({ method: req.method, url: req.url.replace(/([?&]token=)[^&]*/gi, '$1******'), remoteAddress: req.ip }) },
    },
    logController: new LogController({ disableRequestLogging: config.env !== 'development' }),
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true },
    clientErrorHandler,
    frameworkErrors,
    // On SIGTERM: requests already on the wire are served (with Connection: close), not answered 503.
    return503OnClosing: false,
    trustProxy: typeof config.trustProxy === 'number'
      ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('sessions', createSessionStore(database.db, {
    idleMs: config.sessionIdleMs,
    maxMs: config.sessionMaxMs,
    beaconGraceMs: 10_000,
  }));
  const events = createEventBus(database);
  const publish = (event: AppEvent) => {
    events.publish(event).catch((err: unknown) => app.log.error({ err }, 'event publish failed'));
  };
  app.decorate('events', events);
  app.decorate('permissionCache', createPermissionCache(database.db, config.permissionManagers, { broadcast: (userIds) => publish({ type: 'permissions-changed', userIds }) }));
  app.decorate('dictCache', createDictCache(database.db, { broadcast: () => publish({ type: 'dicts-changed' }) }));
  app.decorate('smsSender', opts.smsSender ?? logSmsSender(app.log));
  events.subscribe((e) => {
    if (e.type === 'permissions-changed') app.permissionCache.invalidateLocal(e.userIds);
    if (e.type === 'dicts-changed') app.dictCache.invalidateLocal();
  });
  app.addHook('onReady', () => events.start());
  app.addHook('onClose', () => events.stop());

  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  await app.register(dataScopePlugin);
  for (const mod of [...modules, ...(opts.extraModules ?? [])]) await app.register(mod, { prefix: config.apiBase });
  await app.register(webPlugin);
  return app;
}
