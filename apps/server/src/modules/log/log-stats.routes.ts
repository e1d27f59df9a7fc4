import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, envelopeSchema, loginInfoSchema, visitInfoSchema } from '@lims/contracts';
import { ok } from '../../platform/reply';
import { loginInfo, visitInfo } from './log-stats.repo';

const tags = ['日志与统计'];

/** Visit statistics for the dashboard (any signed-in user). */
export const logStatsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/loginfo',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '访问统计：总访问量、今日访问、今日 IP',
        response: { 200: envelopeSchema(loginInfoSchema) },
      },
    },
    async () => ok(await loginInfo(app.db), MSG.queryOk),
  );

  app.get(
    '/sys/visitInfo',
    {
      config: { access: 'login' },
      schema: { tags, summary: '最近 7 天每日访问量与 IP 数', response: { 200: envelopeSchema(visitInfoSchema) } },
    },
    async () => ok(await visitInfo(app.db), MSG.queryOk),
  );
};
