import type { Envelope, LoginBody, LoginResult, RegisterBody } from '@lims/contracts';
import { request, requestEnvelope } from '../../shared/http/api-client';

/** POST /sys/login; the page shows failures itself (silent). */
export function loginRequest(body: Pick<LoginBody, 'username' | 'password'>): Promise<Envelope<LoginResult>> {
  return requestEnvelope<LoginResult>('/sys/login', { method: 'POST', body, silent: true });
}

/** POST /sys/sms: sends a login code to the mobile number (smsmode '0' = login). */
export function sendSmsCode(mobile: string): Promise<unknown> {
  return request('/sys/sms', { method: 'POST', body: { mobile, smsmode: '0' }, silent: true });
}

/** POST /sys/phoneLogin: mobile number + 6-digit SMS code; answers like /sys/login. */
export function phoneLoginRequest(body: { mobile: string; captcha: string }): Promise<Envelope<LoginResult>> {
  return requestEnvelope<LoginResult>('/sys/phoneLogin', { method: 'POST', body, silent: true });
}

/** POST /sys/user/register: creates a frozen account an administrator approves. */
export function registerRequest(body: RegisterBody): Promise<unknown> {
  return request('/sys/user/register', { method: 'POST', body, silent: true });
}
