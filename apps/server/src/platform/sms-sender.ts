import type { FastifyBaseLogger } from 'fastify';

export type SmsPurpose = '0' | '1' | '2';

/** Delivers one-time codes. Plug in a real SMS provider by implementing this. */
export interface SmsSender {
  send(mobile: string, code: string, purpose: SmsPurpose): Promise<void>;
}

const PURPOSE_TEXT: Record<SmsPurpose, string> = { '0': '登录', '1': '注册', '2': '找回密码' };

/** The demo sender: writes the code to the server log, so phone login works without a provider. */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    async send(mobile, code, purpose) {
      log.warn(
        { sms: { mobile, code, purpose } },
        `[短信] ${mobile} 的${PURPOSE_TEXT[purpose]}验证码: ${code}（演示发送器，未真正发送短信）`,
      );
    },
  };
}

/** Keeps the last code per mobile in memory (tests). */
export function memorySmsSender(): SmsSender & { last(mobile: string): string | undefined } {
  const codes = new Map<string, string>();
  return {
    async send(mobile, code) {
      codes.set(mobile, code);
    },
    last: (mobile) => codes.get(mobile),
  };
}
