import { loadConfig } from './config';
import { buildApp } from './app';
import { isDatabaseUnavailable, openDatabase } from './db/client';
import { seedDatabase } from './db/seed';

/** Starts the one server process: database, migrations, seed, HTTP; stops gracefully on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeZone: config.timeZone,
    statementTimeoutMs: config.dbTimeouts.statementMs,
    connectTimeoutMs: config.dbTimeouts.connectMs,
  });
  const seeded = await seedDatabase(database.db, {
    production: config.env === 'production',
    adminPassword: config.adminPassword,
  });
  const app = await buildApp(config, database);
  const address = await app.listen({ port: config.port, host: config.host });
  const port = new URL(address).port;
  const lines = [
    '',
    `LIMS 管理平台已启动: http://localhost:${port}  (API ${config.apiBase}, 文档 ${config.apiBase}/docs)`,
    `数据库: ${database.kind === 'pglite' ? `内置 PGlite (${config.dataDir})` : 'PostgreSQL (DATABASE_URL)'}`,
    ...seeded.notes,
    `启动耗时 ${((Date.now() - started) / 1000).toFixed(1)} s`,
    '',
  ];
  console.log(lines.join('\n'));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 20_000);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // A database fault in work nobody awaits (a background write, a reconnect) must never end the
  // process: the database comes back and the requests meanwhile answer 503. Anything else still ends it.
  process.on('unhandledRejection', (err) => {
    if (!isDatabaseUnavailable(err)) throw err;
    app.log.warn({ err }, 'database unavailable (background work)');
  });
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
