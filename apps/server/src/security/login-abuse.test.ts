import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG, PHONE_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';
import { authAttempts, users } from '../db/schema';
import { DEMO_PASSWORD } from '../db/seed';
import { addressKey } from '../platform/auth-attempts';
import { memorySmsSender } from '../platform/sms-sender';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

// Small limits; every test speaks from its own addresses (inject's remoteAddress) and names, so they do not meet.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(
    {
      LOGIN_IP_MAX_FAILURES: '6',
      LOGIN_ACCOUNT_MAX_FAILURES: '8',
      SMS_IP_MAX_PER_HOUR: '3',
      REGISTER_IP_MAX_PER_HOUR: '2',
    },
    { smsSender: memorySmsSender() },
  );
});
afterAll(async () => {
  await t?.close();
});

const post = (url: string, payload: object, ip: string) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, payload, remoteAddress: ip });
const login = (username: string, password: string, ip: string) => post('/sys/login', { username, password }, ip);
const answer = async (username: string, password: string, ip: string) => {
  const res = await login(username, password, ip);
  return { status: res.statusCode, message: res.json().message as string };
};
/** Ages every counted failure by `minutes` (the windows are measured by the database clock). */
const ageFailures = (minutes: number) =>
  t.database.db.update(authAttempts).set({ at: sql`${authAttempts.at} - make_interval(mins => ${minutes})` });

describe(`no user enumeration (${TEST_DB})`, () => {
  it('answers an unknown name exactly like a real account, through and past the lockout', async () => {
    const known: { status: number; message: string }[] = [];
    const unknown: { status: number; message: string }[] = [];
    for (let i = 0; i < 7; i++) {
      known.push(await answer('lisi', `Wrong${i}pass`, '10.0.4.1'));
      unknown.push(await answer('no-such-user', `Wrong${i}pass`, '10.0.4.2'));
    }
    expect(unknown).toEqual(known);
    expect(known.map((k) => k.status)).toEqual([401, 401, 401, 401, 423, 423, 423]);
    expect(known[0].message).toBe(MSG.badCredentials);
    expect(known[4].message).toBe(MSG.accountLocked(10));
    // Locked: even the right password is refused from that address, the same way.
    expect(await answer('lisi', DEMO_PASSWORD, '10.0.4.1')).toEqual(known[6]);
  });

  it('reports a frozen account whatever the password (the answer confirms no password)', async () => {
    const right = await answer('wangwu', DEMO_PASSWORD, '10.0.6.1');
    const wrong = await answer('wangwu', 'Wrong-pass-1', '10.0.6.1');
    expect(right).toEqual({ status: 403, message: MSG.userFrozen });
    expect(wrong).toEqual(right);
  });

  it('spends similar time on an unknown user and a wrong password (the argon2 work is done for both)', async () => {
    const time = async (username: string, ip: string) => {
      const t0 = performance.now();
      const res = await login(username, 'Wrong-pass-1', ip);
      expect(res.statusCode).toBe(401);
      return performance.now() - t0;
    };
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, from a new address each time (under every threshold), so machine load hits both alike.
    for (let i = 0; i < 6; i++) {
      known.push(await time('admin', `10.0.5.${i + 1}`));
      unknown.push(await time(`ghost-${i}`, `10.0.5.${i + 101}`));
    }
    const [k, u] = [median(known), median(unknown)];
    // A real argon2id verification (m=19 MiB, t=2) takes milliseconds; a skipped one would answer in well under one.
    expect(u).toBeGreaterThan(k * 0.5);
    expect(u).toBeLessThan(k * 2);
  });
});

