import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { writeLog } from '../../platform/audit-log';

let t: TestApp;
let admin: string;
const api = (p: string) => `/api${p}`;

type LogRow = Record<string, unknown> & { logType: number; logContent: string; operateType: number | null };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
  await t.login('zhangsan');
  const add = await t.as(admin, {
    method: 'POST',
    url: api('/sys/dict/add'),
    payload: { dictName: '日志测试', dictCode: 'log_probe' },
  });
  expect(add.statusCode).toBe(200);
  await writeLog(t.app.db, {
    logType: 2,
    content: '用户管理-修改密码 100%_done',
    operateType: 3,
    userid: 'admin',
    username: '管理员',
    ip: '10.0.0.9',
    method: 'PUT /api/sys/user/changPassword',
    requestParam: { body: { username: 'lisi', password: 'Secret123' } },
    costTime: 12,
  });
});
afterAll(async () => {
  await t?.close();
});

const list = async (query: string, token = admin) => {
  const res = await t.as(token, { method: 'GET', url: api(`/sys/log/list?${query}`) });
  return res;
};
const records = async (query: string): Promise<LogRow[]> => {
  const res = await list(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.records;
};

describe(`GET /sys/log/list (${TEST_DB})`, () => {
  it('shows the login log tab with dictionary texts, newest first', async () => {
    const rows = await records('logType=1&pageNo=1&pageSize=10');
    expect(rows.length).toBeGreaterThanOrEqual(2);
    for (const r of rows) expect(r).toMatchObject({ logType: 1, logType_dictText: '登录日志' });
    // 耗时(毫秒) is filled for login entries too (written by the login handler, not the operation hook).
    for (const r of rows) expect(typeof r.costTime, r.logContent).toBe('number');
    expect(rows.map((r) => r.userid)).toEqual(expect.arrayContaining(['admin', 'zhangsan']));
    const times = rows.map((r) => r.createTime as string);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows the operation log tab with operation type, method and masked params', async () => {
    const rows = await records('logType=2');
    const dictAdd = rows.find((r) => r.logContent === '数据字典-添加')!;
    expect(dictAdd).toMatchObject({
      operateType: 2,
      operateType_dictText: '添加',
      userid: 'admin',
      username: '管理员',
      method: 'POST /api/sys/dict/add',
    });
    expect(typeof dictAdd.costTime).toBe('number');
    expect(dictAdd.requestParam).toContain('日志测试');
    const pwd = rows.find((r) => r.logContent.startsWith('用户管理-修改密码'))!;
    expect(pwd.requestParam).toContain('******');
    expect(pwd.requestParam).not.toContain('Secret123');
    expect((await records('logType=2&operateType=3')).every((r) => r.operateType === 3)).toBe(true);
  });

  it('searches the content literally and by creation time', async () => {
    expect((await records(`keyWord=${encodeURIComponent('字典')}`)).map((r) => r.logContent)).toEqual([
      '数据字典-添加',
    ]);
    expect(await records(`keyWord=${encodeURIComponent('100%_')}`)).toHaveLength(1);
    expect(await records(`keyWord=${encodeURIComponent('%')}&logType=1`)).toHaveLength(0);
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Shanghai' }).format(new Date());
    expect(
      (await records(`createTime_begin=${today}&createTime_end=${today}&pageSize=100`)).length,
    ).toBeGreaterThanOrEqual(4);
    expect(await records('createTime_begin=2999-01-01')).toHaveLength(0);
    expect(await records('userid=zhangsan&logType=1&field=id,userid')).toEqual([
      expect.objectContaining({ userid: 'zhangsan' }),
    ]);
  });

  it('refuses unknown fields and bad values with a message naming them', async () => {
    const unknown = await list('password=1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('password');
    const bad = await list('logType=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('logType');
    expect((await list('keyWord=a&keyWord=b')).statusCode).toBe(400);
    expect((await list(`keyWord=${'x'.repeat(101)}`)).statusCode).toBe(400);
    expect((await list('column=requestParam')).statusCode).toBe(400);
  });

  it('has written the entry of every answered write once operationLogsWritten resolves (it is written after the answer)', async () => {
    const added = async () =>
      (await records('logType=2&pageSize=100')).filter((r) => r.logContent === '数据字典-添加').length;
    const before = await added();
    const res = await t.app.inject({
      method: 'POST',
      url: api('/sys/dict/add'),
      headers: { 'x-access-token': admin },
      payload: { dictName: '日志等待', dictCode: 'log_wait' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.operationLogsWritten();
    expect(await added()).toBe(before + 1);
  });

  it('is refused to a user without log:list', async () => {
    expect((await list('logType=1', await t.login('zhangsan'))).statusCode).toBe(403);
  });
});
