/** SPEC section 8's error catalogue as data: what the user sees for a failed call. */

export const TOKEN_INVALID_MESSAGE = 'Token失效，请重新登录';
export const NOTICE_TITLE = '系统提示';

export const CATALOGUE_TEXT = {
  forbidden: '拒绝访问',
  notFound: '很抱歉，资源未找到!',
  timeout: '网络超时',
  unauthorized: '未授权，请重新登录',
  network: '网络异常，请检查网络连接',
  expiredTitle: '登录已过期',
  expiredContent: '很抱歉，登录已过期，请重新登录',
  expiredButton: '重新登录',
} as const;

export type ErrorReaction =
  /** A notification titled 系统提示 (duration in seconds; undefined: antd's default). */
  | { kind: 'notify'; description: string; duration?: number }
  /** The single 登录已过期 modal whose button logs out and reloads. */
  | { kind: 'session-expired' }
  /** 未授权 notification; with a token, log out and reload after the delay. */
  | { kind: 'unauthorized'; description: string; duration: number; reloadAfterMs: number | null }
  | { kind: 'none' };

export type FailedCall = {
  kind: 'http' | 'timeout' | 'network';
  status: number;
  message: string;
  hasToken: boolean;
};

export function reactionFor(call: FailedCall): ErrorReaction {
  if (call.kind === 'timeout') return { kind: 'notify', description: CATALOGUE_TEXT.timeout };
  if (call.kind === 'network') return { kind: 'notify', description: CATALOGUE_TEXT.network };
  const { status, message, hasToken } = call;
  if ((status === 500 || status === 401) && hasToken && message.includes(TOKEN_INVALID_MESSAGE)) {
    return { kind: 'session-expired' };
  }
  switch (status) {
    case 403:
      return { kind: 'notify', description: CATALOGUE_TEXT.forbidden, duration: 4 };
    case 500:
      return { kind: 'none' };
    case 404:
      return { kind: 'notify', description: CATALOGUE_TEXT.notFound, duration: 4 };
    case 504:
      return { kind: 'notify', description: CATALOGUE_TEXT.timeout };
    case 401:
      return {
        kind: 'unauthorized',
        description: CATALOGUE_TEXT.unauthorized,
        duration: 4,
        reloadAfterMs: hasToken ? 1500 : null,
      };
    default:
      return message ? { kind: 'notify', description: message, duration: 4 } : { kind: 'none' };
  }
}
