import net from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANNT_MSG, MSG, RICH_TEXT_MAX_CHARS } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';
import { announcements, users } from '../db/schema';
import { fileUpload } from '../platform/files/multipart.fixture';
import { LIMIT_MSG, MAX_JSON_DEPTH } from '../plugins/request-limits';

/**
 * Issue 13 (items 3, 4, 5, 11): what a client gets for bodies too deep, too large or too slow, for
 * rich text too large, and the cache and docs rules. One server in production mode with short
 * timeouts (1 s for a body, 4 s for a whole request), listening on a real port for the socket tests.
 */
let t: TestApp;
let admin: string;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ NODE_ENV: 'production', BODY_TIMEOUT_SECONDS: '1', REQUEST_TIMEOUT_SECONDS: '4' });
  admin = await t.login('admin');
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);
});
afterAll(async () => {
  await t?.close();
});

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0].n;
const announcementCount = async () => (await t.database.db.select({ n: count() }).from(announcements))[0].n;

type Exchange = { text: string; closedAfterMs: number | null };

/**
 * Opens a connection, writes `head`, then `drip` one piece every `everyMs` (forever when the
 * pieces run out: the last one again) until the server closes the connection or `deadlineMs` pass.
 */
function slowClient(
  head: string | Buffer,
  drip: (Buffer | string)[],
  everyMs: number,
  deadlineMs: number,
): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let i = 0;
    const timer = setInterval(() => {
      if (socket.writable) socket.write(drip[Math.min(i++, drip.length - 1)]);
    }, everyMs);
    const end = (closedAfterMs: number | null) => {
      clearInterval(timer);
      clearTimeout(deadline);
      socket.destroy();
      resolve({ text, closedAfterMs });
    };
    const deadline = setTimeout(() => end(null), deadlineMs);
    socket.on('data', (c) => (text += c.toString()));
    socket.on('close', () => end(Date.now() - started));
    socket.on('error', () => undefined);
    socket.write(head);
  });
}

const envelopeOf = (raw: string) =>
  JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { code: number; message: string; success: boolean };

