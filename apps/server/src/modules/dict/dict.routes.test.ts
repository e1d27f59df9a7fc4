import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DICT_MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../../test/build-test-app';
import { fileUpload } from '../../platform/files/multipart.fixture';
import { sheetRows, xlsxOf } from '../supplier/business.test-kit';

let t: TestApp;
let admin: string;
const api = (p: string) => `/api${p}`;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin) => t.as(token, { method: 'GET', url: api(url) });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.as(token, { method, url: api(url), ...(payload ? { payload } : {}) });

describe(`GET /sys/dict/list (${TEST_DB})`, () => {
  it('pages the seeded dictionaries with an exact total, newest first', async () => {
    const res = await get('/sys/dict/list?pageNo=1&pageSize=5');
    expect(res.statusCode).toBe(200);
    const { records, total } = res.json().result;
    expect(records).toHaveLength(5);
    expect(total).toBeGreaterThanOrEqual(20);
    expect(records[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        dictCode: expect.any(String),
        createTime: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      }),
    );
  });

  it('filters with the query rules and sorts on allowed columns only', async () => {
    const res = await get('/sys/dict/list?dictCode=sex');
    expect(res.json().result.records.map((r: { dictCode: string }) => r.dictCode)).toEqual(['sex']);
    const like = await get(`/sys/dict/list?dictName=${encodeURIComponent('*状态*')}&column=dictCode&order=asc`);
    const codes = like.json().result.records.map((r: { dictCode: string }) => r.dictCode);
    expect(codes.length).toBeGreaterThan(2);
    expect([...codes].sort()).toEqual(codes);
    const bad = await get('/sys/dict/list?column=password_hash');
    expect(bad.statusCode).toBe(400);
    const unknown = await get('/sys/dict/list?nope=1');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('nope');
  });

  it('is refused to a user without dict:list', async () => {
    const res = await get('/sys/dict/list', await t.login('zhangsan'));
    expect(res.statusCode).toBe(403);
  });
});

