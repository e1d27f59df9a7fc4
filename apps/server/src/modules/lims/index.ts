import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analysisModule } from './analysis';
import { auditRoutes } from './audit.routes';
import { sampleRoutes } from './sample/sample.routes';
import { limsSettingsRoutes } from './settings';
import { reportRoutes } from './report/report.routes';

/** 实验室 (LIMS): samples, analyses and results, verification, reports, audit trail, settings. */
export const limsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(auditRoutes);
  await app.register(limsSettingsRoutes);
  await app.register(analysisModule);
  await app.register(sampleRoutes);
  await app.register(reportRoutes);
};

/** The laboratory lists, for other modules' figures under the same data rules (首页). */
export { sampleList } from './sample/sample.entities';
export { analysisList } from './analysis/analysis.entities';
export { reportList } from './report/report.entities';

/** The audited fields of each laboratory record and their labels (for the demo data's trail). */
export { ANALYSIS_CREATE_LABELS, SAMPLE_AUDIT_LABELS } from './sample/sample.entities';
export { ANALYSIS_AUDIT_LABELS } from './analysis/analysis.entities';
export { REPORT_AUDIT_LABELS } from './report/report.entities';