describe(`lockout cannot be used against the owner (${TEST_DB})`, () => {
  it("a stranger locking an account from other addresses never stops the owner's right password from a clean address", async () => {
    // Ten strangers' addresses, each until refused: the account is locked for each of them …
    for (let a = 1; a <= 10; a++) {
      let last = 0;
      for (let i = 0; i < 6 && last !== 423; i++)
        last = (await login('manager', `Guess${a}x${i}`, `10.1.0.${a}`)).statusCode;
      expect(last, `address ${a}`).toBe(423);
    }
    // … and the owner, from an address that never failed on it, signs in.
    expect((await login('manager', DEMO_PASSWORD, '10.1.9.9')).statusCode).toBe(200);
    // The strangers' addresses stay refused, right password or not.
    expect((await login('manager', DEMO_PASSWORD, '10.1.0.1')).statusCode).toBe(423);
  });

  it('a per-account slow-down bounds guessing from many addresses: once under attack, one guess per address', async () => {
    const statuses: number[][] = [];
    for (let a = 1; a <= 6; a++) {
      const seq: number[] = [];
      for (let i = 0; i < 6; i++) {
        const s = (await login('lisi2x', `Guess${a}y${i}`, `10.2.0.${a}`)).statusCode;
        seq.push(s);
        if (s === 423) break;
      }
      statuses.push(seq);
    }
    // 5 failures lock the first address; the second adds 3 (8 = LOGIN_ACCOUNT_MAX_FAILURES) …
    expect(statuses[0]).toEqual([401, 401, 401, 401, 423]);
    expect(statuses[1]).toEqual([401, 401, 401, 423]);
    // … then every further address gets one guess before it is refused.
    for (const seq of statuses.slice(2)) expect(seq).toEqual([401, 423]);
    // A refused address's guesses are not even checked: the right password is refused there too.
    await t.database.db.update(users).set({ username: 'lisi2x' }).where(eq(users.username, 'lisi'));
    try {
      expect((await login('lisi2x', DEMO_PASSWORD, '10.2.0.6')).statusCode).toBe(423);
      expect((await login('lisi2x', DEMO_PASSWORD, '10.2.9.9')).statusCode).toBe(200);
    } finally {
      await t.database.db.update(users).set({ username: 'lisi' }).where(eq(users.username, 'lisi2x'));
    }
  });

  it("a pair lock ends after LOGIN_LOCK_MINUTES; a success forgets that address's failures", async () => {
    for (let i = 0; i < 5; i++) await login('zhangsan', `Bad${i}pass1`, '10.3.0.1');
    expect((await login('zhangsan', DEMO_PASSWORD, '10.3.0.1')).statusCode).toBe(423);
    await ageFailures(11);
    expect((await login('zhangsan', DEMO_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login('zhangsan', `Bad${i}pass2`, '10.3.0.1')).statusCode).toBe(401);
    expect((await login('zhangsan', DEMO_PASSWORD, '10.3.0.1')).statusCode).toBe(200);
    expect((await login('zhangsan', 'Bad9pass3', '10.3.0.1')).statusCode).toBe(401);
  });
});

describe(`per-address limit on sign-in (${TEST_DB})`, () => {
  it('after 6 failures from one address, names it failed on get 429; colleagues behind it still sign in', async () => {
    const ip = '10.0.0.1';
    for (let i = 0; i < 6; i++)
      expect((await login(`nobody${i}`, 'Wrong1234', ip)).statusCode, `attempt ${i + 1}`).toBe(401);
    const limited = await login('nobody0', 'Wrong1234', ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 429, message: '登录尝试过于频繁，请 10 分钟后再试' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(500);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // The office behind the same address (a proxy or NAT) is not locked out.
    expect((await login('admin', DEMO_PASSWORD, ip)).statusCode).toBe(200);
    expect((await login('zhangsan', DEMO_PASSWORD, ip)).statusCode).toBe(200);
    // A name it never tried gets its one guess, then is refused as well.
    expect((await login('nobody-new', 'Wrong1234', ip)).statusCode).toBe(401);
    expect((await login('nobody-new', 'Wrong1235', ip)).statusCode).toBe(429);
  });

  it('does not count successful sign-ins, even many at once (colleagues behind one address)', async () => {
    const ip = '10.0.1.1';
    const names = ['admin', 'manager', 'zhangsan', 'lisi'];
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => login(names[i % 4], DEMO_PASSWORD, ip)));
    expect(burst.map((r) => r.statusCode)).toEqual(Array(12).fill(200));
    for (let i = 0; i < 5; i++) expect((await login(`ghost${i}`, 'Wrong1aaa', ip)).statusCode).toBe(401);
    expect((await login('zhangsan', DEMO_PASSWORD, ip)).statusCode).toBe(200);
  });

  it('parallel wrong guesses see each other: at most the threshold of them is checked', async () => {
    const res = await Promise.all(Array.from({ length: 12 }, (_, i) => login('parallel-x', `Guess${i}zz`, '10.0.7.1')));
    // However the requests interleave, the pair still gets four 401s in all and the fifth checked guess locks it.
    expect(res.every((r) => [401, 423, 429].includes(r.statusCode))).toBe(true);
    let more = 0;
    for (let i = 0; i < 10 && (await login('parallel-x', `Later${i}zz`, '10.0.7.1')).statusCode === 401; i++) more++;
    expect(res.filter((r) => r.statusCode === 401).length + more).toBe(4);
  });

  it('counts phone-login and password-change failures as sign-in failures of the address', async () => {
    const ip = '10.0.2.1';
    for (let i = 0; i < 3; i++)
      expect((await post('/sys/phoneLogin', { mobile: `1390000000${i}`, captcha: '123456' }, ip)).statusCode).toBe(400);
    for (let i = 0; i < 3; i++) {
      const res = await post(
        '/sys/user/updatePassword',
        { username: `ghost2${i}`, oldpassword: 'Wrong1234', password: 'Newpass123', confirmpassword: 'Newpass123' },
        ip,
      );
      expect(res.statusCode).toBe(400);
    }
    const limited = await post('/sys/phoneLogin', { mobile: '13900000000', captcha: '123456' }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await login('lisi', DEMO_PASSWORD, ip)).statusCode).toBe(200);
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

    const reg = (n: number) =>
      post(
        '/sys/user/register',
        { username: `ratelimit${n}`, realname: '限流', password: 'Abcdefg1', confirmpassword: 'Abcdefg1' },
        ip,
      );
    expect((await reg(1)).json().message).toBe(PHONE_MSG.registered);
    expect((await reg(2)).statusCode).toBe(200);
    const third = await reg(3);
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('注册请求过于频繁，请 60 分钟后再试');
  });

  it('counts an IPv6 client by its /64 network', async () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:ffff:1:2:3')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
    for (let i = 0; i < 3; i++)
      expect(
        (await post('/sys/sms', { mobile: `1380000010${i}`, smsmode: '0' }, `2001:db8:9:9::${i + 1}`)).statusCode,
      ).toBe(200);
    expect((await post('/sys/sms', { mobile: '13800000109', smsmode: '0' }, '2001:db8:9:9:ffff::7')).statusCode).toBe(
      429,
    );
  });
});