describe('dictionary writes', () => {
  it('adds, refuses a duplicate code, edits and deletes a dictionary with its items', async () => {
    const add = await send('POST', '/sys/dict/add', {
      dictName: '样品状态',
      dictCode: 'sample_status',
      description: '样品流转',
    });
    expect(add.statusCode).toBe(200);
    const id = add.json().result;
    const dup = await send('POST', '/sys/dict/add', { dictName: '重复', dictCode: 'sample_status' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(DICT_MSG.codeTaken);
    const missing = await send('POST', '/sys/dict/add', { dictName: '', dictCode: 'x1' });
    expect(missing.json().message).toBe(DICT_MSG.nameRequired);
    // A check without a message of its own: the shared Chinese text (contracts' zod-zh), after the field.
    const long = await send('POST', '/sys/dict/add', { dictName: '长'.repeat(101), dictCode: 'x2' });
    expect(long.json().message).toBe('dictName: 长度不能超过 100 个字符');
    const extra = await send('POST', '/sys/dict/add', { dictName: 'x', dictCode: 'x3', description: 5 });
    expect(extra.json().message).toBe('description: 格式不正确');
    const injected = await send('POST', '/sys/dict/add', { dictName: 'x', dictCode: "a'; drop table users;--" });
    expect(injected.statusCode).toBe(400);
    const edit = await send('PUT', '/sys/dict/edit', {
      id,
      dictName: '样品状态2',
      dictCode: 'sample_status',
      createBy: 'hacker',
    });
    expect(edit.statusCode).toBe(200);
    const one = (await get(`/sys/dict/queryById?id=${id}`)).json().result;
    expect(one).toMatchObject({ dictName: '样品状态2', createBy: 'admin', updateBy: 'admin' });
    const item = await send('POST', '/sys/dictItem/add', {
      dictId: id,
      itemText: '已接收',
      itemValue: '1',
      sortOrder: 1,
    });
    expect(item.statusCode).toBe(200);
    expect((await send('DELETE', `/sys/dict/delete?id=${id}`)).statusCode).toBe(200);
    expect((await get(`/sys/dict/queryById?id=${id}`)).statusCode).toBe(404);
    expect((await get(`/sys/dictItem/list?dictId=${id}`)).json().result.total).toBe(0);
  });

  it('batch-deletes and answers 404 for an unknown id', async () => {
    const a = (await send('POST', '/sys/dict/add', { dictName: 'A', dictCode: 'batch_a' })).json().result;
    const b = (await send('POST', '/sys/dict/add', { dictName: 'B', dictCode: 'batch_b' })).json().result;
    const res = await send('DELETE', `/sys/dict/deleteBatch?ids=${a},${b},`);
    expect(res.json().result).toBe(2);
    expect((await send('DELETE', '/sys/dict/delete?id=doesnotexist')).statusCode).toBe(404);
  });
});

describe('dictionary items and options', () => {
  it('keeps item values unique within a dictionary and serves options with disabled items flagged', async () => {
    const dictId = (await send('POST', '/sys/dict/add', { dictName: '颜色', dictCode: 'color' })).json().result;
    await send('POST', '/sys/dictItem/add', { dictId, itemText: '红', itemValue: 'r', sortOrder: 2 });
    const blue = (
      await send('POST', '/sys/dictItem/add', { dictId, itemText: '蓝', itemValue: 'b', sortOrder: 1 })
    ).json().result;
    const dup = await send('POST', '/sys/dictItem/add', { dictId, itemText: '红2', itemValue: 'r' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(DICT_MSG.itemValueTaken);
    const noText = await send('POST', '/sys/dictItem/add', { dictId, itemText: ' ', itemValue: 'g' });
    expect(noText.json().message).toBe(DICT_MSG.itemTextRequired);
    for (const sortOrder of [-3, 2.5]) {
      const bad = await send('POST', '/sys/dictItem/add', { dictId, itemText: '绿', itemValue: 'g', sortOrder });
      expect(bad.statusCode, String(sortOrder)).toBe(400);
      expect(bad.json().message).toBe('排序值应为 0 到 999999 之间的整数');
    }
    let options = (await get('/sys/dict/getDictItems/color')).json().result;
    expect(options).toEqual([
      { value: 'b', text: '蓝', title: '蓝' },
      { value: 'r', text: '红', title: '红' },
    ]);
    await send('PUT', '/sys/dictItem/edit', {
      id: blue,
      dictId,
      itemText: '蓝色',
      itemValue: 'b',
      sortOrder: 1,
      status: 0,
    });
    options = (await get('/sys/dict/getOptions/color')).json().result;
    expect(options[0]).toEqual({ value: 'b', text: '蓝色', title: '蓝色', disabled: true });
    const items = (await get(`/sys/dictItem/list?dictId=${dictId}`)).json().result.records;
    expect(items.map((i: { itemValue: string }) => i.itemValue)).toEqual(['b', 'r']);
    expect(items[0].status_dictText).toBe('不启用');
  });

  it('offers allow-listed table dictionaries and refuses credential columns and unknown tables', async () => {
    for (const endpoint of ['/sys/dict/getDictItems', '/sys/dict/getOptions']) {
      const users = (await get(`${endpoint}/sys_user,realname,username`)).json().result;
      expect(users).toEqual(expect.arrayContaining([{ value: 'admin', text: '管理员', title: '管理员' }]));
      for (const code of [
        'users,password_hash,id',
        'sessions,token_hash,id',
        'pg_user,usename,passwd',
        'users,realname',
        'users,realname,id,1=1',
      ]) {
        const res = await get(`${endpoint}/${encodeURIComponent(code)}`);
        expect(res.statusCode, `${endpoint} ${code}`).toBe(400);
      }
      const unknown = await get(`${endpoint}/no_such_dict`);
      expect(unknown.statusCode, endpoint).toBe(200);
      expect(unknown.json()).toMatchObject({ success: true, result: [] });
    }
  });

  it('answers the item list without a dictionary with an empty page (the original client loads it before choosing one)', async () => {
    for (const q of ['', '?dictId=', '?dictId=&pageNo=1&pageSize=10&column=createTime&order=desc']) {
      const res = await get(`/sys/dictItem/list${q}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json()).toMatchObject({ success: true, result: { records: [], total: 0 } });
    }
  });

  it('lets any signed-in user read options but only dict:refresh refresh the cache', async () => {
    const user = await t.login('zhangsan');
    expect((await get('/sys/dict/getDictItems/sex', user)).json().result).toHaveLength(2);
    expect((await get('/sys/dict/refleshCache', user)).statusCode).toBe(403);
    expect((await get('/sys/dict/refleshCache')).json().message).toBe(DICT_MSG.cacheRefreshed);
  });
});

describe('dictionary export and import', () => {
  const upload = (fileName: string, content: Buffer) => {
    const body = fileUpload(fileName, content);
    return t.as(admin, {
      method: 'POST',
      url: api('/sys/dict/importExcel'),
      payload: body.payload,
      headers: body.headers,
    });
  };

  it('exports 字典信息.xlsx of the current query', async () => {
    const paramsStr = encodeURIComponent(JSON.stringify({ dictCode: 'sex' }));
    const res = await get(`/sys/dict/exportXls?paramsStr=${paramsStr}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain(encodeURIComponent('字典信息.xlsx'));
    const rows = await sheetRows(res.rawPayload);
    expect(rows[0]).toEqual(['字典名称', '字典编码', '描述', '创建时间']);
    expect(rows.slice(1).map((r) => r[1])).toEqual(['sex']);
  });

  it('imports all rows or none: codes taken or repeated in the file are reported by row', async () => {
    const header = ['字典名称', '字典编码', '描述'];
    const bad = await upload(
      'dicts.xlsx',
      await xlsxOf([header, ['导入一', 'imp_one', ''], ['性别', 'sex', ''], ['导入二', 'imp_one', '']]),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().result.errors).toEqual([
      { row: 3, field: '字典编码', message: DICT_MSG.codeTaken },
      { row: 4, field: '字典编码', message: `${DICT_MSG.codeTaken}（与第 2 行重复）` },
    ]);
    expect((await get('/sys/dict/list?dictCode=imp_one')).json().result.total).toBe(0);

    const good = await upload(
      'dicts.xlsx',
      await xlsxOf([header, ['导入一', 'imp_one', '第一'], ['导入二', 'imp_two', '']]),
    );
    expect(good.statusCode, good.body).toBe(200);
    const list = (await get('/sys/dict/list?dictCode=imp_*&column=dictCode&order=asc')).json().result.records;
    expect(list).toMatchObject([
      { dictCode: 'imp_one', dictName: '导入一', description: '第一', createBy: 'admin' },
      { dictCode: 'imp_two' },
    ]);
    expect((await get('/sys/dict/getDictItems/imp_one')).json().result).toEqual([]);
  });
});
