import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';

const webDist = mkdtempSync(path.join(os.tmpdir(), 'lims-web-'));
writeFileSync(
  path.join(webDist, 'index.html'),
  '<!doctype html><title>LIMS</title><script type="module" src="/assets/app.js"></script>',
);

/** Routes that fail the way bugs do: a database error carrying SQL, a thrown Error with a stack. */
const brokenRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/test-only/boom', { config: { access: 'login' } }, async () => {
    await app.db.execute(sql`select secret_column from no_such_table where id = ${'1'}`);
  });
  app.get('/test-only/throw', { config: { access: 'login' } }, async () => {
    throw new TypeError("Cannot read properties of undefined (reading 'passwordHash')");
  });
  // As the pg driver raises them, wrapped by the query builder (the SQLSTATE on the cause).
  app.get('/test-only/deadlock', { config: { access: 'login' } }, async () => {
    const cause = Object.assign(new Error('deadlock detected on relation samples'), { code: '40P01' });
    throw Object.assign(new Error('Failed query: update samples set status = $1', { cause }));
  });
};

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: webDist }, { extraModules: [brokenRoutes] });
  admin = await t.login('admin');
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const EVIL = 'https://evil.example';

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['referrer-policy'], what).toBe('same-origin');
  expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  const csp = String(res.headers['content-security-policy']);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toMatch(/script-src 'self'(;|$)/);
  expect(csp, what).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  expect(csp, what).toContain("object-src 'none'");
}

/** The envelope and nothing else: no stack, no SQL, no library or file names. */
function expectEnvelope(res: LightMyRequestResponse, status: number, what: string) {
  expect(res.statusCode, what).toBe(status);
  expect(res.headers['content-type'], what).toMatch(/^application\/json/);
  const body = res.json();
  expect(Object.keys(body).sort(), what).toEqual(['code', 'message', 'result', 'success', 'timestamp']);
  expect(body, what).toMatchObject({ success: false, code: status });
  expect(body.message, what).toMatch(/[\u4e00-\u9fa5]/);
  expect(res.body, what).not.toMatch(
    /\bat .+:\d+:\d+|node_modules|\/src\/|stack|select |insert |postgres|pglite|drizzle|fastify|zod|FST_|ERR_|Error:/i,
  );
}

describe(`security headers on pages and API answers (${TEST_DB})`, () => {
  it('sends nosniff, frame-ancestors, Referrer-Policy and a CSP without inline script everywhere', async () => {
    const answers: [string, LightMyRequestResponse][] = [
      ['page /', await t.app.inject({ url: '/' })],
      ['page /isystem/user', await t.app.inject({ url: '/isystem/user?redirect=/x' })],
      ['runtime config', await t.app.inject({ url: '/runtime-config.js' })],
      ['API answer', await t.as(admin, { url: '/api/sys/user/list' })],
      ['API 401', await t.app.inject({ url: '/api/sys/user/list' })],
      ['API 404', await t.app.inject({ url: '/api/nothing-here' })],
      ['API 400', await t.app.inject({ method: 'POST', url: '/api/sys/login', payload: {} })],
      ['export', await t.as(admin, { url: '/api/sys/dict/exportXls' })],
    ];
    for (const [what, res] of answers) expectSecurityHeaders(res, what);
    expect(answers[0][1].headers['content-type']).toMatch(/^text\/html/);
  });
});

describe(`CORS is closed (${TEST_DB})`, () => {
  it('grants no foreign origin, on simple requests or preflights', async () => {
    const simple = await t.as(admin, { url: '/api/sys/user/list', headers: { origin: EVIL } });
    expect(simple.statusCode).toBe(200);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/sys/user/list',
      headers: {
        origin: EVIL,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-access-token',
      },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/sys/login',
      headers: { origin: EVIL },
      payload: { username: 'admin', password: 'x' },
    });
    for (const res of [simple, preflight, login]) {
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      expect(res.headers['access-control-allow-headers']).toBeUndefined();
    }
    expect(preflight.statusCode).toBe(404);
  });
});

describe(`no open redirect (${TEST_DB})`, () => {
  it('never answers a redirect, whatever the redirect parameter says', async () => {
    for (const target of [
      EVIL,
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '%2F%2Fevil.example',
      'https:evil.example',
    ]) {
      for (const p of ['/', '/user/login', '/isystem/user', '/api/sys/login', '/assets', '/api/sys/common/static/x']) {
        const res = await t.app.inject({
          url: `${p}?redirect=${encodeURIComponent(target)}&url=${encodeURIComponent(target)}`,
        });
        expect(res.statusCode >= 300 && res.statusCode < 400, `${p} ${target} → ${res.statusCode}`).toBe(false);
        expect(res.headers.location).toBeUndefined();
      }
    }
    const post = await t.app.inject({
      method: 'POST',
      url: `/api/sys/login?redirect=${encodeURIComponent(EVIL)}`,
      payload: { username: 'admin', password: 'Lims@2026' },
    });
    expect(post.statusCode).toBe(200);
    expect(post.headers.location).toBeUndefined();
    expect(post.body).not.toContain('evil.example');
  });
});

