import { describe, expect, it } from 'vitest';
import { reactionFor, type FailedCall } from './error-catalogue';

const http = (status: number, message = '', hasToken = true): FailedCall => ({
  kind: 'http',
  status,
  message,
  hasToken,
});

describe('error catalogue (SPEC section 8)', () => {
  it('403 → 系统提示 / 拒绝访问 for 4 s', () => {
    expect(reactionFor(http(403, '没有权限'))).toEqual({ kind: 'notify', description: '拒绝访问', duration: 4 });
  });

  it('500 or 401 with Token失效 while a token exists → the expired-session modal', () => {
    expect(reactionFor(http(500, 'Token失效，请重新登录'))).toEqual({ kind: 'session-expired' });
    expect(reactionFor(http(401, 'Token失效，请重新登录'))).toEqual({ kind: 'session-expired' });
  });

  it('500 with Token失效 but no token, and any other 500 → nothing', () => {
    expect(reactionFor(http(500, 'Token失效，请重新登录', false))).toEqual({ kind: 'none' });
    expect(reactionFor(http(500, '服务器内部错误'))).toEqual({ kind: 'none' });
  });

  it('404 → 很抱歉，资源未找到!', () => {
    expect(reactionFor(http(404, 'x'))).toEqual({ kind: 'notify', description: '很抱歉，资源未找到!', duration: 4 });
  });

  it('504 and a client timeout → 网络超时', () => {
    expect(reactionFor(http(504))).toEqual({ kind: 'notify', description: '网络超时' });
    expect(reactionFor({ kind: 'timeout', status: 0, message: '', hasToken: true })).toEqual({
      kind: 'notify',
      description: '网络超时',
    });
  });

  it('401 → 未授权，请重新登录; reload after 1.5 s only with a token', () => {
    expect(reactionFor(http(401, '用户名或密码错误', true))).toEqual({
      kind: 'unauthorized',
      description: '未授权，请重新登录',
      duration: 4,
      reloadAfterMs: 1500,
    });
    expect(reactionFor(http(401, 'Token失效，请重新登录', false))).toEqual({
      kind: 'unauthorized',
      description: '未授权，请重新登录',
      duration: 4,
      reloadAfterMs: null,
    });
  });

  it('other statuses → the response message', () => {
    expect(reactionFor(http(400, '用户名已存在'))).toEqual({
      kind: 'notify',
      description: '用户名已存在',
      duration: 4,
    });
    expect(reactionFor(http(429, '请求过于频繁，请稍后再试'))).toEqual({
      kind: 'notify',
      description: '请求过于频繁，请稍后再试',
      duration: 4,
    });
    expect(reactionFor(http(409, ''))).toEqual({ kind: 'none' });
  });

  it('no answer at all → a network notice', () => {
    expect(reactionFor({ kind: 'network', status: 0, message: '', hasToken: false }).kind).toBe('notify');
  });
});
