import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';

// Hundreds of payloads through every list: minutes, not seconds, on a busy machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

/**
 * SQL and NoSQL payloads through the HTTP API, against every list and check endpoint and every
 * place a name reaches the query (filter value, sort column, order, field list, superQuery,
 * dictionary code, duplicate-check table and field): 400 or no rows, never a 500, never a delay.
 * (The list engine has its own, deeper corpus: platform/list-query/injection.test.ts.)
 */
const PAYLOADS = [
  "' or '1'='1",
  "1' or 1=1 --",
  "') or ('1'='1",
  "'; drop table users; --",
  '1; delete from suppliers',
  "' union select username, password_hash from users --",
  "'; select pg_sleep(5); --",
  '1 and pg_sleep(5) is null',
  "'||pg_sleep(5)||'",
  '(select pg_sleep(5))',
  "x' /*",
  '*/ or 1=1 /*',
  '$1',
  "E'\\x27'",
  '{"$ne":null}',
  '{"$gt":""}',
  '{"$where":"sleep(5000)"}',
  '[$ne]=1',
  "admin'--",
  'password_hash',
  'users.password_hash',
  '1=1',
  'true',
];

/** List routes with a text field each (filter values must match literally: no row is named like a payload). */
const LISTS: [string, string][] = [
  ['/sys/user/list', 'realname'],
  ['/sys/role/list', 'roleName'],
  ['/sys/dict/list', 'dictName'],
  ['/sys/log/list?logType=1', 'logContent'],
  ['/sys/annountCement/list', 'titile'],
  ['/sys/sysAnnouncementSend/getMyAnnouncementSend', 'titile'],
  ['/gysgl/supplier/list', 'name'],
  ['/khgl/unit/queryUnits', 'name'],
  ['/project/jcXmProject/list', 'name'],
];

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
});

async function probe(url: string) {
  const t0 = performance.now();
  const res = await t.as(admin, { method: 'GET', url: `/api${url}` });
  const ms = performance.now() - t0;
  expect(res.statusCode, `${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
  expect([200, 400, 404], url).toContain(res.statusCode);
  expect(ms, `${url} took ${Math.round(ms)} ms`).toBeLessThan(4500);
  expect(res.body, url).not.toMatch(/\$argon2|password_?hash"\s*:/i);
  return res;
}

const join = (base: string, q: string) => `${base}${base.includes('?') ? '&' : '?'}${q}`;

describe(`SQL and NoSQL payloads through the API (${TEST_DB})`, () => {
  it('as filter values they match nothing', async () => {
    for (const [list, field] of LISTS) {
      for (const p of PAYLOADS) {
        const res = await probe(join(list, `${field}=${encodeURIComponent(p)}`));
        if (res.statusCode === 200) expect(res.json().result.total, `${list} ${field}=${p}`).toBe(0);
      }
    }
  });

  it('as sort columns, orders, field lists, range bounds and superQuery they are refused or ignored', async () => {
    for (const [list] of LISTS) {
      for (const p of PAYLOADS) {
        const e = encodeURIComponent(p);
        for (const q of [
          `column=${e}`,
          `column=createTime&order=${e}`,
          `field=id,${e}`,
          `createTime_begin=${e}`,
          `pageSize=${e}`,
          `superQueryParams=${encodeURIComponent(JSON.stringify([{ field: p, rule: 'eq', val: '1' }]))}`,
          `superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'createTime', rule: p, val: '1' }]))}`,
          `superQueryParams=${encodeURIComponent(JSON.stringify([{ field: 'createBy', rule: 'eq', val: p }]))}&superQueryMatchType=${e}`,
        ]) {
          await probe(join(list, q));
        }
      }
    }
  });

  it('as dictionary codes (plain and table form) and duplicate-check names they reach no SQL', async () => {
    for (const p of PAYLOADS) {
      const e = encodeURIComponent(p);
      for (const url of [
        `/sys/dict/getDictItems/${e}`,
        `/sys/dict/getOptions/${encodeURIComponent(`users,${p},id`)}`,
        `/sys/dict/getDictItems/${encodeURIComponent(`${p},username,id`)}`,
        `/sys/duplicate/check?tableName=${e}&fieldName=username&fieldVal=admin`,
        `/sys/duplicate/check?tableName=sys_user&fieldName=${e}&fieldVal=admin`,
        `/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=${e}`,
        `/sys/duplicate/check?tableName=sys_user&fieldName=username&fieldVal=x&dataId=${e}`,
        `/sys/duplicate/checkChild?tableName=sys_dict_item&fieldName=item_value&fieldVal=${e}&parentId=${e}`,
        `/sys/user/checkOnlyUser?username=${e}`,
        `/sys/user/queryUserByRoleCode?roleCode=${e}`,
        `/sysdepart/sysDepart/searchBy?keyWord=${e}`,
        `/gysgl/supplier/supplierList?keyword=${e}`,
        `/project/jcXmProject/queryProject?keyword=${e}`,
      ]) {
        const res = await probe(url);
        if (res.statusCode === 200 && Array.isArray(res.json().result)) expect(res.json().result, url).toEqual([]);
      }
    }
  });
});
