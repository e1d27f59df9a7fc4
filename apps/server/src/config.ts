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
  API_BASE: z
    .string()
    .regex(/^\/[a-z0-9/_-]*$/i)
    .default('/api'),
  TIME_ZONE: z
    .string()
    .regex(/^[A-Za-z_]+(\/[A-Za-z_+-]+)*$/)
    .default('Asia/Shanghai'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(120),
  SESSION_MAX_DAYS: z.coerce.number().int().positive().default(7),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_MINUTES: z.coerce.number().int().positive().default(10),
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().positive().default(20),
  LOGIN_ACCOUNT_WINDOW_MINUTES: z.coerce.number().int().positive().default(60),
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().positive().default(20),
  LOGIN_IP_WINDOW_MINUTES: z.coerce.number().int().positive().default(10),
  SMS_IP_MAX_PER_HOUR: z.coerce.number().int().positive().default(20),
  REGISTER_IP_MAX_PER_HOUR: z.coerce.number().int().positive().default(10),
  CAPTCHA_IP_MAX_PER_HOUR: z.coerce.number().int().positive().default(600),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(600),
  BODY_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(60),
  LOG_RETENTION_DAYS: z.coerce.number().int().min(0).default(180),
  CLEANUP_INTERVAL_MINUTES: z.coerce.number().int().min(0).default(60),
  TRUST_PROXY: z.string().default(''),
  IMAGE_HOST: z.string().default(''),
  PLATFORM_NAME_A01A07: z.string().default('检测中心实验室信息管理平台'),
  PLATFORM_NAME_DEFAULT: z.string().default('LIMS 实验室信息管理平台'),
  STATIC_ROUTES: bool.default(false),
  ICP_NUMBER: z.string().max(64).default('京ICP备XXXXXXXX号'),
  WEB_DIST: z.string().optional(),
  FILE_STORAGE: z.enum(['auto', 'local', 'database']).default('auto'),
  UPLOAD_MAX_FILES_PER_MINUTE: z.coerce.number().int().positive().default(30),
  UPLOAD_MAX_MB_PER_DAY: z.coerce.number().int().positive().default(500),
  FILE_URL_TTL_MINUTES: z.coerce.number().int().positive().max(10_080).default(60),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
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
  /** Failures of one account name from one address (within loginLockMs) that lock that pair for loginLockMs. */
  loginMaxFailures: number;
  loginLockMs: number;
  /** Failures of one account name from all addresses within the window that put it under slow-down. */
  loginAccountMax: { max: number; windowMs: number };
  /** Per client address, shared by every instance (database): failed sign-ins and SMS / registration requests. */
  rateLimits: Record<'login' | 'sms' | 'register' | 'captcha', { max: number; windowMs: number }>;
  /** How long a client may take to send a request (see plugins/request-limits.ts and docs/threat-model.md). */
  limits: RequestTimeouts;
  /** Days operation and login log rows are kept (0: forever). */
  logRetentionDays: number;
  /** Minutes between scheduled clean-ups (0: never). */
  cleanupIntervalMs: number;
  /** Fastify's trustProxy: false (default), true, a hop count or a list of proxy addresses. */
  trustProxy: boolean | number | string;
  imageHost: string;
  platformNames: { a01a07: string; other: string };
  staticRoutes: boolean;
  /** The filing number shown in the login page footer. */
  icpNumber: string;
  webDist?: string;
  uploadDir: string;
  /** Where uploaded files live: `auto` = the database on PostgreSQL, this machine's disk on PGlite. */
  fileStorage: 'auto' | 'local' | 'database';
  /** Per user, counted in the database (shared by every process): uploads a minute, bytes in 24 hours. */
  uploadQuota: { filesPerMinute: number; bytesPerDay: number };
  /** Lifetime of the signed image URLs the API answers. */
  fileUrlTtlMs: number;
  logLevel: string;
  /** PostgreSQL: statement timeout and connection timeout (docs/decisions.md, "Database faults"). */
  dbTimeouts: { statementMs: number; connectMs: number };
};

export type RequestTimeouts = {
  /** Request line and headers (Node's headersTimeout). */
  headersMs: number;
  /** The whole request, body included: what an upload may take (Node's requestTimeout). */
  requestMs: number;
  /** Any other body (JSON, text), and what is left of a body after the answer went out. */
  bodyMs: number;
  /** An idle keep-alive connection between requests. */
  keepAliveMs: number;
  /** A connection on which no byte moves either way (a stalled upload, a client that stopped reading). */
  idleMs: number;
};

/** The timeouts for a whole-request limit (REQUEST_TIMEOUT_SECONDS) and a body limit (BODY_TIMEOUT_SECONDS). */
export function requestTimeouts(requestSeconds: number, bodySeconds: number): RequestTimeouts {
  const requestMs = requestSeconds * 1000;
  return {
    headersMs: Math.min(20_000, requestMs),
    requestMs,
    bodyMs: Math.min(bodySeconds * 1000, requestMs),
    keepAliveMs: 72_000,
    idleMs: 120_000,
  };
}

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
    loginAccountMax: { max: e.LOGIN_ACCOUNT_MAX_FAILURES, windowMs: e.LOGIN_ACCOUNT_WINDOW_MINUTES * 60_000 },
    rateLimits: {
      login: { max: e.LOGIN_IP_MAX_FAILURES, windowMs: e.LOGIN_IP_WINDOW_MINUTES * 60_000 },
      sms: { max: e.SMS_IP_MAX_PER_HOUR, windowMs: 3_600_000 },
      register: { max: e.REGISTER_IP_MAX_PER_HOUR, windowMs: 3_600_000 },
      captcha: { max: e.CAPTCHA_IP_MAX_PER_HOUR, windowMs: 3_600_000 },
    },
    limits: requestTimeouts(e.REQUEST_TIMEOUT_SECONDS, e.BODY_TIMEOUT_SECONDS),
    logRetentionDays: e.LOG_RETENTION_DAYS,
    cleanupIntervalMs: e.CLEANUP_INTERVAL_MINUTES * 60_000,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    imageHost: e.IMAGE_HOST,
    platformNames: { a01a07: e.PLATFORM_NAME_A01A07, other: e.PLATFORM_NAME_DEFAULT },
    staticRoutes: e.STATIC_ROUTES,
    icpNumber: e.ICP_NUMBER,
    webDist: e.WEB_DIST,
    uploadDir: path.join(dataDir, 'uploads'),
    fileStorage: e.FILE_STORAGE,
    uploadQuota: { filesPerMinute: e.UPLOAD_MAX_FILES_PER_MINUTE, bytesPerDay: e.UPLOAD_MAX_MB_PER_DAY * 1024 * 1024 },
    fileUrlTtlMs: e.FILE_URL_TTL_MINUTES * 60_000,
    logLevel: e.LOG_LEVEL,
    dbTimeouts: { statementMs: e.DB_STATEMENT_TIMEOUT_MS, connectMs: e.DB_CONNECT_TIMEOUT_MS },
  };
}
