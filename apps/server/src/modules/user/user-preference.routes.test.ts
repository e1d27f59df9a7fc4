import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PREFERENCE_MAX_KEYS, PREFERENCE_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { kit } from './user.test-kit';

// Each file builds its own app and database; a busy machine needs more than the defaults.
vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
let zhangsan: string;
let k: ReturnType<typeof kit>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  zhangsan = await t.login('zhangsan');
  k = kit(t, () => admin);
});
afterAll(async () => {
  await t?.close();
});

const read = async (key: string, token: string) => {
  const res = await k.get(`/sys/user/preference?key=${encodeURIComponent(key)}`, token);
  expect(res.statusCode).toBe(200);
  return res.json().result as unknown;
};
const save = (key: string, value: unknown, token: string) =>
  t.as(token, { method: 'PUT', url: '/api/sys/user/preference', payload: { key, value } });

describe(`personal settings kept on the server (${TEST_DB})`, () => {
  it('a saved value is read back by its owner in a new session and by nobody else', async () => {
    const columns = { hidden: ['email'], order: ['username', 'realname'], widths: { realname: 180 }, density: 'small' };
    const res = await save('table:/system/user', columns, zhangsan);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(PREFERENCE_MSG.saved);
    expect(await read('table:/system/user', await t.login('zhangsan'))).toEqual(columns);
    // Another user with the same key sees his own (nothing yet), not zhangsan's.
    expect(await read('table:/system/user', admin)).toBeNull();
  });

  it('saving again replaces the value; deleting restores the default (null)', async () => {
    await save('query:/supplier', [{ name: 'A' }], zhangsan);
    await save('query:/supplier', [{ name: 'B' }], zhangsan);
    expect(await read('query:/supplier', zhangsan)).toEqual([{ name: 'B' }]);
    const del = await k.send('DELETE', '/sys/user/preference?key=query:/supplier', undefined, zhangsan);
    expect(del.json().message).toBe(PREFERENCE_MSG.reset);
    expect(await read('query:/supplier', zhangsan)).toBeNull();
  });

  it('a bad key or a value over 32 KB is 400 with the Chinese message and stores nothing', async () => {
    for (const key of ['', '1abc', 'a b', 'x'.repeat(101), "a';drop"]) {
      const res = await save(key, 1, zhangsan);
      expect(res.statusCode, key).toBe(400);
      expect(res.json().message).toContain(PREFERENCE_MSG.keyInvalid);
    }
    const big = await save('table:big', 'x'.repeat(33 * 1024), zhangsan);
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toContain(PREFERENCE_MSG.tooLarge);
    expect(await read('table:big', zhangsan)).toBeNull();
    const missing = await t.as(zhangsan, { method: 'PUT', url: '/api/sys/user/preference', payload: { key: 'a' } });
    expect(missing.statusCode).toBe(400);
  });

  it(`one user keeps at most ${PREFERENCE_MAX_KEYS} keys; an existing key can still be changed`, async () => {
    const lisi = await t.login('lisi');
    const saves = Array.from({ length: PREFERENCE_MAX_KEYS }, (_, i) => save(`k${i}`, i, lisi));
    expect((await Promise.all(saves)).every((r) => r.statusCode === 200)).toBe(true);
    const over = await save('one-more', 1, lisi);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(PREFERENCE_MSG.tooMany);
    expect((await save('k0', 'changed', lisi)).statusCode).toBe(200);
    expect(await read('k0', lisi)).toBe('changed');
  });

  it('a deeply nested value is refused or stored whole, never a 500', async () => {
    const depth = 10_000;
    const res = await t.as(zhangsan, {
      method: 'PUT',
      url: '/api/sys/user/preference',
      headers: { 'content-type': 'application/json' },
      payload: `{"key":"deep","value":${'['.repeat(depth)}${']'.repeat(depth)}}`,
    });
    expect([200, 400]).toContain(res.statusCode);
    if (res.statusCode === 200) expect(JSON.stringify(await read('deep', zhangsan)).length).toBe(depth * 2);
    else expect(await read('deep', zhangsan)).toBeNull();
  });

  it('needs a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/sys/user/preference?key=a' });
    expect(res.statusCode).toBe(401);
  });
});
