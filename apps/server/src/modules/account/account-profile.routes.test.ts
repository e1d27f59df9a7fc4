import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MSG, MSG, USER_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { userDeparts, userRoles, users } from '../../db/schema';
import { fileUpload } from '../../platform/files/multipart.fixture';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let t: TestApp;
let zhangsan: string;
beforeAll(async () => {
  t = await buildTestApp();
  zhangsan = await t.login('zhangsan');
});
afterAll(async () => {
  await t?.close();
});

const save = (payload: object, token = zhangsan) =>
  t.as(token, { method: 'PUT', url: '/api/sys/account/profile', payload });
const row = async (username: string) => {
  const [r] = await t.database.db.select().from(users).where(eq(users.username, username));
  return r;
};
const links = async (userId: string) => ({
  roles: (await t.database.db.select().from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.roleId),
  departs: (await t.database.db.select().from(userDeparts).where(eq(userDeparts.userId, userId))).map((r) => r.depId),
});
const upload = async (name: string, content: Buffer, token = zhangsan) => {
  const res = await t.as(token, {
    method: 'POST',
    url: '/api/sys/common/upload?biz=avatar',
    ...fileUpload(name, content),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.filePath as string;
};

describe(`个人设置 › 基本信息 (${TEST_DB})`, () => {
  it('without a session: 401 on reading and on saving, and nothing changes', async () => {
    const before = await row('zhangsan');
    const get = await t.app.inject({ method: 'GET', url: '/api/sys/account/profile' });
    expect(get.statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: '/api/sys/account/profile', payload: { realname: '匿名' } });
    expect(put.statusCode).toBe(401);
    expect(put.json().message).toBe(MSG.tokenInvalid);
    expect((await row('zhangsan')).realname).toBe(before.realname);
  });

  it('a user without any 用户管理 right reads and changes their own name, mobile and email', async () => {
    const got = await t.as(zhangsan, { method: 'GET', url: '/api/sys/account/profile' });
    expect(got.statusCode).toBe(200);
    expect(got.json().result).toMatchObject({ username: 'zhangsan', phone: '13800000003' });
    expect(got.body).not.toMatch(/password_?hash|\$argon2/i);

    const res = await save({ realname: '  张三丰 ', phone: '13900000003', email: 'zsf@lims.local' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ACCOUNT_MSG.profileSaved);
    expect(res.json().result.userInfo).toMatchObject({
      username: 'zhangsan',
      realname: '张三丰',
      phone: '13900000003',
    });
    const saved = await row('zhangsan');
    expect(saved).toMatchObject({ realname: '张三丰', phone: '13900000003', email: 'zsf@lims.local' });
    expect(saved.updateBy).toBe('zhangsan');
  });

  it('mass assignment: account, status, roles, departments, password and the rest are ignored', async () => {
    const before = await row('zhangsan');
    const beforeLinks = await links(before.id);
    const lisi = await row('lisi');
    const res = await save({
      realname: '张三',
      id: lisi.id,
      username: 'zhangsan2',
      status: 2,
      orgCode: 'A01',
      workNo: '9999',
      post: '总经理',
      sex: 2,
      passwordHash: 'x',
      password: 'Hacked@2026',
      mustChangePassword: true,
      selectedroles: 'admin',
      selecteddeparts: lisi.orgCode,
      createBy: 'admin',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await row('zhangsan');
    expect(after.realname).toBe('张三');
    const { realname: _a, updateTime: _b, updateBy: _c, version: _d, ...restAfter } = after;
    const { realname: _e, updateTime: _f, updateBy: _g, version: _h, ...restBefore } = before;
    expect(restAfter).toEqual(restBefore);
    expect(await links(after.id)).toEqual(beforeLinks);
    expect(await row('lisi')).toEqual(lisi);
    // The old password still signs in; the account was not renamed or frozen.
    expect(await t.login('zhangsan')).toBeTruthy();
  });

  it('checks the fields with the shared messages and changes nothing on a refusal', async () => {
    const before = await row('zhangsan');
    const cases: Array<[object, number, string]> = [
      [{ realname: '  ' }, 400, USER_MSG.realnameRequired],
      [{ phone: '13900000003' }, 400, USER_MSG.realnameRequired],
      [{ realname: '张三', phone: '12345' }, 400, USER_MSG.phoneFormat],
      [{ realname: '张三', email: 'not-an-email' }, 400, USER_MSG.emailFormat],
      [{ realname: '张三', phone: '13800000004' }, 409, USER_MSG.phoneTaken],
      [{ realname: '张三', email: 'lisi@lims.local' }, 409, USER_MSG.emailTaken],
      [{ realname: '张三', avatar: 'https://tracker.example/p.png' }, 400, ACCOUNT_MSG.avatarNotImage],
      [
        { realname: '张三', avatar: 'avatar/202601/0123456789abcdef0123456789abcdef.png' },
        400,
        ACCOUNT_MSG.avatarNotImage,
      ],
    ];
    for (const [payload, status, message] of cases) {
      const res = await save(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json().message, JSON.stringify(payload)).toContain(message);
    }
    expect(await row('zhangsan')).toEqual(before);
  });

  it('avatar: an image the user uploaded is taken; a non-image or somebody else’s upload is refused', async () => {
    const own = await upload('me.png', PNG);
    const res = await save({ realname: '张三', avatar: own });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.userInfo.avatar).toBe(own);
    expect((await row('zhangsan')).avatar).toBe(own);

    const pdf = await upload('cv.pdf', PDF);
    const lisiImage = await upload('lisi.png', PNG, await t.login('lisi'));
    for (const avatar of [pdf, lisiImage]) {
      const refused = await save({ realname: '张三', avatar });
      expect(refused.statusCode, avatar).toBe(400);
      expect(refused.json().message).toBe(ACCOUNT_MSG.avatarNotImage);
    }
    expect((await row('zhangsan')).avatar).toBe(own);

    // Unchanged avatar is kept; a blank one clears it.
    expect((await save({ realname: '张三', avatar: own })).statusCode).toBe(200);
    expect((await save({ realname: '张三', avatar: '' })).statusCode).toBe(200);
    expect((await row('zhangsan')).avatar).toBeNull();
  });

  it('the new name is what the next requests answer', async () => {
    expect((await save({ realname: '张三（新）' })).statusCode).toBe(200);
    const info = await t.as(zhangsan, { method: 'GET', url: '/api/sys/account/profile' });
    expect(info.json().result.realname).toBe('张三（新）');
  });
});
