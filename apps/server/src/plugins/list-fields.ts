import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, MSG } from '@lims/contracts';
import type { ListEntity } from '../platform/list-query';
import { AppError, ok } from '../platform/reply';
import { requireUser } from './auth';

/** A field a list's advanced query (高级查询) may name, as the list engine checks it. */
const listFieldSchema = z.object({
  name: z.string(),
  type: z.enum(['string', 'number', 'date', 'datetime', 'boolean']),
  dict: z.string().optional(),
});
export type ListFieldInfo = z.infer<typeof listFieldSchema>;

/** The searchable fields of a list entity: what `superQueryParams` accepts and how each value is checked. */
export function listFieldsOf(entity: ListEntity): ListFieldInfo[] {
  return [...entity.fields.values()]
    .filter((f) => f.search)
    .map((f) => ({ name: f.name, type: f.type, ...(f.dict ? { dict: f.dict } : {}) }));
}

/**
 * `GET /sys/list/fields?url=<list url>`: the fields the advanced query of a list accepts (name, type,
 * dictionary), for the lists whose GET route declares `config.dataScope` (its entity) — only to a user
 * holding that route's permission. Collected from the routes as they are added (an onRoute hook).
 */
export const listFieldsPlugin = fp(async (app: FastifyInstance) => {
  const base = app.config.apiBase;
  const lists = new Map<string, { entity: ListEntity; permission: string }>();
  app.addHook('onRoute', (route) => {
    const cfg = route.config as { permission?: string; dataScope?: { entity: ListEntity } } | undefined;
    const methods = [route.method].flat();
    if (!route.url.startsWith(base) || !methods.includes('GET') || !cfg?.dataScope || !cfg.permission) return;
    lists.set(route.url.slice(base.length), { entity: cfg.dataScope.entity, permission: cfg.permission });
  });
  app.withTypeProvider<ZodTypeProvider>().get(
    `${base}/sys/list/fields`,
    {
      config: { access: 'login' },
      schema: {
        tags: ['高级查询'],
        summary: '列表高级查询可用的字段（name、type、dict）；url 为列表地址，需持有该列表的权限',
        querystring: z.object({ url: z.string().max(200), _t: z.string().optional() }),
        response: { 200: envelopeSchema(z.array(listFieldSchema)) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const list = lists.get(req.query.url);
      if (!list) throw new AppError(404, '该列表不支持高级查询');
      if (!(await app.permissionCache.allows(user, list.permission))) throw new AppError(403, MSG.forbidden);
      return ok(listFieldsOf(list.entity), MSG.queryOk);
    },
  );
});
