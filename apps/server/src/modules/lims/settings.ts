import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEFAULT_LIMS_SETTINGS,
  MSG,
  PERM,
  envelopeSchema,
  limsSettingsSchema,
  type LimsSettings,
} from '@lims/contracts';
import type { DbOrTx } from '../../db/client';
import { limsSettings } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { ok } from '../../platform/reply';

const KEYS = Object.keys(DEFAULT_LIMS_SETTINGS) as (keyof LimsSettings)[];

/**
 * 实验室设置 as they stand: each stored value that is still valid, the default otherwise. Read from
 * the database on every call (a handful of rows by primary key), so every server process sees a
 * change at once.
 */
export async function readLimsSettings(db: DbOrTx): Promise<LimsSettings> {
  const rows = await db.select().from(limsSettings).where(inArray(limsSettings.key, KEYS));
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const out = { ...DEFAULT_LIMS_SETTINGS };
  for (const key of KEYS) {
    const parsed = limsSettingsSchema.shape[key].safeParse(stored[key]);
    if (parsed.success) Object.assign(out, { [key]: parsed.data });
  }
  return out;
}

/** `GET /lims/settings`, `PUT /lims/settings` (every key at once). */
export const limsSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['实验室'];
  app.get(
    '/lims/settings',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '实验室设置（标签尺寸、复核人数；所有登录用户可读）',
        querystring: z.object({ _t: z.string().optional() }),
        response: { 200: envelopeSchema(limsSettingsSchema) },
      },
    },
    async () => ok(await readLimsSettings(app.db), MSG.queryOk),
  );

  app.put(
    '/lims/settings',
    {
      config: { permission: PERM.limsSettings.edit, logTitle: '实验室设置-保存' },
      schema: {
        tags,
        summary: '保存实验室设置',
        body: limsSettingsSchema,
        response: { 200: envelopeSchema(limsSettingsSchema) },
      },
    },
    async (req) => {
      const by = requireUser(req).username;
      await app.db
        .insert(limsSettings)
        .values(KEYS.map((key) => ({ key, value: req.body[key], updateBy: by })))
        .onConflictDoUpdate({
          target: limsSettings.key,
          set: { value: sql`excluded.value`, updateBy: by, updateTime: sql`now()` },
        });
      return ok(await readLimsSettings(app.db), '保存成功！');
    },
  );
};
