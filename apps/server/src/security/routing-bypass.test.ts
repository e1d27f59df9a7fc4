import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@lims/contracts';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';
import { concreteUrl } from './route-samples';

// A web build stand-in, so the history-mode fallback (index.html for unknown paths) is part of the test.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'lims-web-'));
const PAGE = '<!doctype html><title>LIMS</title><div id="root"></div>';
writeFileSync(path.join(webDist, 'index.html'), PAGE);

let t: TestApp;
let admin: string;
let origin: string;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: webDist });
  admin = await t.login('admin');
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

type Raw = { statusCode: number; headers: http.IncomingHttpHeaders; body: string };

/** A request over a real socket with the path exactly as written (inject() would normalise `..`). */
function raw(method: string, rawPath: string, token?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${origin}/`,
      { method, path: rawPath, agent: false, headers: token ? { 'x-access-token': token } : {} },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** No data: a 400/401/404 envelope, or the web app's page (the browser shows its 404), never JSON records. */
function expectNoData(res: Raw, what: string) {
  if (res.statusCode === 200) {
    expect(res.headers['content-type'], what).toMatch(/^text\/html/);
    expect(res.body, what).toBe(PAGE);
    return;
  }
  expect([400, 401, 404], `${what} → ${res.statusCode}`).toContain(res.statusCode);
  expect(JSON.parse(res.body), what).toMatchObject({ success: false, result: null });
}

describe(`tokens only in the header, except on upload/download URLs (${TEST_DB})`, () => {
  it('ignores ?token= on every route not marked queryToken', async () => {
    const routes = t.app.routeTable.filter((r) => r.access !== 'public' && !r.queryToken);
    expect(routes.length).toBeGreaterThan(100);
    for (const r of routes) {
      const url = concreteUrl(r.url);
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: `${url}${url.includes('?') ? '&' : '?'}token=${admin}`,
      });
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json().message).toBe(MSG.tokenInvalid);
    }
  });

  it('accepts ?token= on the export, template, download, label and image URLs', async () => {
    const marked = t.app.routeTable.filter((r) => r.queryToken).map((r) => r.url);
    expect(
      marked.every((u) =>
        /\/(exportXls|importExcel|importTemplate|upload|download\/\*|static\/\*|downloadFile|labels)$/.test(u),
      ),
      marked.join(' '),
    ).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: `/api/sys/user/exportXls?token=${admin}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });
});

const PROTECTED = [
  '/api/sys/user/list',
  '/api/sys/role/list',
  '/api/sys/log/list',
  '/api/gysgl/supplier/list',
  '/api/sys/user/queryById',
];

/** Spellings of a path that some servers resolve to the path itself while matching a filter against the text. */
function variants(p: string): string[] {
  const [, head, last] = /^(.*)\/([^/]+)$/.exec(p)!;
  return [
    `${p};jsessionid=ABC123`,
    `${p};.js`,
    `${p}.js`,
    `${p}.css`,
    `${p}/.js`,
    `${p}%3b.js`,
    `${p}/`,
    `${p}//`,
    p.toUpperCase(),
    `${head}/${last[0].toUpperCase()}${last.slice(1)}`,
    p.replace('/api/', '/API/'),
    p.replace('/api/', '/api//'),
    `/${p}`,
    p.replace('/api/', '/api/./'),
    p.replace('/api/', '/api/x/../'),
    p.replace('/api/', '/api/%2e/'),
    p.replace('/api/', '/api/x/%2e%2e/'),
    p.replace('/api/', '/api/%2E%2E/api/'),
    `${head}%2f${last}`,
    `${head}%2F${last}`,
    `${p}%00`,
    `${p}%20`,
    `${p}..;/`,
    `${head}/..;/${last}`,
    p.replace('/api/', '/api/sys/login/../../api/'),
    p.replace('/api/', '/api/sys/login/..;/../'),
    p.replace('/api/', '/api/sys/common/static/../../'),
    p.replace('/api/', '/api/sys/common/static/%2e%2e/%2e%2e/'),
    p.replace('/api/', '/api/sys/common/static/..%2f..%2f'),
    p.replaceAll('/', '\\'),
    p.replace('/api/', '/api\\'),
    `${p}%23`,
    `${p}%3F`,
    `/static/..${p}`,
    `/runtime-config.js/..${p}`,
    `/index.html/..${p}`,
  ];
}

