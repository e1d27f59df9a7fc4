import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { analysisRoutes } from './analysis.routes';
import { resultRoutes } from './result.routes';
import { verifyRoutes } from './verify.routes';

export { refreshSampleStatus } from './analysis.repo';

/** 检测任务, 结果录入 and 结果复核. */
export const analysisModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(analysisRoutes);
  await app.register(resultRoutes);
  await app.register(verifyRoutes);
};
