import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, PHONE_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';
import { users } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed';
import { createRateLimiter } from '../plugins/rate-limit';
import { memorySmsSender } from '../platform/sms-sender';

// Small per-IP limits; every test speaks from its own address (inject's remoteAddress), so they do not meet.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    { LOGIN_IP_MAX_FAILURES: '6', SMS_IP_MAX_PER_HOUR: '3', REGISTER_IP_MAX_PER_HOUR: '2' },
    { smsSender: memorySmsSender() },
  );
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: ip });
const login = (username: string, password: string, ip: string) => post('/sys/login', { username, password }, ip);

describe(`per-IP rate limit on sign-in (${TEST_DB})`, () => {
  it('answers 429 with Retry-After and a Chinese message after 6 failures from one address, before any password check', async () => {
    const ip = '10.0.0.1';
    for (let i = 0; i < 6; i++) {
      const res = await login(`nobody${i}`, 'Wrong1234', ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(401);
    }
    // Even the right password of a real account is refused now: the limit is per address, not per account.
    const limited = await login('admin', DEMO_PASSWORD, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 429, message: '登录尝试过于频繁，请 10 分钟后再试' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another address is not affected.
    expect((await login('admin', DEMO_PASSWORD, '10.0.0.2')).statusCode).toBe(200);
  });

  it('does not count successful sign-ins, even many at once (colleagues behind one address)', async () => {
    const ip = '10.0.1.1';
    const burst = await Promise.all(Array.from({ length: 12 }, () => login('zhangsan', DEMO_PASSWORD, ip)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    for (let i = 0; i < 5; i++) expect((await login(`ghost${i}`, 'Wrong1aaa', ip)).statusCode).toBe(401);
    expect((await login('zhangsan', DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('counts phone-login and password-change failures in the same window', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < 3; i++) expect((await post('/sys/phoneLogin', { mobile: '13900000000', captcha: '123456' }, ip)).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) {
      const res = await post('/sys/user/updatePassword', { username: 'ghost2', oldpassword: 'Wrong1234', password: 'Newpass123', confirmpassword: 'Newpass123' }, ip);
      expect(res.statusCode).toBe(400);
    }
    const limited = await post('/sys/phoneLogin', { mobile: '13900000000', captcha: '123456' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await login('lisi', DEMO_PASSWORD, ip)).statusCode).toBe(429);
  });

  it('limits SMS code requests and registrations per address', async () => {
    const ip = '10.0.3.1';
    for (const mobile of ['13900000001', '13900000002', '13900000003']) {
      expect((await post('/sys/sms', { mobile, smsmode: '0' }, ip)).statusCode).toBe(200);
    }
    const sms = await post('/sys/sms', { mobile: '13900000004', smsmode: '0' }, ip);
    expect(sms.statusCode).toBe(429);
    expect(sms.json().message).toBe('验证码请求过于频繁，请 60 分钟后再试');
    expect(Number(sms.headers['retry-after'])).toBeGreaterThan(3000);

    const reg = (n: number) => post('/sys/user/register', { username: `ratelimit${n}`, realname: '限流', password: 'Abcdefg1', confirmpassword: 'Abcdefg1' }, ip);
    expect((await reg(1)).json().message).toBe(PHONE_MSG.registered);
    expect((await reg(2)).statusCode).toBe(200);
    const third = await reg(3);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('注册请求过于频繁，请 60 分钟后再试');
  });
});

describe('the limiter', () => {
  it('slides: hits leave the window as time passes, and the Retry-After counts down', () => {
    let now = 0;
    const limiter = createRateLimiter({
      login: { max: 2, windowMs: 1000 }, sms: { max: 1, windowMs: 1000 }, register: { max: 1, windowMs: 1000 },
    }, () => now);
    limiter.hit('login', 'a');
    now = 400;
    limiter.hit('login', 'a');
    now = 900;
    expect(() => limiter.check('login', 'a')).toThrow('登录尝试过于频繁');
    expect(() => limiter.check('login', 'b')).not.toThrow();
    now = 1001;
    expect(() => limiter.check('login', 'a')).not.toThrow();
    limiter.hit('login', 'a');
    try {
      limiter.check('login', 'a');
      expect.unreachable();
    } catch (err) {
      expect((err as { headers: Record<string, string> }).headers['retry-after']).toBe('1');
    }
  });
});

describe(`no user enumeration (${TEST_DB})`, () => {
  it('answers an unknown user and a wrong password alike, also when locking', async () => {
    const ip = '10.0.4.1';
    const known: { status: number; message: string }[] = [];
    const unknown: { status: number; message: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const a = await login('lisi', `Wrong${i}pass`, ip);
      const b = await login('no-such-user', `Wrong${i}pass`, `${ip}${i}`);
      known.push({ status: a.statusCode, message: a.json().message });
      unknown.push({ status: b.statusCode, message: b.json().message });
      t.app.rateLimiter.reset();
    }
    expect(unknown).toEqual(known);
    expect(known.map((k) => k.status)).toEqual([401, 401, 401, 401, 423, 423]);
    expect(known[0].message).toBe(MSG.badCredentials);
    expect(known[4].message).toBe(MSG.accountLocked(10));
  });

  it('spends similar time on an unknown user and a wrong password (the argon2 work is done for both)', async () => {
    const ip = '10.0.5.1';
    const time = async (username: string) => {
      const t0 = performance.now();
      const res = await login(username, 'Wrong-pass-1', ip);
      expect(res.statusCode).toBe(401);
      return performance.now() - t0;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, three rounds of two (under the lockout threshold), so machine load hits both alike.
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 2; i++) {
        known.push(await time('zhangsan'));
        unknown.push(await time(`ghost-${round}-${i}`));
      }
      await t.database.db.update(users).set({ failedLogins: 0 }).where(eq(users.username, 'zhangsan'));
      t.app.rateLimiter.reset();
    }
    const [k, u] = [median(known), median(unknown)];
    // A real argon2id verification (m=19 MiB, t=2) takes milliseconds; a skipped one would answer in well under one.
    expect(u).toBeGreaterThan(k * 0.5);
    expect(u).toBeLessThan(k * 2);
  });
});
