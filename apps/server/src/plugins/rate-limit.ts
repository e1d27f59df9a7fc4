import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../platform/reply';

export type RateBucket = 'login' | 'sms' | 'register';
export type RateLimits = Record<RateBucket, { max: number; windowMs: number }>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Per-IP limit of a public route: `login` counts failed answers only, the others every request. */
    rateLimit?: RateBucket;
  }
  interface FastifyInstance {
    rateLimiter: RateLimiter;
  }
}

const WHAT: Record<RateBucket, string> = { login: '登录尝试过于频繁', sms: '验证码请求过于频繁', register: '注册请求过于频繁' };
const FAILURES_ONLY: Record<RateBucket, boolean> = { login: true, sms: false, register: false };
/** Above this many tracked addresses, stale ones are swept, then the oldest dropped (bounded memory). */
const MAX_KEYS = 50_000;

export const rateLimitMessage = (bucket: RateBucket, retryAfterSec: number) =>
  `${WHAT[bucket]}，请 ${Math.max(1, Math.ceil(retryAfterSec / 60))} 分钟后再试`;

/**
 * Sliding-window counters per (bucket, client IP), in this process. Several instances each count
 * their own (see docs/decisions.md); account lockout, the hard limit per account, is in the database.
 */
export function createRateLimiter(limits: RateLimits, now: () => number = Date.now) {
  const hits = new Map<string, number[]>();

  const live = (key: string, windowMs: number, t: number): number[] => {
    const arr = hits.get(key) ?? [];
    let stale = 0;
    while (stale < arr.length && arr[stale] <= t - windowMs) stale++;
    if (stale) arr.splice(0, stale);
    return arr;
  };
  const sweep = (t: number) => {
    for (const [key, arr] of hits) {
      const windowMs = limits[key.slice(0, key.indexOf('|')) as RateBucket].windowMs;
      if (arr.length === 0 || arr[arr.length - 1] <= t - windowMs) hits.delete(key);
    }
    for (const key of hits.keys()) {
      if (hits.size <= MAX_KEYS) break;
      hits.delete(key);
    }
  };

  return {
    /** Throws 429 (with Retry-After) when the address has used up the bucket's window. */
    check(bucket: RateBucket, ip: string): void {
      const { max, windowMs } = limits[bucket];
      const t = now();
      const arr = live(`${bucket}|${ip}`, windowMs, t);
      if (arr.length < max) return;
      const retryAfter = Math.max(1, Math.ceil((arr[0] + windowMs - t) / 1000));
      throw new AppError(429, rateLimitMessage(bucket, retryAfter), null, { 'retry-after': String(retryAfter) });
    },
    /** Counts one request (or one failure) of the address. */
    hit(bucket: RateBucket, ip: string): void {
      const key = `${bucket}|${ip}`;
      const t = now();
      const arr = live(key, limits[bucket].windowMs, t);
      arr.push(t);
      hits.delete(key);
      hits.set(key, arr);
      if (hits.size > MAX_KEYS) sweep(t);
    },
    /** Forgets every counter (tests). */
    reset(): void {
      hits.clear();
    },
    size: () => hits.size,
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/**
 * Applies `config.rateLimit` of public routes before the body is read. A failures-only bucket
 * counts answers of 400 and above when they are sent (so colleagues signing in at once behind one
 * address are never refused); the others count every request.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('rateLimiter', createRateLimiter(app.config.rateLimits));
  app.addHook('onRequest', async (request) => {
    const bucket = request.routeOptions.config.rateLimit;
    if (!bucket) return;
    app.rateLimiter.check(bucket, request.ip);
    if (!FAILURES_ONLY[bucket]) app.rateLimiter.hit(bucket, request.ip);
  });
  app.addHook('onResponse', async (request, reply) => {
    const bucket = request.routeOptions.config.rateLimit;
    if (bucket && FAILURES_ONLY[bucket] && reply.statusCode >= 400 && reply.statusCode !== 429) app.rateLimiter.hit(bucket, request.ip);
  });
});
