import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PHONE_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { smsCodes, users } from '../../db/schema';
import { memorySmsSender } from '../../platform/sms-sender';

let t: TestApp;
const sms = memorySmsSender();
const api = (p: string) => `/api${p}`;
let mobile: string;

beforeAll(async () => {
  t = await buildTestApp({}, { smsSender: sms });
  mobile = (await t.database.db.select().from(users).where(eq(users.username, 'zhangsan')))[0].phone!;
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url: api(url), payload });

describe(`phone login (${TEST_DB})`, () => {
  it('validates the number and the code format', async () => {
    expect((await post('/sys/sms', { mobile: '12345' })).json().message).toBe(PHONE_MSG.mobileFormat);
    expect((await post('/sys/phoneLogin', { mobile, captcha: '12ab' })).json().message).toBe(PHONE_MSG.captchaFormat);
  });

  it('sends a code, refuses a resend within a minute, and logs in with the code once', async () => {
    const sent = await post('/sys/sms', { mobile, smsmode: '0' });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().message).toBe(PHONE_MSG.codeSent);
    const again = await post('/sys/sms', { mobile, smsmode: '0' });
    expect(again.statusCode).toBe(429);
    const code = sms.last(mobile)!;
    expect(code).toMatch(/^\d{6}$/);
    const wrong = await post('/sys/phoneLogin', { mobile, captcha: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(PHONE_MSG.codeWrong);
    const res = await post('/sys/phoneLogin', { mobile, captcha: code });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.userInfo.username).toBe('zhangsan');
    const reuse = await post('/sys/phoneLogin', { mobile, captcha: code });
    expect(reuse.statusCode).toBe(400);
  });

  it('answers an unknown number like a known one but delivers nothing', async () => {
    const res = await post('/sys/sms', { mobile: '13912345678', smsmode: '0' });
    expect(res.statusCode).toBe(200);
    expect(sms.last('13912345678')).toBeUndefined();
  });

  it('expires codes after five minutes', async () => {
    await t.database.db.delete(smsCodes);
    await post('/sys/sms', { mobile, smsmode: '0' });
    await t.database.db.update(smsCodes).set({ expiresAt: sql`now() - interval '1 second'` });
    const res = await post('/sys/phoneLogin', { mobile, captcha: sms.last(mobile)! });
    expect(res.json().message).toBe(PHONE_MSG.codeExpired);
  });
});

describe('self-registration', () => {
  it('creates a frozen account that cannot log in yet', async () => {
    const res = await post('/sys/user/register', {
      username: 'newbie',
      realname: '新人',
      password: 'Newbie123',
      confirmpassword: 'Newbie123',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PHONE_MSG.registered);
    const login = await post('/sys/login', { username: 'newbie', password: 'Newbie123' });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MSG.userFrozen);
  });

  it('refuses a taken username and a weak password, creating nothing', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    const taken = await post('/sys/user/register', {
      username: 'admin',
      realname: 'x',
      password: 'Abcdefg1',
      confirmpassword: 'Abcdefg1',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(PHONE_MSG.usernameTaken);
    const weak = await post('/sys/user/register', {
      username: 'weakling',
      realname: 'x',
      password: 'abc',
      confirmpassword: 'abc',
    });
    expect(weak.json().message).toBe(MSG.passwordPolicy);
    const after = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(users))[0].n;
    expect(after).toBe(before);
  });
});