describe(`path spellings never bypass authentication (${TEST_DB})`, () => {
  it('answers 401/404 (or the web page) without a token for every variant of protected paths', async () => {
    let tried = 0;
    for (const p of PROTECTED) {
      for (const v of variants(p)) {
        // (A HEAD answer may carry no body, so the parser's refusal of a path without a leading slash is not tried with HEAD.)
        for (const method of v.startsWith('/') ? ['GET', 'HEAD', 'POST'] : ['GET', 'POST']) {
          const res = await raw(method, v);
          tried++;
          if (method === 'HEAD') {
            expect(res.body, `${method} ${v}`).toBe('');
            expect([200, 400, 401, 404], `${method} ${v} → ${res.statusCode}`).toContain(res.statusCode);
            if (res.statusCode === 200) expect(res.headers['content-type']).toMatch(/^text\/html/);
          } else expectNoData(res, `${method} ${v}`);
        }
      }
    }
    expect(tried).toBeGreaterThan(500);
  });

  it('the router takes no spelling for the path itself: even with a valid token they answer no data', async () => {
    for (const v of variants('/api/sys/user/list')) expectNoData(await raw('GET', v, admin), v);
    expect(JSON.parse((await raw('GET', '/api/sys/user/list', admin)).body).result.records.length).toBeGreaterThan(0);
  });

  it('has no debug, actuator, report-designer, database-console or API-explorer routes of other stacks', async () => {
    const probes = [
      '/actuator',
      '/actuator/env',
      '/actuator/heapdump',
      '/actuator/health',
      '/druid/index.html',
      '/druid/login.html',
      '/druid/websession.json',
      '/jmreport/list',
      '/jmreport/view/1',
      '/jmreport/queryFieldBySql',
      '/h2-console',
      '/h2-console/login.do',
      '/swagger-resources',
      '/swagger-resources/configuration/ui',
      '/swagger-ui.html',
      '/v2/api-docs',
      '/v3/api-docs',
      '/doc.html',
      '/webjars/springfox-swagger-ui/index.html',
      '/jolokia/list',
      '/heapdump',
      '/.git/config',
      '/.env',
      '/WEB-INF/web.xml',
      '/api/actuator',
      '/api/actuator/env',
      '/api/druid/index.html',
      '/api/jmreport/list',
      '/api/h2-console',
      '/api/swagger-resources',
      '/api/v2/api-docs',
      '/api/sys/online/cgform/api/getData',
      '/api/sys/dict/queryTableData',
      '/api/sys/ng-alain/getDictItemsByTable',
      '/api/sys/sysDepart/queryTreeSync;.js',
      '/api/jeecg-boot/actuator/env',
      '/ACTUATOR/env',
      '/%61ctuator/env',
      '/actuator;/env',
    ];
    for (const p of probes) {
      for (const token of [undefined, admin]) {
        const res = token
          ? await t.as(token, { method: 'GET', url: p })
          : await t.app.inject({ method: 'GET', url: p });
        expect(res.statusCode, `${p} (${token ? 'admin' : 'anonymous'})`).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 404, message: MSG.notFound });
      }
    }
  });

  it('confines the public image route to stored images (traversal spellings are 404)', async () => {
    for (const p of [
      '/api/sys/common/static/../../../../etc/passwd',
      '/api/sys/common/static/%2e%2e/%2e%2e/etc/passwd',
      '/api/sys/common/static/..%2f..%2f..%2fetc%2fpasswd',
      '/api/sys/common/static/%252e%252e/etc/passwd',
      '/api/sys/common/static//etc/passwd',
      '/api/sys/common/static/temp/202401/..%5c..%5c..%5cetc%5cpasswd',
      '/api/sys/common/static/uploads/.tmp/x.part',
      '/api/sys/common/download/..%2f..%2fpackage.json',
    ]) {
      const res = await raw('GET', p, admin);
      expectNoData(res, p);
      expect(res.body).not.toMatch(/root:|"name"\s*:/);
    }
  });

  it('answers OPTIONS and other methods on API paths with a 404 envelope, never an Allow list or data', async () => {
    for (const method of ['OPTIONS', 'PATCH', 'TRACE', 'PROPFIND', 'SEARCH'] as const) {
      const res = await t.as(admin, { method, url: '/api/sys/user/list' });
      expect(res.statusCode, method).toBe(404);
      expect(res.headers.allow).toBeUndefined();
      if (method !== 'TRACE') expect(res.json()).toMatchObject({ success: false, code: 404 });
    }
  });
});
