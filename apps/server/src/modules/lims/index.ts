import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit.routes';
import { limsSettingsRoutes } from './settings';
import { reportRoutes } from './report/report.routes';

/** 实验室 (LIMS): samples, analyses and results, verification, reports, audit trail, settings. */
export const limsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(auditRoutes);
  await app.register(limsSettingsRoutes);
  await app.register(reportRoutes);
};
