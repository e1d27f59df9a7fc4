import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { SECRET_RE, kit } from './user.test-kit';

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

type Rec = Record<string, unknown>;
const usernames = (list: Rec[]) => list.map((r) => r.username).sort();

describe(`user form helpers (${TEST_DB})`, () => {
  it('queryUserRole answers the role ids of a user; 400 without userid; 403 without user:list', async () => {
    const lisi = await k.userRow('lisi');
    const res = await k.get(`/sys/user/queryUserRole?userid=${lisi.id}`);
    expect(res.json().result).toEqual([await k.roleId('lab')]);
    expect((await k.get('/sys/user/queryUserRole')).statusCode).toBe(400);
    expect((await k.get(`/sys/user/queryUserRole?userid=${lisi.id}`, zhangsan)).statusCode).toBe(403);
  });

  it('queryUserRoleMap maps a page of users to role names; bad ids 400; 403 without user:list', async () => {
    const [a, l] = [await k.userRow('admin'), await k.userRow('lisi')];
    const res = await k.get(`/sys/user/queryUserRoleMap?userIds=${a.id},${l.id},nosuchuser`);
    expect(res.json().result).toEqual({ [a.id]: ['管理员'], [l.id]: ['实验室人员'], nosuchuser: [] });
    expect((await k.get('/sys/user/queryUserRoleMap?userIds=%27%3B')).statusCode).toBe(400);
    expect((await k.get(`/sys/user/queryUserRoleMap?userIds=${a.id}`, zhangsan)).statusCode).toBe(403);
  });
});

