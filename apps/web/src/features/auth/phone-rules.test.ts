import { describe, expect, it } from 'vitest';
import { PHONE_MSG } from '@lims/contracts';
import { captchaError, mobileError } from './phone-rules';

describe('phone login rules', () => {
  it('checks the mobile number', () => {
    expect(mobileError('')).toBe(PHONE_MSG.mobileRequired);
    expect(mobileError('12345678901')).toBe(PHONE_MSG.mobileFormat);
    expect(mobileError('1380000000')).toBe(PHONE_MSG.mobileFormat);
    expect(mobileError('13800000001')).toBeUndefined();
  });

  it('checks the 6-digit code', () => {
    expect(captchaError(' ')).toBe(PHONE_MSG.captchaRequired);
    expect(captchaError('12345')).toBe(PHONE_MSG.captchaFormat);
    expect(captchaError('123456')).toBeUndefined();
  });
});
