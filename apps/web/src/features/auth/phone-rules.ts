import { MOBILE_PATTERN, PHONE_MSG } from '@lims/contracts';

export const SMS_CODE_PATTERN = /^\d{6}$/;
/** The 获取验证码 button waits this long before another code may be asked for. */
export const SMS_RESEND_SECONDS = 60;

export function mobileError(mobile: string): string | undefined {
  if (!mobile.trim()) return PHONE_MSG.mobileRequired;
  return MOBILE_PATTERN.test(mobile.trim()) ? undefined : PHONE_MSG.mobileFormat;
}

export function captchaError(captcha: string): string | undefined {
  if (!captcha.trim()) return PHONE_MSG.captchaRequired;
  return SMS_CODE_PATTERN.test(captcha.trim()) ? undefined : PHONE_MSG.captchaFormat;
}
