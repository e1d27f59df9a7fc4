import { and, count, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MSG,
  PREFERENCE_MAX_KEYS,
  PREFERENCE_MSG,
  envelopeSchema,
  preferenceKeySchema,
  preferenceSaveSchema,
} from '@lims/contracts';
import { userPreferences } from '../../db/schema';
import { requireUser } from '../../plugins/auth';
import { badRequest, ok } from '../../platform/reply';

const tags = ['个人设置'];
const keyQuery = z.object({ key: preferenceKeySchema, _t: z.string().optional() });

/**
 * The signed-in user's own settings (column settings of a list, saved advanced queries). Only a
 * session is needed: every call reads or writes the caller's own rows, never another user's.
 */
export const userPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/sys/user/preference',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '读取本人的一项设置（key）；没有保存过时为 null',
        querystring: keyQuery,
        response: { 200: envelopeSchema(z.unknown()) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const [row] = await app.db
        .select({ value: userPreferences.value })
        .from(userPreferences)
        .where(and(eq(userPreferences.userId, user.id), eq(userPreferences.prefKey, req.query.key)));
      return ok(row?.value ?? null, MSG.queryOk);
    },
  );

  app.put(
    '/sys/user/preference',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: `保存本人的一项设置（key, value：任意 JSON，最多 32 KB；每人最多 ${PREFERENCE_MAX_KEYS} 项）`,
        body: preferenceSaveSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      const { key, value } = req.body;
      await app.db.transaction(async (tx) => {
        // One writer per user at a time, so the key count cannot be raced past the limit.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('user_preferences'), hashtext(${user.id}))`);
        const [{ n }] = await tx
          .select({ n: count() })
          .from(userPreferences)
          .where(and(eq(userPreferences.userId, user.id), sql`${userPreferences.prefKey} <> ${key}`));
        if (n >= PREFERENCE_MAX_KEYS) throw badRequest(PREFERENCE_MSG.tooMany);
        await tx
          .insert(userPreferences)
          .values({ userId: user.id, prefKey: key, value })
          .onConflictDoUpdate({
            target: [userPreferences.userId, userPreferences.prefKey],
            set: { value, updatedAt: sql`now()` },
          });
      });
      return ok(null, PREFERENCE_MSG.saved);
    },
  );

  app.delete(
    '/sys/user/preference',
    {
      config: { access: 'login' },
      schema: {
        tags,
        summary: '删除本人的一项设置（key），恢复默认',
        querystring: keyQuery,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const user = requireUser(req);
      await app.db
        .delete(userPreferences)
        .where(and(eq(userPreferences.userId, user.id), eq(userPreferences.prefKey, req.query.key)));
      return ok(null, PREFERENCE_MSG.reset);
    },
  );
};
