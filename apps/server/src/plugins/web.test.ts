import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_DB, type TestApp } from '../../test/build-test-app';

// A web build as `vite build` leaves it: assets with their .br and .gz copies beside them.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'lims-web-'));
const SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `第${i}行`))};\n`;
const PAGE =
  '<!doctype html><title>LIMS</title><script type="application/json" id="lims-config"></script><div id="root"></div>' +
  '<script type="module" src="/assets/app-1.js"></script>';
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), PAGE);
writeFileSync(path.join(webDist, 'assets/app-1.js'), SCRIPT);
writeFileSync(path.join(webDist, 'assets/app-1.js.br'), brotliCompressSync(SCRIPT));
writeFileSync(path.join(webDist, 'assets/app-1.js.gz'), gzipSync(SCRIPT));
writeFileSync(path.join(webDist, 'assets/plain-1.css'), 'body{margin:0}');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe(`the web app's files (${TEST_DB})`, () => {
  it('sends the brotli copy to a browser that accepts it, gzip to one that accepts only gzip, the file otherwise', async () => {
    const br = await get('/assets/app-1.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(SCRIPT) / 3);

    const gz = await get('/assets/app-1.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a file without compressed copies as it is, whatever the browser accepts', async () => {
    const res = await get('/assets/plain-1.css', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('body{margin:0}');
  });

  it('caches hashed assets for a year and the page never, and answers unknown paths with the page', async () => {
    expect((await get('/assets/app-1.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/gysgl/supplier');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root"></div><script type="module" src="/assets/app-1.js"></script>');
    expect((await get('/assets/missing-1.js', 'br')).statusCode).toBe(404);
  });

  it('puts the runtime configuration into the page (no script to wait for) and answers 304 to its ETag', async () => {
    const page = await get('/gysgl/supplier');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).not.toContain('/runtime-config.js');
    const block = /<script type="application\/json" id="lims-config">(.*?)<\/script>/.exec(page.body);
    expect(JSON.parse(block![1])).toMatchObject({ apiBase: '/api', staticRoutes: false });
    // The script serves the dev server's page (apps/web/vite.config.ts) and whoever asks for it.
    expect((await get('/runtime-config.js')).body).toBe(`window.__LIMS_CONFIG__=${block![1]};\n`);

    const br = await get('/isystem/dict', 'gzip, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(page.body);
    expect(br.headers.etag).toBe(page.headers.etag);

    const again = await t.app.inject({
      url: '/gysgl/supplier',
      headers: { 'if-none-match': String(page.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});
