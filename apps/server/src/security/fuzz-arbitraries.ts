import fc from 'fast-check';
import type { ApiRoute } from '../plugins/auth';
import { fileUpload } from '../platform/files/multipart.fixture';
import { toDateTime } from '../platform/time';
import { concreteUrl, idForPath, schemaKeys, type SampleIds } from './route-samples';
import { PNG } from './sample-data';
import { WRITE_SAMPLES } from './write-samples';

/** Strings that have broken parsers, SQL builders and encoders elsewhere. */
const NASTY = [
  "'",
  "' or '1'='1",
  '1; drop table users; --',
  "'; select pg_sleep(5); --",
  '(select pg_sleep(5))',
  '1 and pg_sleep(5) is null',
  '%',
  '_',
  '\\',
  '*',
  '**',
  '*a*',
  '!',
  '!a',
  ',',
  'a,b',
  ',,,',
  '\u0000',
  '\ud800',
  '😀',
  'e\u0301',
  '\u202e',
  '{"$ne":1}',
  '[]',
  '{}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '-0',
  '0x1f',
  '__proto__',
  'constructor',
  'toString',
  '../../etc/passwd',
  '..%2f..%2f',
  '%00',
  '%E0%A4%A',
  '<script>alert(1)</script>',
  '${7*7}',
  '#{sys_user_code}',
  '2026-02-30',
  '2026-13-01 25:61:61',
  '9999-12-31 23:59:59',
  '0000-00-00',
  'createTime desc',
  'id;delete',
  'A01',
  'admin',
  'x'.repeat(5000),
  ' ',
  '',
];

/** A query or path value: nasty, random text, numbers, dates, or a real id. */
export const valueArb = (ids: SampleIds): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
    { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double()).map(String) },
    { weight: 1, arbitrary: fc.constantFrom(...Object.values(ids)) },
    {
      weight: 1,
      arbitrary: fc.date({ noInvalidDate: true }).map((d) => toDateTime(d.toISOString())!),
    },
  );

