import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe(`visit statistics (${TEST_DB})`, () => {
  it('counts successful logins only, today and in total, with distinct IPs', async () => {
    const token = await t.login('admin');
    await t.login('zhangsan');
    await t.app.inject({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'zhangsan', password: 'Wrong1234' },
    });
    const res = await t.as(token, { method: 'GET', url: '/api/sys/loginfo' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual({ totalVisitCount: 2, todayVisitCount: 2, todayIp: 1 });
  });

  it('lists the last 7 days oldest first with today last', async () => {
    const token = await t.login('admin');
    const days = (await t.as(token, { method: 'GET', url: '/api/sys/visitInfo' })).json().result;
    expect(days).toHaveLength(7);
    const today = days[6];
    expect(today.visit).toBeGreaterThanOrEqual(3);
    expect(today.ip).toBe(1);
    expect(today.tian).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(today.type).toBe(today.tian.slice(5));
    expect(days[0].visit).toBe(0);
  });
});
