import path from 'node:path';
import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  API_BASE: z.string().regex(/^\/[a-z0-9/_-]*$/i).default('/api'),
  TIME_ZONE: z.string().regex(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/).default('Asia/Shanghai'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_MAX_DAYS: z.coerce.number().int().positive().default(7),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(10),
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().positive().default(20),
  LOGIN_IP_WINDOW_MINUTES: z.coerce.number().int().positive().default(10),
  SMS_IP_MAX_PER_HOUR: z.coerce.number().int().positive().default(20),
  REGISTER_IP_MAX_PER_HOUR: z.coerce.number().int().positive().default(10),
  TRUST_PROXY: z.string().default(''),
  IMAGE_HOST: z.string().default(''),
  PLATFORM_NAME_A01A07: z.string().default('检测中心实验室信息管理平台'),
  PLATFORM_NAME_DEFAULT: z.string().default('LIMS 实验室信息管理平台'),
  STATIC_ROUTES: bool.default(false),
  ICP_NUMBER: z.string().max(64).default('京ICP备XXXXXXXX号'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type AppConfig = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** undefined: embedded PGlite in dataDir; 'memory://': in-memory PGlite (tests). */
  databaseUrl?: string;
  adminPassword?: string;
  apiBase: string;
  timeZone: string;
  sessionIdleMs: number;
  sessionMaxMs: number;
  loginMaxFailures: number;
  loginLockMs: number;
  /** Per client IP and instance: failed sign-ins (login, phone login, password change) and SMS / registration requests. */
  rateLimits: Record<'login' | 'sms' | 'register', { max: number; windowMs: number }>;
  /** Fastify's trustProxy: false (default), true, a hop count or a list of proxy addresses. */
  trustProxy: boolean | number | string;
  imageHost: string;
  platformNames: { a01a07: string; other: string };
  staticRoutes: boolean;
  /** The filing number shown in the login page footer. */
  icpNumber: string;
  webDist?: string;
  uploadDir: string;
  logLevel: string;
};

/** TRUST_PROXY: '' or 'false' none, 'true' any, a number of hops, or comma-separated proxy addresses. */
function parseTrustProxy(v: string): boolean | number | string {
  const s = v.trim();
  if (s === '' || s === 'false') return false;
  if (s === 'true') return true;
  return /^\d+$/.test(s) ? Number(s) : s;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`配置有误: ${issues}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.ADMIN_PASSWORD,
    apiBase: e.API_BASE.replace(/\/$/, '') || '/api',
    timeZone: e.TIME_ZONE,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_DAYS * 86_400_000,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    loginLockMs: e.LOGIN_LOCK_MINUTES * 60_000,
    rateLimits: {
      login: { max: e.LOGIN_IP_MAX_FAILURES, windowMs: e.LOGIN_IP_WINDOW_MINUTES * 60_000 },
      sms: { max: e.SMS_IP_MAX_PER_HOUR, windowMs: 3_600_000 },
      register: { max: e.REGISTER_IP_MAX_PER_HOUR, windowMs: 3_600_000 },
    },
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    imageHost: e.IMAGE_HOST,
    platformNames: { a01a07: e.PLATFORM_NAME_A01A07, other: e.PLATFORM_NAME_DEFAULT },
    staticRoutes: e.STATIC_ROUTES,
    icpNumber: e.ICP_NUMBER,
    webDist: e.WEB_DIST,
    uploadDir: path.join(dataDir, 'uploads'),
    logLevel: e.LOG_LEVEL,
  };
}
