import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';
import { users } from '../db/schema';
import { hashPassword } from '../platform/passwords';

let t: TestApp;
let noRoleToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  await t.database.db
    .insert(users)
    .values({ username: 'norole', realname: '无角色', passwordHash: await hashPassword('Norole123') });
  noRoleToken = await t.login('norole', 'Norole123');
});
afterAll(async () => {
  await t?.close();
});

/** A concrete URL for a route pattern (path params filled with a harmless value). */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x');

describe(`every API route is guarded (${TEST_DB})`, () => {
  it('has a route table with declared guards', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(5);
    for (const r of t.app.routeTable) expect(r.permission ?? r.access, `${r.method} ${r.url}`).toBeTruthy();
  });

  it('answers 401 without a token on every non-public route', async () => {
    for (const r of t.app.routeTable.filter((x) => x.access !== 'public')) {
      const res = await t.app.inject({ method: r.method as 'GET', url: concrete(r.url) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().message).toBe(MSG.tokenInvalid);
    }
  });

  it('answers 403 to a signed-in user without the permission on every guarded route', async () => {
    for (const r of t.app.routeTable.filter((x) => x.permission)) {
      const res = await t.as(noRoleToken, { method: r.method, url: concrete(r.url) });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
    }
  });

  it('refuses permission routes while a password change is pending', async () => {
    const guarded = t.app.routeTable.find((x) => x.permission);
    if (!guarded) return;
    await t.database.db.update(users).set({ mustChangePassword: true }).where(eq(users.username, 'admin'));
    const token = await t.login('admin');
    const res = await t.as(token, { method: guarded.method, url: concrete(guarded.url) });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.passwordMustChange);
    await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.username, 'admin'));
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/actuator/env' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 404 });
  });
});
