import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG, USER_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { announcements, dicts, loginCaptchas } from '../../db/schema';
import { SECRET_RE, api, kit } from '../user/user.test-kit';

// Each file builds its own app and database; a busy machine needs more than the defaults.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 180_000 });

/**
 * What the original JeecgBoot 2.x web client (ant-design-vue-jeecg v2.1.4) sends, read from its
 * pages, and what it needs back (docs/decisions.md, "Compatibility with JeecgBoot 2.x clients").
 */
let t: TestApp;
let admin: string;
let k: ReturnType<typeof kit>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  k = kit(t, () => admin);
});
afterAll(async () => {
  await t?.close();
});

/** The list query of JeecgListMixin: `field` names the table's columns only. */
const clientList = (url: string, field: string, extra = '') =>
  k.get(
    `${url}?_t=1764000000&column=createTime&order=desc&field=${encodeURIComponent(field)}&pageNo=1&pageSize=10${extra}`,
  );
const AUDIT = ['id', 'createTime', 'createBy', 'updateTime', 'updateBy'];

describe(`list records are whole whatever field says (${TEST_DB})`, () => {
  it('用户管理: the edit form finds 工号, 邮箱 and the rest; no secret', async () => {
    const res = await clientList(
      '/sys/user/list',
      'id,,,username,realname,avatar,sex_dictText,birthday,phone,orgCode,status_dictText,action',
    );
    expect(res.statusCode).toBe(200);
    const admin = res.json().result.records.find((r: { username: string }) => r.username === 'admin');
    expect(Object.keys(admin)).toEqual(
      expect.arrayContaining([...AUDIT, 'workNo', 'email', 'post', 'telephone', 'status', 'sex']),
    );
    expect(admin).toMatchObject({ workNo: '0001', email: 'admin@lims.local' });
    expect(res.body).not.toMatch(SECRET_RE);
  });

  it('系统通告: the record carries msgContent, so an edit opens with it and keeps it', async () => {
    const add = await k.send('POST', '/sys/annountCement/add', {
      titile: '兼容：编辑保留正文',
      msgContent: '<p>正文保留</p>',
      msgCategory: '1',
      msgType: 'ALL',
      priority: 'L',
    });
    expect(add.statusCode).toBe(200);
    const res = await clientList(
      '/sys/annountCement/list',
      'id,,,titile,msgCategory_dictText,sender,priority_dictText,msgType_dictText,sendStatus_dictText,sendTime,cancelTime,action',
    );
    const record = res.json().result.records.find((r: { id: string }) => r.id === add.json().result);
    expect(Object.keys(record)).toEqual(expect.arrayContaining(AUDIT));
    expect(record.msgContent).toBe('<p>正文保留</p>');
    const edit = await k.send('PUT', '/sys/annountCement/edit', { ...record, titile: '兼容：已编辑' });
    expect(edit.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(announcements).where(eq(announcements.id, record.id));
    expect(row).toMatchObject({ titile: '兼容：已编辑', msgContent: '<p>正文保留</p>' });
  });

  it('数据字典 items: the record carries dictId, so the item edit saves', async () => {
    const [sex] = await t.database.db.select({ id: dicts.id }).from(dicts).where(eq(dicts.dictCode, 'sex'));
    const res = await clientList(
      '/sys/dictItem/list',
      'id,,,itemText,itemValue,status_dictText,action',
      `&dictId=${sex.id}`,
    );
    const [item] = res.json().result.records;
    expect(item).toMatchObject({ dictId: sex.id });
    expect(Object.keys(item)).toEqual(expect.arrayContaining(AUDIT));
    expect((await k.send('PUT', '/sys/dictItem/edit', { ...item, description: '兼容' })).statusCode).toBe(200);
  });
});

describe(`user form of the original client (${TEST_DB})`, () => {
  it('adds a user with no picture chosen (avatar: []) and with one ([path])', async () => {
    const form = (username: string, avatar: unknown) => ({
      username,
      realname: `兼容${username}`,
      password: 'Passw0rd9',
      confirmpassword: 'Passw0rd9',
      workNo: '',
      email: '',
      phone: '',
      birthday: '',
      avatar,
      selectedroles: '',
      selecteddeparts: '',
      identity: '1',
      departIds: '',
      activitiSync: '1',
    });
    const none = await k.send('POST', '/sys/user/add', form('compat_none', []));
    expect(none.statusCode, none.body).toBe(200);
    expect((await k.userRow('compat_none')).avatar).toBeNull();
    const one = await k.send(
      'POST',
      '/sys/user/add',
      form('compat_one', ['avatar/202611/0123456789abcdef0123456789abcdef.png']),
    );
    expect(one.statusCode, one.body).toBe(200);
    expect((await k.userRow('compat_one')).avatar).toBe('avatar/202611/0123456789abcdef0123456789abcdef.png');
    const two = await k.send('POST', '/sys/user/add', form('compat_two', ['a.png', 'b.png']));
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe(USER_MSG.avatarInvalid);
  });

  it('serves userDepartList as { key, value, title }, and an edit through it keeps the departments', async () => {
    const lisi = await k.userRow('lisi');
    const res = await k.get(`/sys/user/userDepartList?userId=${lisi.id}`);
    expect(res.statusCode).toBe(200);
    const departs = res.json().result as { key: string; value: string; title: string }[];
    expect(departs.length).toBeGreaterThanOrEqual(2);
    for (const d of departs) expect(d).toEqual({ key: expect.any(String), value: d.key, title: expect.any(String) });
    const before = (await k.get(`/sys/user/queryById?id=${lisi.id}`)).json().result.selecteddeparts;
    expect(before.split(',').sort()).toEqual(departs.map((d) => d.key).sort());

    const [record] = (await clientList('/sys/user/list', 'id,username,realname', '&username=lisi')).json().result
      .records;
    const roles = (await k.get(`/sys/user/queryUserRole?userid=${lisi.id}`)).json().result as string[];
    const edit = await k.send('PUT', '/sys/user/edit', {
      ...record,
      avatar: record.avatar,
      selectedroles: roles.join(','),
      selecteddeparts: departs.map((d) => d.key).join(','),
      identity: '1',
      departIds: '',
      post: '检测员',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    // An edit without any department field leaves them as they are, too.
    expect((await k.send('PUT', '/sys/user/edit', { id: lisi.id, realname: '李四', avatar: [] })).statusCode).toBe(200);
    const after = (await k.get(`/sys/user/queryById?id=${lisi.id}`)).json().result;
    expect(after.selecteddeparts.split(',').sort()).toEqual(before.split(',').sort());
    expect(after).toMatchObject({ post: '检测员', avatar: null });
  });

  it('refuses userDepartList without user:list, and for an unknown user', async () => {
    const lisi = await k.userRow('lisi');
    expect((await k.get(`/sys/user/userDepartList?userId=${lisi.id}`, await t.login('zhangsan'))).statusCode).toBe(403);
    const unknown = await k.get('/sys/user/userDepartList?userId=0123456789abcdef0123456789abcdef');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(USER_MSG.userNotFound);
  });

  it("resets a password under the client's spelling changePassword as under changPassword", async () => {
    await k.addUser('compat_pw');
    const res = await k.send('PUT', '/sys/user/changePassword', {
      username: 'compat_pw',
      password: 'Reset0pass',
      confirmpassword: 'Reset0pass',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USER_MSG.passwordReset);
    expect((await k.userRow('compat_pw')).mustChangePassword).toBe(true);
    const zhangsan = await t.login('zhangsan');
    expect(
      (
        await k.send(
          'PUT',
          '/sys/user/changePassword',
          { username: 'compat_pw', password: 'Reset0pass', confirmpassword: 'Reset0pass' },
          zhangsan,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe(`calls of the original client outside SPEC (${TEST_DB})`, () => {
  it('switches the login department with PUT /sys/selectDepart as with POST', async () => {
    const token = await t.login('lisi');
    const { list, orgCode } = (await k.get('/sys/user/getCurrentUserDeparts', token)).json().result;
    const other = list.find((d: { orgCode: string }) => d.orgCode !== orgCode);
    const put = await k.send('PUT', '/sys/selectDepart', { orgCode: other.orgCode, username: 'lisi' }, token);
    expect(put.statusCode).toBe(200);
    expect(put.json().result.userInfo.orgCode).toBe(other.orgCode);
    const bad = await k.send('PUT', '/sys/selectDepart', { orgCode: 'A09', username: 'lisi' }, token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(MSG.departNotMine);
  });

  it('answers the recycle bins, department permissions and positions with empty results', async () => {
    const depart = await k.departId('A01');
    for (const url of [
      '/sys/user/recycleBin',
      '/sys/dict/deleteList',
      `/sys/permission/queryDepartPermission?departId=${depart}`,
    ]) {
      const res = await k.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json(), url).toMatchObject({ success: true, result: [] });
    }
    const zhangsan = await t.login('zhangsan');
    const positions = await k.get('/sys/position/list?_t=1&pageNo=1&pageSize=10', zhangsan);
    expect(positions.json()).toMatchObject({ success: true, result: { records: [], total: 0 } });
    for (const url of ['/sys/user/recycleBin', '/sys/dict/deleteList', '/sys/permission/queryDepartPermission']) {
      expect((await k.get(url, zhangsan)).statusCode, url).toBe(403);
    }
  });

  it("answers announcement queryById with the list's time format", async () => {
    const id = (
      await k.send('POST', '/sys/annountCement/add', {
        titile: '兼容：时间格式',
        msgContent: '<p>x</p>',
        msgCategory: '1',
        msgType: 'ALL',
        priority: 'M',
      })
    ).json().result;
    await k.get(`/sys/annountCement/doReleaseData?id=${id}`);
    const one = (await k.get(`/sys/annountCement/queryById?id=${id}`)).json().result;
    const listed = (await k.get(`/sys/annountCement/list?titile=${encodeURIComponent('兼容：时间格式')}`)).json().result
      .records[0];
    expect(one.createTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(one.sendTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(one).toEqual(listed);
  });
});

describe(`login image captcha (${TEST_DB})`, () => {
  const image = (key: string) => t.app.inject({ method: 'GET', url: api(`/sys/randomImage/${key}?_t=1`) });
  const login = (payload: object) =>
    t.app.inject({
      method: 'POST',
      url: api('/sys/login'),
      payload: { username: 'zhangsan', password: 'Lims@2026', ...payload },
    });
  /** The answer of the image issued for `key`, found from its stored hash (4 digits: 10 000 tries). */
  const answerOf = async (key: string) => {
    const [row] = await t.database.db.select().from(loginCaptchas).where(eq(loginCaptchas.checkKey, key));
    for (let n = 0; n < 10_000; n++) {
      const code = String(n).padStart(4, '0');
      if (createHash('sha256').update(`${key}:${code}`).digest('hex') === row.codeHash) return code;
    }
    throw new Error('no answer');
  };

  it('serves a PNG data URL per key, and checks the answer at login when the client sends one', async () => {
    const key = String(Date.now());
    const res = await image(key);
    expect(res.statusCode).toBe(200);
    const url: string = res.json().result;
    expect(url).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(url.slice(url.indexOf(',') + 1), 'base64');
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([105, 35]);

    const answer = await answerOf(key);
    const wrong = await login({ captcha: answer === '0000' ? '1111' : '0000', checkKey: Number(key) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('验证码错误');
    const reused = await login({ captcha: answer, checkKey: Number(key) });
    expect(reused.json().message, 'one attempt per image').toBe('验证码已失效，请点击图片刷新');

    const key2 = `${key}2`;
    await image(key2);
    const good = await login({ captcha: await answerOf(key2), checkKey: Number(key2) });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().result.token).toEqual(expect.any(String));
    expect((await login({ captcha: '1234', checkKey: 'never-issued' })).json().message).toBe(
      '验证码已失效，请点击图片刷新',
    );
    expect((await login({ captcha: '', checkKey: key })).json().message).toBe('请输入验证码');
  });

  it('still signs in without a captcha (our own web client) and refuses a malformed key', async () => {
    expect((await login({})).statusCode).toBe(200);
    const bad = await image('..%2F..%2Fetc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('参数 key 不正确');
  });

  it('limits the images one address may fetch in an hour (a row each), whichever instance serves them', async () => {
    const limits = t.app.config.rateLimits;
    const before = limits.captcha;
    limits.captcha = { max: 3, windowMs: 3_600_000 };
    try {
      const from = (remoteAddress: string, key: string) =>
        t.app.inject({ method: 'GET', url: api(`/sys/randomImage/${key}`), remoteAddress });
      for (let i = 0; i < 3; i++) expect((await from('203.0.113.7', `lim${i}`)).statusCode).toBe(200);
      const refused = await from('203.0.113.7', 'lim3');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/^验证码图片请求过于频繁，请 \d+ 分钟后再试$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      const stored = await t.database.db.select().from(loginCaptchas).where(eq(loginCaptchas.checkKey, 'lim3'));
      expect(stored, 'a refused request stores no image').toEqual([]);
      expect((await from('203.0.113.8', 'lim4')).statusCode, 'another address is not affected').toBe(200);
    } finally {
      limits.captcha = before;
    }
  });
});
