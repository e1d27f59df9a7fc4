import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG, USER_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { users } from '../../db/schema';
import { DEMO_PASSWORD } from '../../db/seed';
import { NEW_PASSWORD, api, kit } from './user.test-kit';

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

const departsOf = (token: string) => t.as(token, { method: 'GET', url: api('/sys/user/getCurrentUserDeparts') });
const loginRaw = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: api('/sys/login'), payload: { username, password } });

describe(`DELETE /sys/user/delete and deleteBatch (${TEST_DB})`, () => {
  it('deletes a user, ends their sessions and answers 404 afterwards', async () => {
    const id = await k.addUser('deluser1');
    const token = await t.login('deluser1', NEW_PASSWORD);
    expect((await departsOf(token)).statusCode).toBe(200);
    const res = await k.send('DELETE', `/sys/user/delete?id=${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USER_MSG.deleted);
    expect(await k.userRow('deluser1')).toBeUndefined();
    expect((await departsOf(token)).statusCode).toBe(401);
    expect((await k.send('DELETE', `/sys/user/delete?id=${id}`)).statusCode).toBe(404);
  });

  it('never deletes the admin account or the caller, alone or in a batch', async () => {
    const adminId = (await k.userRow('admin')).id;
    const other = await k.addUser('deluser2');
    const before = await k.userCount();
    const single = await k.send('DELETE', `/sys/user/delete?id=${adminId}`);
    expect(single.statusCode).toBe(400);
    expect(single.json().message).toBe(USER_MSG.adminProtected);
    const batch = await k.send('DELETE', `/sys/user/deleteBatch?ids=${other},${adminId},`);
    expect(batch.json().message).toBe(USER_MSG.adminProtected);
    expect(await k.userCount()).toBe(before);
    await k.send('PUT', '/sys/user/edit', {
      id: (await k.userRow('deluser2')).id,
      realname: 'x',
      selectedroles: await k.roleId('admin'),
    });
    await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.username, 'deluser2'));
    const self = await t.login('deluser2', NEW_PASSWORD);
    const selfDelete = await k.send('DELETE', `/sys/user/delete?id=${other}`, undefined, self);
    expect(selfDelete.statusCode).toBe(400);
    expect(selfDelete.json().message).toBe(USER_MSG.selfDelete);
    expect(await k.userCount()).toBe(before);
  });

  it('batch-deletes, refuses empty or malformed ids, and 403s without user:delete', async () => {
    const a = await k.addUser('batchdel1');
    const b = await k.addUser('batchdel2');
    expect((await k.send('DELETE', `/sys/user/deleteBatch?ids=${a},${b}`, undefined, zhangsan)).statusCode).toBe(403);
    expect((await k.send('DELETE', '/sys/user/deleteBatch?ids=')).json().message).toBe(USER_MSG.idsRequired);
    expect((await k.send('DELETE', `/sys/user/deleteBatch?ids=${encodeURIComponent("x' or '1'='1")}`)).statusCode).toBe(
      400,
    );
    expect((await k.send('DELETE', '/sys/user/delete?id=')).statusCode).toBe(400);
    expect(await k.userRow('batchdel1')).toBeDefined();
    const res = await k.send('DELETE', `/sys/user/deleteBatch?ids=${a},${b},`);
    expect(res.json().result).toBe(2);
    expect(await k.userRow('batchdel2')).toBeUndefined();
  });
});

describe('PUT /sys/user/frozenBatch', () => {
  it('freezing ends the live sessions at once; unfreezing lets the user sign in again', async () => {
    const id = await k.addUser('freezeme');
    const token = await t.login('freezeme', NEW_PASSWORD);
    const res = await k.send('PUT', '/sys/user/frozenBatch', { ids: `${id},`, status: 2 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ message: USER_MSG.frozenOk, result: 1 });
    const after = await departsOf(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(MSG.tokenInvalid);
    expect((await loginRaw('freezeme', NEW_PASSWORD)).json().message).toBe(MSG.userFrozen);
    expect((await k.userRow('freezeme')).status).toBe(2);
    await k.send('PUT', '/sys/user/frozenBatch', { ids: [id], status: '1' });
    expect((await loginRaw('freezeme', NEW_PASSWORD)).statusCode).toBe(200);
    // The token frozen out stays dead after the unfreeze.
    expect((await departsOf(token)).statusCode).toBe(401);
  });

  it('never freezes the admin account; refuses a bad status; 403 without user:freeze', async () => {
    const adminId = (await k.userRow('admin')).id;
    const other = await k.addUser('freezeme2');
    const res = await k.send('PUT', '/sys/user/frozenBatch', { ids: `${other},${adminId}`, status: 2 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_MSG.adminFreeze);
    expect((await k.userRow('freezeme2')).status).toBe(1);
    expect((await departsOf(admin)).statusCode).toBe(200);
    const bad = await k.send('PUT', '/sys/user/frozenBatch', { ids: other, status: 3 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(USER_MSG.statusInvalid);
    expect((await k.send('PUT', '/sys/user/frozenBatch', { ids: '', status: 2 })).json().message).toBe(
      USER_MSG.idsRequired,
    );
    expect((await k.send('PUT', '/sys/user/frozenBatch', { ids: 'nosuchuser', status: 2 })).statusCode).toBe(404);
    expect((await k.send('PUT', '/sys/user/frozenBatch', { ids: other, status: 2 }, zhangsan)).statusCode).toBe(403);
    expect((await k.userRow('freezeme2')).status).toBe(1);
  });
});

describe('PUT /sys/user/changPassword', () => {
  it('resets the password, ends the sessions and forces a change at next sign-in', async () => {
    const lisiToken = await t.login('lisi');
    const res = await k.send('PUT', '/sys/user/changPassword', {
      username: 'lisi',
      password: 'Reset0pass',
      confirmpassword: 'Reset0pass',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USER_MSG.passwordReset);
    expect((await departsOf(lisiToken)).statusCode).toBe(401);
    expect((await loginRaw('lisi', DEMO_PASSWORD)).statusCode).toBe(401);
    const fresh = await t.login('lisi', 'Reset0pass');
    expect((await departsOf(fresh)).statusCode).toBe(200);
    const guarded = await k.get('/sys/dict/list', fresh);
    expect(guarded.statusCode).toBe(403);
    expect(guarded.json().message).toBe(MSG.passwordMustChange);
    const change = await t.as(fresh, {
      method: 'PUT',
      url: api('/sys/user/updatePassword'),
      payload: { username: 'lisi', oldpassword: 'Reset0pass', password: 'Mine0pass', confirmpassword: 'Mine0pass' },
    });
    expect(change.statusCode).toBe(200);
    expect((await k.userRow('lisi')).mustChangePassword).toBe(false);
  });

  it('refuses an unknown user, a weak password and a mismatch without changing anything; 403 without the code', async () => {
    const before = (await k.userRow('zhangsan')).passwordHash;
    const unknown = await k.send('PUT', '/sys/user/changPassword', {
      username: 'nobody',
      password: 'Reset0pass',
      confirmpassword: 'Reset0pass',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(USER_MSG.userNotFound);
    const weak = await k.send('PUT', '/sys/user/changPassword', {
      username: 'zhangsan',
      password: 'weakpass',
      confirmpassword: 'weakpass',
    });
    expect(weak.json().message).toBe(MSG.passwordPolicy);
    const mismatch = await k.send('PUT', '/sys/user/changPassword', {
      username: 'zhangsan',
      password: 'Reset0pass',
      confirmpassword: 'Reset0pasS',
    });
    expect(mismatch.json().message).toBe(MSG.passwordMismatch);
    const denied = await k.send(
      'PUT',
      '/sys/user/changPassword',
      { username: 'manager', password: 'Reset0pass', confirmpassword: 'Reset0pass' },
      zhangsan,
    );
    expect(denied.statusCode).toBe(403);
    expect((await k.userRow('zhangsan')).passwordHash).toBe(before);
    expect((await k.userRow('manager')).mustChangePassword).toBe(false);
  });
});

describe('GET /sys/user/checkOnlyUser', () => {
  it('answers 200 for a free value and 409 with the field message for a taken one', async () => {
    const free = await k.get('/sys/user/checkOnlyUser?username=freename');
    expect(free.statusCode).toBe(200);
    expect(free.json().message).toBe(USER_MSG.valueAvailable);
    for (const [query, message] of [
      ['username=lisi', USER_MSG.usernameTaken],
      ['phone=13800000003', USER_MSG.phoneTaken],
      ['email=lisi%40lims.local', USER_MSG.emailTaken],
      ['workNo=0001', USER_MSG.workNoTaken],
    ]) {
      const res = await k.get(`/sys/user/checkOnlyUser?${query}`);
      expect(res.statusCode, query).toBe(409);
      expect(res.json().message).toBe(message);
    }
  });

  it('is refused (403, nothing told) to a signed-in user who may neither add nor edit users', async () => {
    for (const query of ['username=lisi', 'username=freename', 'phone=13800000003']) {
      const res = await k.get(`/sys/user/checkOnlyUser?${query}`, zhangsan);
      expect(res.statusCode, query).toBe(403);
      expect(res.json().message).toBe(MSG.forbidden);
    }
  });

  it('excludes the record being edited and refuses a call naming no field', async () => {
    const lisi = await k.userRow('lisi');
    expect((await k.get(`/sys/user/checkOnlyUser?phone=13800000004&id=${lisi.id}`)).statusCode).toBe(200);
    const none = await k.get('/sys/user/checkOnlyUser?id=x');
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(USER_MSG.checkFieldRequired);
  });
});
