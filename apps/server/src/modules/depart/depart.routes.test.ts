import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEPART_MSG, sortOrderMessage, type DepartTreeNode } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { sendDuring } from '../../../test/concurrent-tx';
import { departs, userDeparts, users } from '../../db/schema';

let t: TestApp;
let admin: string;
let zhangsan: string;
const api = (p: string) => `/api${p}`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  zhangsan = await t.login('zhangsan');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.as(token, { method: 'GET', url: api(url) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.as(token, { method, url: api(url), ...(payload ? { payload } : {}) });
const add = async (body: object, base = '/sysdepart/sysDepart') => {
  const res = await send('POST', `${base}/add`, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; orgCode: string };
};
const byCode = async (orgCode: string) =>
  (await t.database.db.select().from(departs).where(eq(departs.orgCode, orgCode)))[0];
const departCount = async () => (await t.database.db.select({ n: count() }).from(departs))[0].n;

describe(`department reads (${TEST_DB})`, () => {
  it('answers the whole tree with all columns, on both prefixes, to any signed-in user', async () => {
    const res = await get('/sysdepart/sysDepart/queryTreeList', zhangsan);
    expect(res.statusCode).toBe(200);
    const tree: DepartTreeNode[] = res.json().result;
    expect(tree.map((n) => n.orgCode)).toEqual(['A01', 'A02']);
    expect(tree[0]).toMatchObject({
      key: tree[0].id,
      value: tree[0].id,
      title: '检测中心',
      departName: '检测中心',
      isLeaf: false,
      orgCategory: '1',
      orgType: '1',
    });
    expect(tree[0].children!.map((c) => c.orgCode)).toEqual([
      'A01A01',
      'A01A02',
      'A01A03',
      'A01A04',
      'A01A05',
      'A01A06',
      'A01A07',
    ]);
    expect(tree[0].children![0]).toMatchObject({ isLeaf: true, parentId: tree[0].id, orgType: '2' });
    expect(tree[0].children![0].children).toBeUndefined();
    const legacy = await get('/sys/sysDepart/queryTreeList', zhangsan);
    expect(legacy.json().result).toEqual(tree);
  });

  it('answers the id tree with key, value and title only', async () => {
    const tree = (await get('/sysdepart/sysDepart/queryIdTree', zhangsan)).json().result;
    expect(Object.keys(tree[0]).sort()).toEqual(['children', 'isLeaf', 'key', 'title', 'value']);
    expect(tree[1]).toMatchObject({ title: '分析测试分公司', isLeaf: false });
  });

  it('searches by name (literal contains) as a flat list', async () => {
    const found = (await get(`/sys/sysDepart/searchBy?keyWord=${encodeURIComponent('检测')}`, zhangsan)).json()
      .result as DepartTreeNode[];
    expect(found.map((d) => d.departName).sort()).toEqual(
      ['化学检测室', '微生物检测室', '检测中心', '物理检测室', '环境检测实验室'].sort(),
    );
    expect(found.find((d) => d.orgCode === 'A01')!.isLeaf).toBe(false);
    expect(found.find((d) => d.orgCode === 'A01A03')!.isLeaf).toBe(true);
    expect((await get('/sys/sysDepart/searchBy?keyWord=%25', zhangsan)).json().result).toEqual([]);
    const empty = await get('/sysdepart/sysDepart/searchBy?keyWord=', zhangsan);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(DEPART_MSG.keyWordRequired);
  });

  it('lists the top-level units as a list and as a page', async () => {
    const list = (await get('/sysdepart/sysDepart/queryCompanyList', zhangsan)).json().result;
    expect(list.map((d: { orgCode: string }) => d.orgCode)).toEqual(['A01', 'A02']);
    const page = (await get('/sysdepart/sysDepart/queryCompanyList2?pageSize=1', zhangsan)).json().result;
    expect(page.total).toBe(2);
    expect(page.records).toEqual([
      expect.objectContaining({ orgCode: 'A01', orgCategory_dictText: '公司', status_dictText: '启用' }),
    ]);
    expect((await get('/sysdepart/sysDepart/queryCompanyList2?nope=1', zhangsan)).statusCode).toBe(400);
  });

  it('pages the users of a department without secrets, for depart:list only', async () => {
    const a01a07 = await byCode('A01A07');
    const res = await get(`/sysdepart/sysDepart/queryDepartUsers?id=${a01a07.id}&pageNo=1&pageSize=10`);
    expect(res.statusCode).toBe(200);
    const { records, total } = res.json().result;
    expect(total).toBe(1);
    expect(records[0]).toMatchObject({
      username: 'lisi',
      realname: '李四',
      sex_dictText: '男',
      status_dictText: '正常',
    });
    expect(Object.keys(records[0]).some((k) => /password|failed|locked/i.test(k))).toBe(false);
    expect(
      (
        await get(`/sysdepart/sysDepart/queryDepartUsers?id=${a01a07.id}&username=${encodeURIComponent('*zhang*')}`)
      ).json().result.total,
    ).toBe(0);
    expect((await get('/sysdepart/sysDepart/queryDepartUsers')).statusCode).toBe(400);
    expect((await get('/sysdepart/sysDepart/queryDepartUsers?id=nosuchdepart')).statusCode).toBe(404);
    expect((await get(`/sys/sysDepart/queryDepartUsers?id=${a01a07.id}`, zhangsan)).statusCode).toBe(403);
  });
});

describe('POST add: org codes', () => {
  it('codes top levels and children by the rule, with types and categories', async () => {
    const top = await add({ departName: '第三分公司', mobile: '0510-1234567' });
    expect(top.orgCode).toBe('A03');
    expect(await byCode('A03')).toMatchObject({ parentId: null, orgType: '1', orgCategory: '1', createBy: 'admin' });
    const first = await add({ departName: '一部', parentId: top.id }, '/sys/sysDepart');
    const second = await add({ departName: '岗位', parentId: top.id, orgCategory: '3' });
    expect([first.orgCode, second.orgCode]).toEqual(['A03A01', 'A03A02']);
    expect(await byCode('A03A02')).toMatchObject({ parentId: top.id, orgType: '2', orgCategory: '3' });
    expect((await add({ departName: '一部一组', parentId: first.id })).orgCode).toBe('A03A01A01');
    expect((await add({ departName: '样品室', parentId: (await byCode('A01')).id })).orgCode).toBe('A01A08');
  });

  it('steps from A99 to B01 and refuses after Z99', async () => {
    const parent = await add({ departName: '满员公司' });
    await t.database.db.insert(departs).values({
      departName: '九十九',
      parentId: parent.id,
      orgCode: `${parent.orgCode}A99`,
      orgType: '2',
      orgCategory: '2',
    });
    expect((await add({ departName: '下一个', parentId: parent.id })).orgCode).toBe(`${parent.orgCode}B01`);
    expect((await add({ departName: '再下一个', parentId: parent.id })).orgCode).toBe(`${parent.orgCode}B02`);
    await t.database.db.insert(departs).values({
      departName: '最后',
      parentId: parent.id,
      orgCode: `${parent.orgCode}Z99`,
      orgType: '2',
      orgCategory: '2',
    });
    const before = await departCount();
    const full = await send('POST', '/sysdepart/sysDepart/add', { departName: '放不下', parentId: parent.id });
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe(DEPART_MSG.codesExhausted);
    expect(await departCount()).toBe(before);
  });

  it('gives 20 concurrent adds under one parent 20 distinct codes', async () => {
    const parent = await add({ departName: '并发公司' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        send('POST', '/sysdepart/sysDepart/add', { departName: `并发部门${i}`, parentId: parent.id }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const codes = results.map((r) => r.json().result.orgCode as string).sort();
    expect(new Set(codes).size).toBe(20);
    expect(codes).toEqual(Array.from({ length: 20 }, (_, i) => `${parent.orgCode}A${String(i + 1).padStart(2, '0')}`));
  });

  it('refuses bad input with a clear message and adds nothing', async () => {
    const before = await departCount();
    const a01 = await byCode('A01');
    const cases: [object, string][] = [
      [{ departName: '  ' }, DEPART_MSG.nameRequired],
      [{}, DEPART_MSG.nameRequired],
      [{ departName: 'x', parentId: 'nosuchparent' }, DEPART_MSG.parentNotFound],
      [{ departName: 'x', orgCategory: '2' }, DEPART_MSG.topMustBeCompany],
      [{ departName: 'x', parentId: a01.id, orgCategory: '1' }, DEPART_MSG.childNotCompany],
      [{ departName: 'x', parentId: a01.id, orgCategory: '9' }, DEPART_MSG.orgCategoryRequired],
      [{ departName: 'x', mobile: "1'; drop table departs;--" }, DEPART_MSG.mobileFormat],
      // 排序: never clamped or rounded, refused with the message.
      [{ departName: 'x', departOrder: -1 }, sortOrderMessage('排序')],
      [{ departName: 'x', departOrder: 2.5 }, sortOrderMessage('排序')],
      [{ departName: 'x', departOrder: 'abc' }, sortOrderMessage('排序')],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', '/sysdepart/sysDepart/add', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect((await send('POST', '/sysdepart/sysDepart/add', { departName: 'z' }, zhangsan)).statusCode).toBe(403);
    expect(await departCount()).toBe(before);
  });
});

describe('PUT edit', () => {
  it('edits the fields but never the parent or the org code', async () => {
    const d = await byCode('A01A05');
    const body = {
      id: d.id,
      departName: '微生物实验室',
      parentId: d.parentId,
      orgCode: d.orgCode,
      orgCategory: '2',
      departOrder: 9,
      memo: '备注',
      createBy: 'x',
    };
    const res = await send('PUT', '/sys/sysDepart/edit', body);
    expect(res.statusCode).toBe(200);
    expect(await byCode('A01A05')).toMatchObject({
      departName: '微生物实验室',
      departOrder: 9,
      memo: '备注',
      createBy: 'admin',
      updateBy: 'admin',
      parentId: d.parentId,
    });
    const moved = await send('PUT', '/sysdepart/sysDepart/edit', { ...body, parentId: (await byCode('A02')).id });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().message).toBe(DEPART_MSG.parentLocked);
    const recoded = await send('PUT', '/sysdepart/sysDepart/edit', { ...body, orgCode: 'B01' });
    expect(recoded.json().message).toBe(DEPART_MSG.orgCodeLocked);
    expect((await send('PUT', '/sysdepart/sysDepart/edit', { ...body, orgCategory: '1' })).json().message).toBe(
      DEPART_MSG.childNotCompany,
    );
    expect((await send('PUT', '/sysdepart/sysDepart/edit', { ...body, id: 'nosuchid' })).statusCode).toBe(404);
    expect((await send('PUT', '/sysdepart/sysDepart/edit', body, zhangsan)).statusCode).toBe(403);
    expect((await byCode('A01A05')).orgCode).toBe('A01A05');
  });
});

describe('DELETE delete and deleteBatch', () => {
  it('refuses while a department has children or users, naming how many', async () => {
    const a01 = await byCode('A01');
    const res = await send('DELETE', `/sysdepart/sysDepart/delete?id=${a01.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^部门「检测中心」下还有 8 个下级部门和 1 名用户/);
    const a01a07 = await byCode('A01A07');
    expect((await send('DELETE', `/sys/sysDepart/delete?id=${a01a07.id}`)).json().message).toMatch(/下还有 1 名用户，/);
    expect(await byCode('A01A07')).toBeDefined();
    expect((await send('DELETE', `/sysdepart/sysDepart/delete?id=${a01a07.id}`, undefined, zhangsan)).statusCode).toBe(
      403,
    );
  });

  it('deletes an empty department, and a batch holding a parent with its children', async () => {
    const parent = await add({ departName: '临时公司' });
    const child = await add({ departName: '临时部门', parentId: parent.id });
    const solo = await add({ departName: '独立部门', parentId: parent.id });
    const one = await send('DELETE', `/sysdepart/sysDepart/delete?id=${solo.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().result).toBe(1);
    const partial = await send('DELETE', `/sysdepart/sysDepart/deleteBatch?ids=${parent.id}`);
    expect(partial.statusCode).toBe(400);
    const both = await send('DELETE', `/sysdepart/sysDepart/deleteBatch?ids=${parent.id},${child.id},`);
    expect(both.statusCode).toBe(200);
    expect(both.json().result).toBe(2);
  });

  it('refuses the whole batch when one department still has users', async () => {
    const parent = await add({ departName: '有人公司' });
    const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'wangwu'));
    await t.database.db.insert(userDeparts).values({ userId: u.id, depId: parent.id });
    const empty = await add({ departName: '空公司' });
    const res = await send('DELETE', `/sysdepart/sysDepart/deleteBatch?ids=${empty.id},${parent.id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('「有人公司」下还有 1 名用户');
    expect(await byCode(empty.orgCode)).toBeDefined();
    expect((await send('DELETE', '/sysdepart/sysDepart/delete?id=nosuchid')).statusCode).toBe(404);
    expect((await send('DELETE', '/sysdepart/sysDepart/delete')).statusCode).toBe(400);
  });

  // Two admins at once (PostgreSQL): one puts a user into the department while the other deletes it.
  // The delete waits for the membership and is then refused; the user stays a member.
  it.skipIf(TEST_DB !== 'postgres')('refuses the delete when a user joins the department meanwhile', async () => {
    const dept = await add({ departName: '并发公司' });
    const [u] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'wangwu'));
    const { answer: res, waited } = await sendDuring(
      t.database.db,
      (tx) => tx.insert(userDeparts).values({ userId: u.id, depId: dept.id }),
      () => send('DELETE', `/sysdepart/sysDepart/delete?id=${dept.id}`),
    );
    expect(waited).toBe(true);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('「并发公司」下还有 1 名用户');
    expect(await byCode(dept.orgCode)).toBeDefined();
    const member = await t.database.db.select().from(userDeparts).where(eq(userDeparts.depId, dept.id));
    expect(member).toEqual([{ userId: u.id, depId: dept.id }]);
  });
});
