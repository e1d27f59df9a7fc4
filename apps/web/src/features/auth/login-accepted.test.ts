import { describe, expect, it } from 'vitest';
import type { Envelope, LoginResult } from '@lims/contracts';
import { loginAccepted } from './use-login-success';

const result = { token: 't', userInfo: {}, departs: [], multi_depart: 1 } as unknown as LoginResult;
const answer = (code: number | string, r: LoginResult | null = result) =>
  ({ success: true, message: '', code, result: r, timestamp: 0 }) as unknown as Envelope<LoginResult>;

describe('loginAccepted', () => {
  it('accepts code 200 (number or string) with a token', () => {
    expect(loginAccepted(answer(200))).toBe(true);
    expect(loginAccepted(answer('200'))).toBe(true);
  });

  it('rejects other codes or a missing token', () => {
    expect(loginAccepted(answer(0))).toBe(false);
    expect(loginAccepted(answer('201'))).toBe(false);
    expect(loginAccepted(answer(200, null))).toBe(false);
  });
});
