import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { logs } from '../db/schema';

export const LOG_TYPE = { login: 1, operation: 2 } as const;
export const OPERATE_TYPE = { query: 1, add: 2, edit: 3, delete: 4, import: 5, export: 6 } as const;

export type LogEntry = {
  logType: 1 | 2;
  content: string;
  operateType?: number;
  userid?: string | null;
  username?: string | null;
  ip?: string;
  method?: string;
  requestUrl?: string;
  requestParam?: unknown;
  requestType?: string;
  /** 耗时(毫秒); without it, the time since `request` arrived (every row of 系统日志 shows one). */
  costTime?: number;
  /** The request the entry is written for: its elapsed time fills costTime. */
  request?: object;
  /** Login log entries: whether the attempt succeeded. */
  success?: boolean;
};

/** When each request arrived (performance.now()), for the 耗时 of log entries written by handlers. */
const arrivals = new WeakMap<object, number>();

/** Records every request's arrival time (registered once on the app, before the routes). */
export function trackRequestTimes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    arrivals.set(request, performance.now());
  });
}

/** Milliseconds since `request` arrived (0 for one not tracked). */
export function elapsedMs(request: object): number {
  const start = arrivals.get(request);
  return start === undefined ? 0 : Math.round(performance.now() - start);
}

/** Keys whose values never reach the log: passwords, tokens, secrets and one-time codes (`code`, `smsCode`). */
const SECRET_KEY = /pass(word)?|pwd|token|secret|salt|captcha|^(sms)?code$/i;

/** Replaces secret values (passwords, tokens, codes) before a request is written to the log. */
export function maskSecrets(value: unknown, depth = 0): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => maskSecrets(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    out[k] = SECRET_KEY.test(k) && v !== undefined && v !== null && v !== '' ? '******' : maskSecrets(v, depth + 1);
  }
  return out;
}

/** Infers the operation type from the last path segment (add, edit, delete, import, export…). */
export function operateTypeOf(url: string, method: string): number {
  const last = (url.split('?')[0].split('/').pop() ?? '').toLowerCase();
  if (last.startsWith('add') || last.startsWith('save')) return OPERATE_TYPE.add;
  if (last.startsWith('delete') || method === 'DELETE') return OPERATE_TYPE.delete;
  if (last.startsWith('import')) return OPERATE_TYPE.import;
  if (last.startsWith('export')) return OPERATE_TYPE.export;
  if (last.startsWith('edit') || method === 'PUT') return OPERATE_TYPE.edit;
  return method === 'GET' ? OPERATE_TYPE.query : OPERATE_TYPE.edit;
}

export async function writeLog(db: Db, e: LogEntry): Promise<void> {
  const param = e.requestParam === undefined ? null : JSON.stringify(maskSecrets(e.requestParam));
  await db.insert(logs).values({
    logType: e.logType,
    logContent: e.content.slice(0, 1000),
    operateType: e.operateType ?? null,
    userid: e.userid ?? null,
    username: e.username ?? null,
    ip: e.ip?.slice(0, 100) ?? null,
    method: e.method?.slice(0, 500) ?? null,
    requestUrl: e.requestUrl?.slice(0, 255) ?? null,
    requestParam: param ? param.slice(0, 20_000) : null,
    requestType: e.requestType ?? null,
    costTime: e.costTime ?? (e.request ? elapsedMs(e.request) : null),
    success: e.success ?? null,
    createBy: e.userid ?? null,
  });
}
