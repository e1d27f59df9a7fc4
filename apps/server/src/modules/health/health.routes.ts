import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeSchema } from '@lims/contracts';
import { migrationsFolder, queryRows } from '../../db/client';
import { DB_RETRY_AFTER_S, DB_UNAVAILABLE } from '../../plugins/errors';
import { AppError, ok } from '../../platform/reply';

const tags = ['运行状态'];
/** The readiness probe waits this long for the database before answering 503. */
export const READY_TIMEOUT_MS = 2_000;
export const MIGRATIONS_PENDING = '数据库迁移尚未完成';

const migrationCount = (): number =>
  (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] })
    .entries.length;

/**
 * Probes for load balancers: public, no session, no operation log. `/health` says the process is
 * alive (never touches the database); `/ready` says it can serve: the database answers within
 * READY_TIMEOUT_MS and every migration is applied (503 with Retry-After otherwise).
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const expected = migrationCount();

  app.get(
    '/health',
    {
      config: { access: 'public', noLog: true, noSession: true },
      schema: {
        tags,
        summary: '存活检查（不访问数据库）',
        response: { 200: envelopeSchema(z.object({ status: z.literal('ok') })) },
      },
    },
    async () => ok({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { access: 'public', noLog: true, noSession: true },
      schema: {
        tags,
        summary: '就绪检查（数据库可用且迁移完成）',
        response: { 200: envelopeSchema(z.object({ status: z.literal('ready') })) },
      },
    },
    async (request) => {
      const retry = { 'retry-after': String(DB_RETRY_AFTER_S) };
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('ready probe timed out')), READY_TIMEOUT_MS);
      });
      let applied: number;
      try {
        const [row] = await Promise.race([
          queryRows<{ n: number | string }>(app.db, sql`select count(*) as n from drizzle.__drizzle_migrations`),
          timeout,
        ]);
        applied = Number(row?.n ?? 0);
      } catch (err) {
        // Whatever keeps the database from answering (away, hung, closed), this instance is not ready.
        request.log.warn({ err }, 'ready probe failed');
        throw new AppError(503, DB_UNAVAILABLE, null, retry);
      } finally {
        clearTimeout(timer);
      }
      if (applied < expected) throw new AppError(503, MIGRATIONS_PENDING, null, retry);
      return ok({ status: 'ready' as const });
    },
  );
};
