import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { projects, users } from '../../db/schema';
import { projectKit } from '../project/project.test-kit';
import { addDays, todayIn } from '../../platform/time';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 180_000 });

let t: TestApp;
let admin: string;
let k: ReturnType<typeof projectKit>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  k = projectKit(t, () => admin);
});
afterAll(async () => {
  await t?.close();
});

type Rec = Record<string, unknown>;
const summary = async (token = admin) => {
  const res = await k.get('/dashboard/summary', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
};
const countOf = (s: { projectsByStatus: Rec[] }, status: string) =>
  Number(s.projectsByStatus.find((r) => r.status === status)?.count);

describe(`GET /dashboard/summary (${TEST_DB})`, () => {
  it('counts projects by status, every status listed, zeros included', async () => {
    const s = await summary();
    expect(s.projectsByStatus).toEqual([
      { status: '1', statusText: '待受理', count: 2 },
      { status: '2', statusText: '进行中', count: 4 },
      { status: '3', statusText: '已完成', count: 2 },
      { status: '4', statusText: '已归档', count: 1 },
      { status: '5', statusText: '已取消', count: 1 },
    ]);
    expect(s.projectTotal).toBe(10);
    const [archived] = await t.database.db.select({ id: projects.id }).from(projects).where(eq(projects.status, '4'));
    await k.send('DELETE', `/project/jcXmProject/delete?id=${archived.id}`);
    const after = await summary();
    expect(countOf(after, '4')).toBe(0);
    expect(after.projectsByStatus).toHaveLength(5);
  });

  it('lists open projects due within 7 days: a project due tomorrow appears, cancelled or later ones do not', async () => {
    const before = await summary();
    expect(before.dueProjects.map((p: Rec) => p.daysLeft)).toEqual([1, 3, 6]);
    const today = todayIn(t.config.timeZone);
    const tomorrow = addDays(today, 1);
    const manager = await k.ids.user('lisi');
    const due = await k.addProject({ name: '明天到期的项目', managerId: manager, startDate: today, dueDate: tomorrow });
    const cancelled = await k.addProject({ name: '明天到期但已取消', startDate: today, dueDate: tomorrow });
    await k.send('PUT', '/project/jcXmProject/edit', { ...(await k.detail(cancelled)), status: '5' });
    await k.addProject({ name: '八天后到期', dueDate: addDays(today, 8) });
    await k.addProject({ name: '今天到期', dueDate: today });

    const s = await summary(await t.login('zhangsan'));
    const mine = s.dueProjects.find((p: Rec) => p.id === due);
    expect(mine).toEqual({
      id: due,
      projectNo: expect.stringMatching(/^XM/),
      name: '明天到期的项目',
      dueDate: tomorrow,
      daysLeft: 1,
      status: '1',
      statusText: '待受理',
      managerName: '李四',
    });
    expect(s.dueProjects.map((p: Rec) => p.name)).not.toContain('明天到期但已取消');
    expect(s.dueProjects.map((p: Rec) => p.name)).not.toContain('八天后到期');
    expect(s.dueProjects[0]).toMatchObject({ name: '今天到期', daysLeft: 0 });
    expect(s.dueProjectTotal).toBe(before.dueProjectTotal + 2);
    expect(countOf(s, '1')).toBe(countOf(before, '1') + 3);
  });

  it("lists 我的待办: the signed-in manager's open projects, soonest due first, undated last", async () => {
    const lisi = await t.login('lisi');
    const before = await summary(lisi);
    expect(before.myTasks.length).toBeGreaterThan(0);
    expect(before.myTasks.every((p: Rec) => ['1', '2'].includes(String(p.status)))).toBe(true);
    const today = todayIn(t.config.timeZone);
    const manager = await k.ids.user('lisi');
    const soon = await k.addProject({ name: '我的今天到期任务', managerId: manager, dueDate: today });
    const undated = await k.addProject({ name: '我的无期限任务', managerId: manager });
    const done = await k.addProject({ name: '我的已取消任务', managerId: manager, dueDate: today });
    await k.send('PUT', '/project/jcXmProject/edit', { ...(await k.detail(done)), status: '5' });
    const others = await k.addProject({ name: '别人的任务', managerId: await k.ids.user('zhangsan'), dueDate: today });

    const s = await summary(lisi);
    const ids = s.myTasks.map((p: Rec) => p.id);
    expect(ids).toContain(soon);
    expect(ids).not.toContain(done);
    expect(ids).not.toContain(others);
    expect(s.myTaskTotal).toBe(before.myTaskTotal + 2);
    expect(s.myTasks.find((p: Rec) => p.id === soon)).toMatchObject({
      name: '我的今天到期任务',
      dueDate: today,
      daysLeft: 0,
      statusText: '待受理',
    });
    if (ids.includes(undated)) expect(ids.at(-1)).toBe(undated);
    const days = s.myTasks.map((p: Rec) => p.daysLeft).filter((d: unknown) => d !== null);
    expect([...days].sort((a, b) => a - b)).toEqual(days);
  });

  it('lists suppliers in use whose qualification expired or expires within 30 days', async () => {
    const s = await summary();
    expect(s.expiringSuppliers.map((r: Rec) => [r.code, r.daysLeft])).toEqual([
      ['GYS0004', -5],
      ['GYS0005', 7],
      ['GYS0003', 21],
    ]);
    const today = todayIn(t.config.timeZone);
    await k.send('POST', '/gysgl/supplier/add', {
      code: 'T-D30',
      name: '三十天',
      qualificationExpiry: addDays(today, 30),
      status: '1',
    });
    await k.send('POST', '/gysgl/supplier/add', {
      code: 'T-D31',
      name: '三十一天',
      qualificationExpiry: addDays(today, 31),
      status: '1',
    });
    const after = await summary();
    expect(after.expiringSuppliers.at(-1)).toMatchObject({
      code: 'T-D30',
      daysLeft: 30,
      qualificationExpiry: addDays(today, 30),
    });
    expect(after.expiringSupplierTotal).toBe(4);
  });

  it('answers project and supplier figures only to users who may read those lists', async () => {
    const add = await k.send('POST', '/sys/user/add', {
      username: 'dash_nobody',
      realname: '无业务权限',
      password: 'Dash@2026x',
      confirmpassword: 'Dash@2026x',
      selectedroles: '',
      selecteddeparts: '',
    });
    expect(add.statusCode, add.body).toBe(200);
    await t.database.db.update(users).set({ mustChangePassword: false }).where(eq(users.username, 'dash_nobody'));
    const nobody = await summary(await t.login('dash_nobody', 'Dash@2026x'));
    expect(nobody).toEqual({});

    const reader = await summary(await t.login('zhangsan'));
    expect(reader.projectsByStatus).toHaveLength(5);
    expect(reader.dueProjects).toBeInstanceOf(Array);
    expect(reader.expiringSuppliers).toBeInstanceOf(Array);
    expect(typeof reader.expiringSupplierTotal).toBe('number');
  });

  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/summary' })).statusCode).toBe(401);
  });
});