describe(`registration tells nothing about others' phone numbers (${TEST_DB})`, () => {
  it('answers a taken and a free phone number alike and stores the taken one nowhere', async () => {
    const reg = (username: string, phone: string, ip: string) =>
      post(
        '/sys/user/register',
        { username, realname: '注册', password: 'Abcdefg1', confirmpassword: 'Abcdefg1', phone },
        ip,
      );
    const taken = await reg('regtaken1', '13800000003', '10.4.0.1');
    const free = await reg('regfree1', '13911112222', '10.4.0.2');
    expect({ status: taken.statusCode, message: taken.json().message }).toEqual({
      status: free.statusCode,
      message: free.json().message,
    });
    expect(taken.json().message).toBe(PHONE_MSG.registered);
    const rows = await t.database.db
      .select({ username: users.username, phone: users.phone, status: users.status })
      .from(users)
      .where(sql`${users.username} in ('regtaken1', 'regfree1')`)
      .orderBy(users.username);
    expect(rows).toEqual([
      { username: 'regfree1', phone: '13911112222', status: 2 },
      { username: 'regtaken1', phone: null, status: 2 },
    ]);
    // A taken username is still said: the registrant has to choose another.
    const name = await reg('lisi', '13911113333', '10.4.0.3');
    expect(name.statusCode).toBe(409);
    expect(name.json().message).toBe(PHONE_MSG.usernameTaken);
  });
});
