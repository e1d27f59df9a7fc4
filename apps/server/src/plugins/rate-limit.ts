import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { authAttempts } from '../db/schema';
import { addressAttempts, addressKey, forgetAttempts, recordAttempt } from '../platform/auth-attempts';
import { AppError } from '../platform/reply';

export type RateBucket = 'login' | 'sms' | 'register' | 'captcha';
export type RateLimits = Record<RateBucket, { max: number; windowMs: number }>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-address limit of a public route, counting every request (sign-in failures are the login throttle's). */
    rateLimit?: Exclude<RateBucket, 'login'>;
  }
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

const WHAT: Record<RateBucket, string> = {
  login: '登录尝试过于频繁',
  sms: '验证码请求过于频繁',
  register: '注册请求过于频繁',
  captcha: '验证码图片请求过于频繁',
};

export const rateLimitMessage = (bucket: RateBucket, retryAfterSec: number) =>
  `${WHAT[bucket]}，请 ${Math.max(1, Math.ceil(retryAfterSec / 60))} 分钟后再试`;

/**
 * Sliding-window request limits per (bucket, client address), kept in the database so every
 * instance counts against the same budget. The request is recorded first and counted with the
 * others in the window, so parallel requests see each other; a refused one is forgotten.
 */
export function createRateLimiter(app: FastifyInstance) {
  return {
    /** Counts one request of the address; throws 429 (with Retry-After) when it is over the limit. */
    async take(bucket: Exclude<RateBucket, 'login'>, ip: string): Promise<void> {
      const { max, windowMs } = app.config.rateLimits[bucket];
      const addr = addressKey(ip);
      const id = await recordAttempt(app.db, bucket, addr);
      const { nowMs, times } = await addressAttempts(app.db, bucket, addr, windowMs, id);
      if (times.length < max) return;
      await forgetAttempts(app.db, [id]);
      const retryAfter = Math.max(1, Math.ceil((times[times.length - max] + windowMs - nowMs) / 1000));
      throw new AppError(429, rateLimitMessage(bucket, retryAfter), null, { 'retry-after': String(retryAfter) });
    },
    /** Forgets every counter, sign-in failures included (tests). */
    async reset(): Promise<void> {
      await app.db.delete(authAttempts).where(sql`true`);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Applies `config.rateLimit` of public routes before the body is read. */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('rateLimiter', createRateLimiter(app));
  app.addHook('onRequest', async (request) => {
    const bucket = request.routeOptions.config.rateLimit;
    if (bucket) await app.rateLimiter.take(bucket, request.ip);
  });
});
