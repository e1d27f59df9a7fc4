import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MSG, envelopeSchema } from '@lims/contracts';
import { DUPLICATE_MSG, checkTargetOf, isChildDuplicate, isDuplicate } from '../../platform/duplicate-check';
import { AppError, conflict, ok } from '../../platform/reply';
import { requireUser } from '../../plugins/auth';

const tags = ['重复校验'];
const name = (param: string) =>
  z
    .string({ error: `请提供参数 ${param}` })
    .trim()
    .min(1, `请提供参数 ${param}`)
    .max(100);
const checkQuery = z.object({
  tableName: name('tableName'),
  fieldName: name('fieldName'),
  fieldVal: z.string().max(500).optional(),
  dataId: z.string().max(64).optional(),
});
const childQuery = checkQuery.extend({ parentId: z.string().max(64).optional() });

/** `GET /sys/duplicate/check` and `checkChild`: 200 when the value is free, 409 when it is taken. */
export const duplicateCheckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/duplicate/check',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '校验字段值是否重复（表与字段限白名单）',
        querystring: checkQuery,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const anyOf = checkTargetOf(req.query.tableName, req.query.fieldName)?.anyOf;
      if (anyOf) {
        const user = requireUser(req);
        const allowed = await Promise.all(anyOf.map((code) => app.permissionCache.allows(user, code)));
        if (!allowed.some(Boolean)) throw new AppError(403, MSG.forbidden);
      }
      const taken = await isDuplicate(app.db, req.query);
      if (taken) throw conflict(taken);
      return ok(null, DUPLICATE_MSG.available);
    },
  );

  app.get(
    '/sys/duplicate/checkChild',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '校验子表字段值在同一父记录下是否重复',
        querystring: childQuery,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const taken = await isChildDuplicate(app.db, req.query);
      if (taken) throw conflict(taken);
      return ok(null, DUPLICATE_MSG.available);
    },
  );
};