/** A JSON value of any shape (what a hostile client can put in a body field). */
const jsonValueArb = (ids: SampleIds): fc.Arbitrary<unknown> =>
  fc.oneof(
    { weight: 4, arbitrary: valueArb(ids) },
    { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
    { weight: 1, arbitrary: fc.array(valueArb(ids), { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  );

/** Keys the list routes understand, beyond their schema (filters, sorting, superQuery). */
const LIST_KEYS = [
  'pageNo',
  'pageSize',
  'column',
  'order',
  'field',
  'superQueryParams',
  'superQueryMatchType',
  'name',
  'code',
  'status',
  'createTime_begin',
  'createTime_end',
  'realname',
  'username',
  'titile',
  'projectNo',
  'dictCode',
  'logType',
  'keyWord',
];

const superQueryArb = (ids: SampleIds) =>
  fc
    .record({
      field: fc.oneof(fc.constantFrom('name', 'code', 'createTime', 'status', 'id', 'password_hash'), fc.string()),
      rule: fc.oneof(
        fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le', 'in', 'like', 'left_like', 'right_like'),
        fc.string(),
      ),
      val: jsonValueArb(ids),
      type: fc.constantFrom('string', 'date', 'number', 'sel_search', 'list', undefined),
    })
    .map((item) => encodeURIComponent(JSON.stringify([item])));

/** Lone surrogates become U+FFFD, as a browser would send them (encodeURIComponent throws on them). */
const wellFormed = (s: string) =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

/** Valid bodies of the writes that are no create/edit, to mutate one field at a time. */
const OTHER_BASES: Record<string, (ids: SampleIds) => Record<string, unknown>> = {
  'POST /sys/login': () => ({ username: 'zhangsan', password: 'Wrong1234' }),
  'POST /sys/sms': () => ({ mobile: '13800000009', smsmode: '0' }),
  'POST /sys/phoneLogin': () => ({ mobile: '13800000009', captcha: '123456' }),
  'POST /sys/selectDepart': () => ({ orgCode: 'A01' }),
  'PUT /sys/user/updatePassword': () => ({
    username: 'admin',
    oldpassword: 'Wrong1234',
    password: 'Newpass123',
    confirmpassword: 'Newpass123',
  }),
  'POST /sys/user/updatePassword': () => ({
    username: 'admin',
    oldpassword: 'Wrong1234',
    password: 'Newpass123',
    confirmpassword: 'Newpass123',
  }),
  'PUT /sys/user/frozenBatch': (ids) => ({ ids: ids.user, status: 1 }),
  'PUT /sys/user/changPassword': () => ({ username: 'lisi', password: 'Passw0rd9', confirmpassword: 'Passw0rd9' }),
  'POST /sys/user/addSysUserRole': (ids) => ({ roleId: ids.role, userIdList: [ids.user] }),
  'POST /sys/permission/saveRolePermission': (ids) => ({
    roleId: ids.role,
    permissionIds: ids.permission,
    lastpermissionIds: '',
  }),
  'POST /sys/role/datarule': (ids) => ({ permissionId: ids.permission, roleId: ids.role, dataRuleIds: ids.dataRule }),
};

export type FuzzRequest = { method: string; url: string; payload?: unknown; headers?: Record<string, string> };

/** Random requests to one route: its query keys (or list keys), path parameters and body from its schema. */
export function requestArb(route: ApiRoute, ids: SampleIds): fc.Arbitrary<FuzzRequest> {
  const { keys, open } = schemaKeys(route.schema?.querystring);
  const queryKeys = open || /\/list$/.test(route.url) ? [...new Set([...keys, ...LIST_KEYS])] : keys;
  const queryArb = fc.dictionary(
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...(queryKeys.length ? queryKeys : ['x'])) },
      { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
    ),
    fc.oneof({ weight: 6, arbitrary: valueArb(ids) }, { weight: 1, arbitrary: superQueryArb(ids) }),
    { maxKeys: 6 },
  );
  const pathArb = fc.oneof(valueArb(ids), fc.constantFrom(ids.file, ids.imagePath, 'sex', 'users,username,id'));
  const bodyArb = bodyFor(route, ids);
  return fc.record({ query: queryArb, path: pathArb, body: bodyArb }).map(({ query, path, body }) => {
    const qs = new URLSearchParams(query).toString();
    const url = `${concreteUrl(route.url, encodeURIComponent(wellFormed(path || 'x')))}${qs ? `?${qs}` : ''}`;
    return { method: route.method, url, ...body };
  });
}

function bodyFor(
  route: ApiRoute,
  ids: SampleIds,
): fc.Arbitrary<{ payload?: unknown; headers?: Record<string, string> }> {
  if (route.method === 'GET' || route.method === 'DELETE') return fc.constant({});
  if (/\/(importExcel|upload)$/.test(route.url)) {
    return fc
      .record({
        name: fc.constantFrom(
          'a.xlsx',
          'a.xls',
          'a.csv',
          'a.png',
          'a.exe',
          '../../a.xlsx',
          'a.xlsx.php',
          '',
          'x'.repeat(300),
        ),
        content: fc.oneof(
          fc.uint8Array({ maxLength: 2000 }).map((b) => Buffer.from(b)),
          fc.constant(PNG),
          fc.constant(Buffer.from('PK\u0003\u0004garbage')),
        ),
      })
      .map(({ name, content }) => fileUpload(name, content));
  }
  const { keys } = schemaKeys(route.schema?.body);
  const key = `${route.method} ${route.url.replace(/^\/api/, '')}`;
  const sample = WRITE_SAMPLES[key];
  const valid = sample ? sample.body(ids, 1, { id: idForPath(route.url, ids) }) : (OTHER_BASES[key]?.(ids) ?? {});
  const fields = keys.length ? keys : ['x'];
  const random = fc.dictionary(fc.oneof(fc.constantFrom(...fields), fc.string({ maxLength: 10 })), jsonValueArb(ids), {
    maxKeys: 8,
  });
  // Mostly a valid body with one field made hostile (reaches the deep code), else a random object or not an object at all.
  const mutated = fc
    .record({ key: fc.constantFrom(...fields), value: jsonValueArb(ids) })
    .map(({ key, value }) => ({ ...valid, [key]: value }));
  return fc.oneof(
    { weight: 4, arbitrary: mutated.map((payload) => ({ payload })) },
    { weight: 3, arbitrary: random.map((payload) => ({ payload })) },
    {
      weight: 1,
      arbitrary: jsonValueArb(ids).map((v) => ({
        payload: JSON.stringify(v),
        headers: { 'content-type': 'application/json' },
      })),
    },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength: 200 }).map((s) => ({ payload: s, headers: { 'content-type': 'text/plain' } })),
    },
  );
}