describe('user pickers (any signed-in user)', () => {
  it('queryAllUserOfDepart: the direct members of a department, unpaged, no secrets', async () => {
    const res = await k.get(`/sys/user/queryAllUserOfDepart?depId=${await k.departId('A01')}`, zhangsan);
    expect(res.statusCode).toBe(200);
    expect(usernames(res.json().result)).toEqual(['admin']);
    expect(res.json().result[0]).toMatchObject({ realname: '管理员', departNames: '检测中心', sex_dictText: '男' });
    expect(res.json().result[0]).not.toHaveProperty('birthday');
    expect(res.body).not.toMatch(SECRET_RE);
    const missing = await k.get('/sys/user/queryAllUserOfDepart', zhangsan);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('请先选择部门');
  });

  it('queryUserByDepId: a department and its sub-departments, with list filters', async () => {
    const a01 = await k.departId('A01');
    const res = await k.get(`/sys/user/queryUserByDepId?id=${a01}`, zhangsan);
    expect(usernames(res.json().result)).toEqual([
      'admin',
      'lisi',
      'manager',
      'sunqi',
      'wangwu',
      'zhangsan',
      'zhaoliu',
      'zhouba',
    ]);
    const named = await k.get(`/sys/user/queryUserByDepId?id=${a01}&realname=${encodeURIComponent('*李*')}`, zhangsan);
    expect(usernames(named.json().result)).toEqual(['lisi']);
    expect((await k.get(`/sys/user/queryUserByDepId?id=${a01}&birthday=2000-01-01`, zhangsan)).statusCode).toBe(400);
    expect((await k.get('/sys/user/queryUserByDepId?id=nosuchdepart', zhangsan)).json().result).toEqual([]);
  });

  it('queryUserOfDepart: paged, department optional, realname/username fuzzy', async () => {
    const res = await k.get(
      `/sys/user/queryUserOfDepart?depId=${await k.departId('A01A07')}&realname=${encodeURIComponent('*李*')}`,
      zhangsan,
    );
    expect(res.json().result).toMatchObject({ total: 1, records: [{ username: 'lisi' }] });
    const all = await k.get('/sys/user/queryUserOfDepart?pageSize=2&username=*a*', zhangsan);
    expect(all.json().result.records).toHaveLength(2);
    expect(all.json().result.total).toBe(6);
    expect((await k.get('/sys/user/queryUserOfDepart?pageSize=0', zhangsan)).statusCode).toBe(400);
  });

  it('queryUserOfDepartAndRole: members of a department tree holding a role', async () => {
    const a01 = await k.departId('A01');
    const res = await k.get(
      `/sys/user/queryUserOfDepartAndRole?depId=${a01}&roleId=${await k.roleId('user')}`,
      zhangsan,
    );
    expect(usernames(res.json().result)).toEqual(['manager', 'wangwu', 'zhangsan']);
    const missing = await k.get(`/sys/user/queryUserOfDepartAndRole?depId=${a01}`, zhangsan);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('请先选择角色');
  });

  it('queryUserByRoleCode: paged users of a role code', async () => {
    const res = await k.get('/sys/user/queryUserByRoleCode?roleCode=user&pageSize=2', zhangsan);
    expect(res.json().result.total).toBe(3);
    expect(res.json().result.records).toHaveLength(2);
    expect((await k.get('/sys/user/queryUserByRoleCode?roleCode=nosuch', zhangsan)).json().result.total).toBe(0);
    expect((await k.get('/sys/user/queryUserByRoleCode', zhangsan)).statusCode).toBe(400);
  });

  it('queryByIds: briefs of the users asked for, in the order asked, for any signed-in user', async () => {
    const [lisi, admin0] = [await k.userRow('lisi'), await k.userRow('admin')];
    const res = await k.get(`/sys/user/queryByIds?ids=${lisi.id},nosuchuser,${admin0.id},${lisi.id}`, zhangsan);
    expect(res.statusCode).toBe(200);
    const result = res.json().result as Rec[];
    expect(result.map((u) => u.username)).toEqual(['lisi', 'admin']);
    expect(result[0]).toMatchObject({ id: lisi.id, realname: '李四', status_dictText: '正常' });
    expect(String(result[0].departNames).split(',').sort()).toEqual(['化学检测室', '环境检测实验室'].sort());
    expect(result[0]).not.toHaveProperty('birthday');
    expect(res.body).not.toMatch(SECRET_RE);
    expect((await k.get('/sys/user/queryByIds', zhangsan)).json().result).toEqual([]);
    expect((await k.get('/sys/user/queryByIds?ids=a%27or%271', zhangsan)).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/sys/user/queryByIds?ids=${lisi.id}` })).statusCode).toBe(
      401,
    );
  });

  it('queryAdminDepartAndRole: the caller’s own departments and roles', async () => {
    const lisi = await t.login('lisi');
    const res = await k.get('/sys/user/queryAdminDepartAndRole', lisi);
    const r = res.json().result;
    expect(r.orgCode).toBe('A01A07');
    expect(r.departs.map((d: Rec) => d.orgCode)).toEqual(['A01A03', 'A01A07']);
    expect(r.roles).toEqual([{ id: await k.roleId('lab'), roleName: '实验室人员', roleCode: 'lab' }]);
  });
});

describe(`the staff directory without user:list (${TEST_DB})`, () => {
  const CONTACT = ['phone', 'email', 'workNo', 'post'];
  const records = (body: { result: Rec[] | { records: Rec[] } }) =>
    Array.isArray(body.result) ? body.result : body.result.records;

  it('answers name and department only, on every picker read, to a user without user:list', async () => {
    const [a01, lisi] = [await k.departId('A01'), await k.userRow('lisi')];
    const urls = [
      `/sys/user/queryUserOfDepart?depId=${a01}`,
      `/sys/user/queryAllUserOfDepart?depId=${await k.departId('A01A07')}`,
      `/sys/user/queryUserByDepId?id=${a01}`,
      `/sys/user/queryUserOfDepartAndRole?depId=${a01}&roleId=${await k.roleId('lab')}`,
      '/sys/user/queryUserByRoleCode?roleCode=lab',
      `/sys/user/queryByIds?ids=${lisi.id}`,
    ];
    for (const url of urls) {
      const res = await k.get(url, zhangsan);
      expect(res.statusCode, url).toBe(200);
      const list = records(res.json());
      expect(list.length, url).toBeGreaterThan(0);
      for (const r of list) {
        expect(r, url).toMatchObject({ realname: expect.any(String), departNames: expect.any(String) });
        for (const f of CONTACT) expect(r, `${url} ${f}`).not.toHaveProperty(f);
      }
      expect(res.body, url).not.toContain(lisi.phone!);
      expect(res.body, url).not.toContain(lisi.email!);
    }
  });

  it('cannot search or sort the directory by a contact field', async () => {
    expect((await k.get(`/sys/user/queryUserOfDepart?phone=${encodeURIComponent('138*')}`, zhangsan)).statusCode).toBe(
      400,
    );
    expect((await k.get('/sys/user/queryUserOfDepart?column=email&order=asc', zhangsan)).statusCode).toBe(400);
  });

  it('still gives a 用户管理 reader the work contact', async () => {
    const lisi = await k.userRow('lisi');
    const res = await k.get(`/sys/user/queryByIds?ids=${lisi.id}`);
    expect(res.json().result[0]).toMatchObject({ phone: lisi.phone, email: lisi.email, workNo: lisi.workNo });
  });
});
