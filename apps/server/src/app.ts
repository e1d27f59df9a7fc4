import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import { createPermissionCache, type PermissionCache } from './platform/permission-cache';
import { createRichTextSanitizer, type RichTextSanitizer } from './platform/rich-text-sanitizer';
import { createSessionStore, type SessionStore } from './platform/sessions';
import { authPlugin } from './plugins/auth';
import { listFieldsPlugin } from './plugins/list-fields';
import { dataScopePlugin } from './plugins/data-scope';
import { docsPlugin } from './plugins/docs';
import { clientErrorHandler, errorsPlugin, frameworkErrors } from './plugins/errors';
import { rateLimitPlugin } from './plugins/rate-limit';
import { DEFAULT_BODY_LIMIT, requestLimitsPlugin } from './plugins/request-limits';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webPlugin } from './plugins/web';
import { authRoutes } from './modules/auth/auth.routes';
import { phoneLoginRoutes } from './modules/auth/phone-login.routes';
import { accountRoutes } from './modules/account/account.routes';
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
import { userPreferenceRoutes } from './modules/user/user-preference.routes';
import { roleRoutes } from './modules/role/role.routes';
import { roleUserRoutes } from './modules/role/role-user.routes';
import { supplierRoutes } from './modules/supplier/supplier.routes';
import { customerUnitRoutes } from './modules/customer-unit/customer-unit.routes';
import { projectRoutes } from './modules/project/project.routes';
import { attachmentRoutes } from './modules/project/attachment.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { limsRoutes } from './modules/lims';
import { createCleanup, type Cleanup } from './platform/cleanup';
import { jeecgClientRoutes } from './modules/compat/jeecg-client.routes';
import { createDictCache, type DictCache } from './platform/dict-cache';
import { createEventBus, type AppEvent, type EventBus } from './platform/event-bus';
import { createCacheVersionCheck, type CacheVersionCheck } from './platform/cache-versions';
import { healthRoutes } from './modules/health/health.routes';
import { trackRequestTimes } from './platform/audit-log';
import { logSmsSender, type SmsSender } from './platform/sms-sender';
import {
  createFileStorage,
  createUrlSigner,
  type FileAccessRule,
  type FileStorage,
  type UrlSigner,
} from './platform/files';

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
    /** Where uploaded files live (shared by every process on PostgreSQL). */
    fileStorage: FileStorage;
    /** Who may read a stored file of a business record, by its `biz` (others: any signed-in user). */
    fileAccess: Map<string, FileAccessRule>;
    /** Signs the short-lived image URLs the API answers (secret shared through the database). */
    fileUrls: UrlSigner;
    /** Sanitises announcement HTML, large texts on a worker thread. */
    richText: RichTextSanitizer;
    /** The scheduled clean-up of expired and old rows (runOnce for tests). */
    cleanup: Cleanup;
    cacheVersions: CacheVersionCheck;
  }
}

/** The API modules, mounted under the API base in this order. */
const modules = [
  healthRoutes,
  authRoutes,
  phoneLoginRoutes,
  accountRoutes,
  logStatsRoutes,
  dictRoutes,
  dictItemRoutes,
  userRoutes,
  userPickerRoutes,
  userPreferenceRoutes,
  roleRoutes,
  roleUserRoutes,
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
  attachmentRoutes,
  limsRoutes,
  dashboardRoutes,
  jeecgClientRoutes,
];

export type BuildOptions = {
  logger?: boolean;
  smsSender?: SmsSender;
  /** More API modules mounted after the built-in ones (tests register platform routes on a test module). */
  extraModules?: FastifyPluginAsyncZod[];
  /** The file storage driver (tests inject one whose writes fail like a full disk). */
  fileStorage?: FileStorage;
};

/** Builds the whole application on an open database. Never listens: server.ts does, tests inject. */
export async function buildApp(
  config: AppConfig,
  database: Database,
  opts: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            // Upload and download URLs may carry the token as a query parameter: it never reaches a log.
            serializers: {
              req: (req) => ({
                method: req.method,
                url: req.url.replace(/([?&]token=)[^&]*/gi, '$1******'),
                remoteAddress: req.ip,
              }),
            },
          },
    logController: new LogController({ disableRequestLogging: config.env !== 'development' }),
    bodyLimit: DEFAULT_BODY_LIMIT,
    // How long a client may take (docs/threat-model.md, Request limits): headers, the whole request
    // (uploads), an idle keep-alive connection, a connection on which nothing moves. Node checks the
    // first two every few seconds; the body limit of other requests is plugins/request-limits.ts's.
    requestTimeout: config.limits.requestMs,
    keepAliveTimeout: config.limits.keepAliveMs,
    connectionTimeout: config.limits.idleMs,
    http: {
      headersTimeout: config.limits.headersMs,
      connectionsCheckingInterval: Math.max(100, Math.min(5_000, config.limits.headersMs / 4)),
    },
    routerOptions: { ignoreTrailingSlash: false, caseSensitive: true },
    clientErrorHandler,
    frameworkErrors,
    // On SIGTERM: requests already on the wire are served (with Connection: close), not answered 503.
    return503OnClosing: false,
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate(
    'sessions',
    createSessionStore(database.db, {
      idleMs: config.sessionIdleMs,
      maxMs: config.sessionMaxMs,
      beaconGraceMs: 10_000,
    }),
  );
  const events = createEventBus(database);
  const publish = (event: AppEvent) => {
    events.publish(event).catch((err: unknown) => app.log.error({ err }, 'event publish failed'));
  };
  app.decorate('events', events);
  app.decorate(
    'permissionCache',
    createPermissionCache(database.db, { broadcast: (userIds) => publish({ type: 'permissions-changed', userIds }) }),
  );
  app.decorate('dictCache', createDictCache(database.db, { broadcast: () => publish({ type: 'dicts-changed' }) }));
  app.decorate('smsSender', opts.smsSender ?? logSmsSender(app.log));
  app.decorate('fileStorage', opts.fileStorage ?? createFileStorage(config.fileStorage, database, config.uploadDir));
  app.decorate('fileAccess', new Map<string, FileAccessRule>());
  app.decorate('fileUrls', createUrlSigner(database.db, config.fileUrlTtlMs));
  app.decorate(
    'cacheVersions',
    createCacheVersionCheck(database.db, {
      permissions: () => app.permissionCache.invalidateLocal(),
      dicts: () => app.dictCache.invalidateLocal(),
    }),
  );
  events.subscribe((e) => {
    if (e.type === 'permissions-changed') app.permissionCache.invalidateLocal(e.userIds);
    if (e.type === 'dicts-changed') app.dictCache.invalidateLocal();
    if (e.type === 'resync') {
      app.permissionCache.invalidateLocal();
      app.dictCache.invalidateLocal();
    }
  });
  const richText = createRichTextSanitizer();
  app.decorate('richText', richText);
  app.addHook('onClose', () => richText.close());
  app.addHook('onReady', () => events.start());
  app.addHook('onClose', () => events.stop());
  app.decorate('cleanup', createCleanup(app));
  app.addHook('onReady', async () => app.cleanup.start());
  app.addHook('onClose', () => app.cleanup.stop());

  trackRequestTimes(app);
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(requestLimitsPlugin);
  await app.register(docsPlugin);
  await app.register(authPlugin);
  await app.register(rateLimitPlugin);
  await app.register(dataScopePlugin);
  await app.register(listFieldsPlugin);
  for (const mod of [...modules, ...(opts.extraModules ?? [])]) await app.register(mod, { prefix: config.apiBase });
  await app.register(webPlugin);
  return app;
}