describe(`every error is the envelope (${TEST_DB})`, () => {
  const send = (opts: InjectOptions) => t.as(admin, opts);

  it('bad JSON, empty JSON, a JSON that is not an object, prototype keys', async () => {
    const json = { 'content-type': 'application/json' };
    expectEnvelope(
      await send({ method: 'POST', url: '/api/sys/dict/add', headers: json, payload: '{"dictName": "x",' }),
      400,
      'truncated JSON',
    );
    expectEnvelope(
      await send({ method: 'POST', url: '/api/sys/dict/add', headers: json, payload: '' }),
      400,
      'empty JSON',
    );
    expectEnvelope(
      await send({ method: 'POST', url: '/api/sys/dict/add', headers: json, payload: '[1,2,3]' }),
      400,
      'array body',
    );
    expectEnvelope(
      await send({ method: 'POST', url: '/api/sys/dict/add', headers: json, payload: '"text"' }),
      400,
      'string body',
    );
    expectEnvelope(
      await send({ method: 'POST', url: '/api/sys/dict/add', headers: json, payload: 'null' }),
      400,
      'null body',
    );
    expectEnvelope(
      await send({
        method: 'POST',
        url: '/api/sys/dict/add',
        headers: json,
        payload: '{"__proto__":{"admin":true},"dictName":"x","dictCode":"y"}',
      }),
      400,
      '__proto__',
    );
    expectEnvelope(
      await send({
        method: 'POST',
        url: '/api/sys/dict/add',
        headers: json,
        payload: '{"constructor":{"prototype":{"admin":true}}}',
      }),
      400,
      'constructor.prototype',
    );
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    expectEnvelope(
      await send({ method: 'POST', url: '/api/sys/dict/add', headers: json, payload: `{"dictName":${deep}}` }),
      400,
      'deep nesting',
    );
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('huge bodies are 413 before they are read, huge queries and headers are refused cleanly', async () => {
    const big = JSON.stringify({ dictName: 'x'.repeat(3 * 1024 * 1024), dictCode: 'big' });
    expectEnvelope(
      await send({
        method: 'POST',
        url: '/api/sys/dict/add',
        headers: { 'content-type': 'application/json' },
        payload: big,
      }),
      413,
      '3 MB JSON',
    );
    expectEnvelope(
      await t.app.inject({
        method: 'POST',
        url: '/api/sys/login',
        headers: { 'content-type': 'application/json' },
        payload: big,
      }),
      413,
      '3 MB login',
    );
    const longQuery = await send({ url: `/api/sys/user/list?realname=${'a'.repeat(20_000)}` });
    expect(longQuery.statusCode).toBeLessThan(500);
    const manyParams = await send({
      url: `/api/sys/user/list?${Array.from({ length: 2000 }, (_, i) => `f${i}=1`).join('&')}`,
    });
    expectEnvelope(manyParams, 400, '2000 query params');
  });

  it('wrong content types are 415', async () => {
    for (const type of [
      'text/xml',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'application/json-patch+json',
      'multipart/form-data',
    ]) {
      const res = await send({
        method: 'POST',
        url: '/api/sys/dict/add',
        headers: { 'content-type': type },
        payload: '<a>1</a>',
      });
      expectEnvelope(res, type.startsWith('multipart') ? 400 : 415, type);
    }
    // text/plain is parsed (the unload beacon sends it), so the body check answers.
    expectEnvelope(
      await send({ method: 'POST', url: '/api/sys/dict/add', headers: { 'content-type': 'text/plain' }, payload: 'x' }),
      400,
      'text/plain',
    );
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/sys/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
    });
    expectEnvelope(xml, 415, 'XML login');
  });

  it('unknown methods and paths, bad percent-encoding, bad ids', async () => {
    for (const method of ['PATCH', 'PROPFIND', 'SEARCH', 'OPTIONS'] as const) {
      expectEnvelope(await send({ method, url: '/api/sys/dict/add' }), 404, method);
    }
    expectEnvelope(
      await send({ url: '/api/sys/user/queryById?id=%E0%A4%A' }),
      400,
      'bad percent-encoding in the query',
    );
    expectEnvelope(await send({ url: '/api/sys/dict/getDictItems/%E0%A4%A' }), 400, 'bad percent-encoding in the path');
    expectEnvelope(await send({ url: "/api/sys/user/queryById?id=1' or '1'='1" }), 400, 'SQL text as an id');
    expectEnvelope(await send({ url: '/api/sys/user/queryById?id[]=1&id[]=2' }), 400, 'array id');
  });

  it('a deadlock between two writers is a 409 asking to try again, without internals', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/test-only/deadlock' });
    expectEnvelope(res, 409, 'deadlock');
    expect(res.json().message).toBe(MSG.writeConflict);
    expect(res.body).not.toMatch(/samples|deadlock detected/);
  });

  it('a failure inside a handler is a 500 envelope without internals', async () => {
    for (const url of ['/api/test-only/boom', '/api/test-only/throw']) {
      const broken = await t.as(admin, { method: 'GET', url });
      expectEnvelope(broken, 500, url);
      expect(broken.json().message).toBe(MSG.serverError);
      expect(broken.body).not.toMatch(/secret_column|no_such_table|passwordHash/);
    }
  });
});