describe(`JSON nesting and body sizes (${TEST_DB})`, () => {
  it('refuses deeply nested JSON before parsing it, anonymous or signed in, and creates nothing', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/sys/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":${nested(500)},"password":"x"}`,
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ success: false, code: 400, message: LIMIT_MSG.tooDeep });

    const before = await userCount();
    const deep = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
    const started = Date.now();
    const add = await t.as(admin, {
      method: 'POST',
      url: '/api/sys/user/add',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"deep_user","realname":"深","password":"Lims@2026a","confirmPassword":"Lims@2026a","workNo":"D1","extra":${deep}}`,
    });
    expect(add.statusCode).toBe(400);
    expect(add.json().message).toBe(LIMIT_MSG.tooDeep);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await userCount()).toBe(before);
  });

  it(`accepts nesting up to ${MAX_JSON_DEPTH} levels and brackets inside strings`, async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sys/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"no_such_user","password":"x${'[{'.repeat(50)}\\"]","extra":${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    // Parsed and checked: the answer is the sign-in's own.
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.badCredentials);
  });

  it('refuses a public body over 4 KB with 413 (a login is far smaller) and still signs in normally', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/sys/login',
      payload: { username: 'admin', password: 'x'.repeat(5_000) },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ success: false, code: 413, message: LIMIT_MSG.tooLarge });
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/sys/user/register',
      payload: { username: 'u'.repeat(5_000) },
    });
    expect(register.statusCode).toBe(413);
    expect(await t.login('zhangsan')).toMatch(/.{16,}/);
  });

  it('answers five 2 MB nested bodies on the public login at once, quickly, all 413', async () => {
    const body = `{"username":${nested(1_000_000)}}`;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/sys/login',
          headers: { 'content-type': 'application/json' },
          payload: body,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([413, 413, 413, 413, 413]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe(`rich text (${TEST_DB})`, () => {
  const add = (msgContent: string) =>
    t.as(admin, {
      method: 'POST',
      url: '/api/sys/annountCement/add',
      payload: { titile: '大通告', msgCategory: '1', msgType: 'ALL', priority: 'L', msgContent },
    });

  it('refuses content over the limit with 413 and its message, whether the body or the text is too large; stores nothing', async () => {
    const before = await announcementCount();
    const overText = await add(`<p>${'图'.repeat(RICH_TEXT_MAX_CHARS)}</p>`);
    expect(overText.statusCode).toBe(413);
    expect(overText.json()).toMatchObject({ success: false, code: 413, message: ANNT_MSG.contentTooLarge });
    const overBody = await add(`<p>${'x'.repeat(3 * 1024 * 1024)}</p>`);
    expect(overBody.statusCode).toBe(413);
    expect(overBody.json().message).toBe(ANNT_MSG.contentTooLarge);
    expect(await announcementCount()).toBe(before);
  });

  it('sanitises the 950 KB announcement of the report off the event loop: a request sent meanwhile is answered first', async () => {
    const content = '<p>t</p><img src=x>'.repeat(50_000);
    const order: string[] = [];
    const big = add(content).then((res) => {
      order.push('big');
      return res;
    });
    const deadline = Date.now() + 30_000;
    while (t.app.richText.pending() === 0 && Date.now() < deadline) await new Promise((r) => setImmediate(r));
    expect(t.app.richText.pending()).toBe(1);
    const small = await t.as(admin, { method: 'GET', url: '/api/sys/annountCement/list?pageSize=1' });
    order.push('small');
    expect(small.statusCode).toBe(200);
    const res = await big;
    expect(res.statusCode).toBe(200);
    expect(order).toEqual(['small', 'big']);
    const stored = (
      await t.as(admin, { method: 'GET', url: `/api/sys/annountCement/queryById?id=${res.json().result}` })
    ).json().result.msgContent;
    expect(stored).toBe('<p>t</p>'.repeat(50_000));
  });
});

describe(`slow clients are cut off (${TEST_DB})`, () => {
  it('closes a JSON body sent a byte at a time with 408 请求超时 after the body limit, signed in or not', async () => {
    const heads = [
      `POST /api/sys/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n\r\n{`,
      `POST /api/sys/user/add HTTP/1.1\r\nHost: localhost\r\nX-Access-Token: ${admin}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
    ];
    for (const head of heads) {
      const res = await slowClient(head, [' '], 200, 10_000);
      expect(res.closedAfterMs, 'the connection stayed open').not.toBeNull();
      expect(res.closedAfterMs!).toBeLessThan(4_000);
      expect(res.text).toMatch(/^HTTP\/1\.1 408 /);
      expect(envelopeOf(res.text)).toMatchObject({ success: false, code: 408, message: '请求超时' });
    }
  });

  it('closes a connection whose headers never end', async () => {
    const res = await slowClient(
      'GET /api/sys/user/list HTTP/1.1\r\nHost: localhost\r\n',
      ['X-Slow: 1\r\n'],
      200,
      15_000,
    );
    expect(res.closedAfterMs, 'the connection stayed open').not.toBeNull();
    expect(res.text).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('lets a signed-in upload take longer than the body limit, and ends one slower than the request limit', async () => {
    const { payload, headers } = fileUpload('慢速上传.txt', 'x'.repeat(3_000));
    const head =
      `POST /api/sys/common/upload HTTP/1.1\r\nHost: localhost\r\nX-Access-Token: ${admin}\r\n` +
      `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\nConnection: close\r\n\r\n`;
    // 10 pieces, 200 ms apart: 2 s, twice the body limit, half the request limit.
    const pieces = Array.from({ length: 10 }, (_, i) =>
      payload.subarray(Math.floor((i * payload.length) / 10), Math.floor(((i + 1) * payload.length) / 10)),
    );
    const ok = await slowClient(head, [...pieces, ''], 200, 15_000);
    expect(ok.text).toMatch(/^HTTP\/1\.1 200 /);
    expect(envelopeOf(ok.text)).toMatchObject({ success: true });

    // A byte every 200 ms of a 100 000-byte body never finishes: Node ends it at the request limit.
    const slow = await slowClient(
      head.replace(`Content-Length: ${payload.length}`, 'Content-Length: 100000') + payload.subarray(0, 200).toString(),
      ['x'],
      200,
      15_000,
    );
    expect(slow.closedAfterMs, 'the connection stayed open').not.toBeNull();
    expect(slow.closedAfterMs!).toBeGreaterThan(1_500);
    expect(slow.text).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe(`caching and the API document (${TEST_DB})`, () => {
  it('marks API answers no-store (200, 401, 404, 400); the web app\u2019s files keep their own cache rules', async () => {
    const answers: [string, { headers: Record<string, unknown> }][] = [
      ['200', await t.as(admin, { method: 'GET', url: '/api/sys/user/list' })],
      ['401', await t.app.inject({ method: 'GET', url: '/api/sys/user/list' })],
      ['404', await t.app.inject({ method: 'GET', url: '/api/nothing-here' })],
      ['400', await t.app.inject({ method: 'POST', url: '/api/sys/login', payload: {} })],
    ];
    for (const [what, res] of answers) expect(res.headers['cache-control'], what).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/runtime-config.js' })).headers['cache-control']).toBe(
      'no-cache',
    );
  });

  it('gives the OpenAPI document only to a signed-in user in production', async () => {
    for (const url of ['/api/docs/json', '/api/docs/yaml']) {
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().message).toBe(MSG.tokenInvalid);
      expect(anonymous.body).not.toMatch(/annountCement|sys\/user/);
      const signedIn = await t.as(admin, { method: 'GET', url });
      expect(signedIn.statusCode, url).toBe(200);
      expect(signedIn.body).toContain('/api/sys/user/list');
    }
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.body).toContain('pro__Access-Token');
  });
});
